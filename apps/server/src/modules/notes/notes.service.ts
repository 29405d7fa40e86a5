import {
  NOTE_ERRORS,
  type Note,
  type NoteListQuerySchema,
  type NoteModelType,
  type CreateNoteInputSchema,
  type UpdateNoteInputSchema,
} from '@recruitdesk/contracts/notes';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, can } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { displayName, type UserRow } from '../users/users.service';
import { findNoteTarget, noteTargetPermissions, type NoteTarget } from './note-targets';
export { countNotes, deleteNotesOf, insertNoteRows } from './notes.repository';
export { registerNoteTarget, type NoteTarget, type NoteTargetLookup, type NoteTargetPermissions } from './note-targets';
import {
  deleteNoteRow,
  findNoteRow,
  insertNoteRow,
  listNoteRows,
  summarizeNotes,
  updateNoteRow,
} from './notes.repository';
import type { NoteRow } from './notes.table';

const MODEL_LABELS: Record<NoteModelType, string> = {
  client: 'client',
  role: 'role',
  candidate: 'candidate',
  pipeline: 'pipeline',
  application: 'application',
  invoice: 'invoice',
};

/** The author or an owner may change a note (and only users who may write at all). */
function mayEdit(actor: UserRow, note: NoteRow): boolean {
  if (!can(actor, 'records.write')) return false;
  return note.authorId === actor.id || actor.userType.includes('owner');
}

export function toApiNote(row: NoteRow, actor: UserRow): Note {
  return {
    id: row.id,
    model_type: row.modelType as NoteModelType,
    object_id: row.objectId,
    body: row.body,
    pinned: row.pinned,
    author: { id: row.authorId, name: row.authorName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    edited_at: row.editedAt ? row.editedAt.toISOString() : null,
    can_edit: mayEdit(actor, row),
  };
}

async function requireTarget(deps: Deps, modelType: NoteModelType, objectId: number): Promise<NoteTarget> {
  const target = await findNoteTarget(deps.db, modelType, objectId);
  if (target === null) throw new AppError('NOTE_TARGET_NOT_FOUND', 404, NOTE_ERRORS.NOTE_TARGET_NOT_FOUND);
  return target;
}

/** A note's target as it is now, or its number when it is gone (the activity then has no scope). */
async function targetOrNumber(deps: Deps, note: NoteRow): Promise<NoteTarget> {
  return (
    (await findNoteTarget(deps.db, note.modelType as NoteModelType, note.objectId)) ?? {
      label: `#${note.objectId}`,
      scope: {},
    }
  );
}

const notFound = () => new AppError('NOTE_NOT_FOUND', 404, NOTE_ERRORS.NOTE_NOT_FOUND);
const notAuthor = () => new AppError('NOTE_NOT_AUTHOR', 403, NOTE_ERRORS.NOTE_NOT_AUTHOR);

export async function listNotes(
  deps: Deps,
  actor: UserRow,
  modelType: NoteModelType,
  objectId: number,
  query: z.output<typeof NoteListQuerySchema>,
) {
  assertCan(actor, noteTargetPermissions(modelType).read);
  const { label } = await requireTarget(deps, modelType, objectId);
  const { rows, count } = await listNoteRows(
    deps.db,
    modelType,
    objectId,
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return {
    notes: rows.map((row) => toApiNote(row, actor)),
    count,
    target: { model_type: modelType, object_id: objectId, label },
  };
}

export async function noteSummary(deps: Deps, actor: UserRow, modelType: NoteModelType, objectId: number) {
  assertCan(actor, noteTargetPermissions(modelType).read);
  await requireTarget(deps, modelType, objectId);
  const summary = await summarizeNotes(deps.db, modelType, objectId);
  return {
    count: summary.count,
    pinned_count: summary.pinnedCount,
    authors: summary.authors,
    latest: summary.latest ? toApiNote(summary.latest, actor) : null,
  };
}

export async function createNote(
  deps: Deps,
  actor: UserRow,
  modelType: NoteModelType,
  objectId: number,
  input: z.output<typeof CreateNoteInputSchema>,
): Promise<Note> {
  assertCan(actor, noteTargetPermissions(modelType).write);
  const { label, scope } = await requireTarget(deps, modelType, objectId);
  const row = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const note = await insertNoteRow(tx, {
      modelType,
      objectId,
      body: input.body,
      pinned: input.pinned,
      authorId: actor.id,
      authorName: displayName(actor),
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actor,
      verb: 'created',
      modelType: noteActivityType(modelType),
      objectId: note.id,
      summary: `Added a note to ${MODEL_LABELS[modelType]} ${label}`,
      scope,
    });
    return note;
  });
  return toApiNote(row, actor);
}

/** Notes on invoices are about invoices: their activity is owner-only (not a business record type). */
const noteActivityType = (target: string) => (target === 'invoice' ? 'invoice_note' : 'note');

async function requireEditableNote(deps: Deps, actor: UserRow, id: number): Promise<NoteRow> {
  assertCan(actor, 'records.write');
  const note = await findNoteRow(deps.db, id);
  // A note on a record the user may not read (an invoice's, for a recruiter) is as good as missing.
  if (!note || !can(actor, noteTargetPermissions(note.modelType).read)) throw notFound();
  assertCan(actor, noteTargetPermissions(note.modelType).write);
  if (!mayEdit(actor, note)) throw notAuthor();
  return note;
}

export async function updateNote(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof UpdateNoteInputSchema>,
): Promise<Note> {
  const note = await requireEditableNote(deps, actor, id);
  const { label, scope } = await targetOrNumber(deps, note);
  const row = await inTransaction(deps.db, async (tx) => {
    const values: Partial<NoteRow> = {};
    if (input.body !== undefined && input.body !== note.body) values.body = input.body;
    if (input.pinned !== undefined && input.pinned !== note.pinned) values.pinned = input.pinned;
    if (Object.keys(values).length === 0) return note;
    const now = deps.config.now();
    const updated = await updateNoteRow(tx, id, {
      ...values,
      updatedAt: now,
      ...(values.body !== undefined ? { editedAt: now } : {}),
    });
    if (!updated) throw notFound();
    const what = [
      values.body !== undefined ? 'Edited' : null,
      values.pinned === true ? 'Pinned' : values.pinned === false ? 'Unpinned' : null,
    ]
      .filter(Boolean)
      .join(' and ');
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: noteActivityType(note.modelType),
      objectId: id,
      summary: `${what} a note on ${MODEL_LABELS[note.modelType as NoteModelType] ?? note.modelType} ${label}`,
      scope,
    });
    return updated;
  });
  return toApiNote(row, actor);
}

export async function deleteNote(deps: Deps, actor: UserRow, id: number): Promise<void> {
  const note = await requireEditableNote(deps, actor, id);
  const { label, scope } = await targetOrNumber(deps, note);
  await inTransaction(deps.db, async (tx) => {
    await deleteNoteRow(tx, id);
    await recordActivity(tx, {
      actor,
      verb: 'deleted',
      modelType: noteActivityType(note.modelType),
      objectId: id,
      summary: `Deleted a note on ${MODEL_LABELS[note.modelType as NoteModelType] ?? note.modelType} ${label}`,
      scope,
    });
  });
}
