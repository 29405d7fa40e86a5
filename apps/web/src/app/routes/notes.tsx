import { useParams } from 'react-router';
import { StickyNote } from 'lucide-react';
import { NOTE_MODEL_TYPES, type NoteModelType } from '@recruitdesk/contracts/notes';
import { paths } from '@/config/paths';
import { useListNotesQuery } from '@/features/notes/api';
import { NotesPanel } from '@/features/notes/components/notes-panel';
import { BackLink, idParam, RecordError, useCanEdit } from './route-helpers';

const BACK: Partial<Record<NoteModelType, (id: number) => string>> = {
  client: (id) => paths.app.client.getHref(id),
  role: (id) => paths.app.role.getHref(id),
  candidate: (id) => paths.app.candidate.getHref(id),
};

function NotesPage({ modelType, objectId }: { modelType: NoteModelType; objectId: number }) {
  const editable = useCanEdit();
  const { data, error } = useListNotesQuery({ modelType, objectId });
  const back = BACK[modelType];
  if (error && 'status' in error && error.status === 404) return <RecordError icon={StickyNote} what="record" error={error} />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back ? <BackLink to={back(objectId)}>{`Back to ${data?.target.label ?? modelType}`}</BackLink> : null}
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
        Notes{data ? ` on ${data.target.label}` : ''}
      </h2>
      <NotesPanel target={{ modelType, objectId }} canWrite={editable} title="All notes" />
    </div>
  );
}

/** /clients/{clientId}/notes */
export function ClientNotesRoute() {
  const id = idParam(useParams().clientId);
  return id ? <NotesPage modelType="client" objectId={id} /> : <RecordError icon={StickyNote} what="client" error={null} />;
}

/** /roles/{roleId}/notes */
export function RoleNotesRoute() {
  const id = idParam(useParams().roleId);
  return id ? <NotesPage modelType="role" objectId={id} /> : <RecordError icon={StickyNote} what="role" error={null} />;
}

/** /notes/{modelType}/{objectId} */
export function GenericNotesRoute() {
  const { modelType, objectId } = useParams();
  const id = idParam(objectId);
  const type = (NOTE_MODEL_TYPES as readonly string[]).includes(modelType ?? '') ? (modelType as NoteModelType) : null;
  return id && type ? <NotesPage modelType={type} objectId={id} /> : <RecordError icon={StickyNote} what="record" error={null} />;
}

/** /roles/{roleId}/pipelines/{pipelineId}/notes */
export function PipelineNotesRoute() {
  const id = idParam(useParams().pipelineId);
  return id ? <NotesPage modelType="pipeline" objectId={id} /> : <RecordError icon={StickyNote} what="pipeline" error={null} />;
}

/** /roles/{roleId}/candidates/{candidateId}/notes: the candidate's notes, reached from the role. */
export function RoleCandidateNotesRoute() {
  const id = idParam(useParams().candidateId);
  return id ? <NotesPage modelType="candidate" objectId={id} /> : <RecordError icon={StickyNote} what="candidate" error={null} />;
}
