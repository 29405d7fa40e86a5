import { paths } from '@/config/paths';
import type { NoteTarget } from '@/features/notes/api';
import { NotesPanel } from '@/features/notes/components/notes-panel';

/** A record page's notes card: the latest five, and a link to all of the record's notes (decision 027). */
export function RecordNotes({ target, canWrite }: { target: NoteTarget; canWrite: boolean }) {
  return (
    <NotesPanel
      target={target}
      canWrite={canWrite}
      limit={5}
      allNotesHref={paths.app.notes.getHref(target.modelType, target.objectId)}
    />
  );
}
