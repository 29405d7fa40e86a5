import type { NoteModelType } from '@recruitdesk/contracts/notes';
import type { Db } from '../../db/client';
import type { ActivityScope } from '../activity/activity.service';

/**
 * Finds the record notes are about: its name and what it hangs under (the scope of the notes' activity,
 * decision 029); null when it does not exist.
 */
export interface NoteTarget {
  label: string;
  scope: ActivityScope;
}
export type NoteTargetLookup = (db: Db, id: number) => Promise<NoteTarget | null>;

/**
 * The records notes can be attached to. Each record module registers its own lookup at start-up
 * (decision 008), so the notes module reads no other module's table; later issues add application and
 * invoice the same way. A model type without an entry answers 404 like a missing record.
 */
const NOTE_TARGETS: Partial<Record<NoteModelType, NoteTargetLookup>> = {};

export function registerNoteTarget(modelType: NoteModelType, lookup: NoteTargetLookup): void {
  NOTE_TARGETS[modelType] = lookup;
}

export async function findNoteTarget(db: Db, modelType: NoteModelType, id: number): Promise<NoteTarget | null> {
  const lookup = NOTE_TARGETS[modelType];
  return lookup ? lookup(db, id) : null;
}
