import type { NoteModelType } from '@recruitdesk/contracts/notes';
import type { Db } from '../../db/client';
import type { Action } from '../../lib/permissions';
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

/** Who may read and who may write a kind of record's notes: the business records' rules unless the record is narrower. */
export interface NoteTargetPermissions {
  read: Action;
  write: Action;
}
const RECORD_NOTE_PERMISSIONS: NoteTargetPermissions = { read: 'records.read', write: 'records.write' };

/**
 * The records notes can be attached to. Each record module registers its own lookup at start-up
 * (decision 008), so the notes module reads no other module's table; invoices register with owner-only
 * permissions. A model type without an entry answers 404 like a missing record.
 */
const NOTE_TARGETS: Partial<Record<NoteModelType, { lookup: NoteTargetLookup; permissions: NoteTargetPermissions }>> =
  {};

export function registerNoteTarget(
  modelType: NoteModelType,
  lookup: NoteTargetLookup,
  permissions: NoteTargetPermissions = RECORD_NOTE_PERMISSIONS,
): void {
  NOTE_TARGETS[modelType] = { lookup, permissions };
}

export function noteTargetPermissions(modelType: string): NoteTargetPermissions {
  return NOTE_TARGETS[modelType as NoteModelType]?.permissions ?? RECORD_NOTE_PERMISSIONS;
}

export async function findNoteTarget(db: Db, modelType: NoteModelType, id: number): Promise<NoteTarget | null> {
  const entry = NOTE_TARGETS[modelType];
  return entry ? entry.lookup(db, id) : null;
}
