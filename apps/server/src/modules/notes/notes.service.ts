import {
  NOTE_ERRORS,
  type Note,
  type NoteListQuerySchema,
  type NoteModelType,
  type CreateNoteInputSchema,
  type UpdateNoteInputSchema,
} from '@recruitdesk/contracts/notes';
import { hasUserType } from '@recruitdesk/contracts/users';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, can } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { actorOf, displayName, type UserRow } from '../users/users.service';
import { noteTargetLabel } from './note-targets';
export { countNotes, deleteNotesOf, insertNoteRows } from './notes.repository';
import { deleteNoteRow, findNoteRow, insertNoteRow, listNoteRows, summarizeNotes, updateNoteRow } from './notes.repository';
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
  const who = actorOf(actor);
  if (!can(who, 'records.write')) return false;
  return note.authorId === actor.id || hasUserType(who, 'owner');
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
    can_edit: mayEdit(actor, row),
  };
}

async function requireTarget(deps: Deps, modelType: NoteModelType, objectId: number): Promise<string> {
  const label = await noteTargetLabel(deps.db, modelType, objectId);
  if (label === null) throw new AppError('NOTE_TARGET_NOT_FOUND', 404, NOTE_ERRORS.NOTE_TARGET_NOT_FOUND);
  return label;
}

const notFound = () => new AppError('NOTE_NOT_FOUND', 404, NOTE_ERRORS.NOTE_NOT_FOUND);
const notAuthor = () => new AppError('NOTE_NOT_AUTHOR', 403, NOTE_ERRORS.NOTE_NOT_AUTHOR);

export async function listNotes(deps: Deps, actor: UserRow, modelType: NoteModelType, objectId: number, query: z.output<typeof NoteListQuerySchema>) {
  assertCan(actorOf(actor), 'records.read');
  const label = await requireTarget(deps, modelType, objectId);
  const { rows, count } = await listNoteRows(deps.db, modelType, objectId, query.page_size, (query.page - 1) * query.page_size);
  return { notes: rows.map((row) => toApiNote(row, actor)), count, target: { model_type: modelType, object_id: objectId, label } };
}

export async function noteSummary(deps: Deps, actor: UserRow, modelType: NoteModelType, objectId: number) {
  assertCan(actorOf(actor), 'records.read');
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
  assertCan(actorOf(actor), 'records.write');
  const label = await requireTarget(deps, modelType, objectId);
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
    await recordActivity(tx, { actor, verb: 'created', modelType: 'note', objectId: note.id, summary: `Added a note to ${MODEL_LABELS[modelType]} ${label}` });
    return note;
  });
  return toApiNote(row, actor);
}

async function requireEditableNote(deps: Deps, actor: UserRow, id: number): Promise<NoteRow> {
  assertCan(actorOf(actor), 'records.write');
  const note = await findNoteRow(deps.db, id);
  if (!note) throw notFound();
  if (!mayEdit(actor, note)) throw notAuthor();
  return note;
}

export async function updateNote(deps: Deps, actor: UserRow, id: number, input: z.output<typeof UpdateNoteInputSchema>): Promise<Note> {
  const note = await requireEditableNote(deps, actor, id);
  const label = (await noteTargetLabel(deps.db, note.modelType as NoteModelType, note.objectId)) ?? `#${note.objectId}`;
  const row = await inTransaction(deps.db, async (tx) => {
    const values: Partial<NoteRow> = {};
    if (input.body !== undefined && input.body !== note.body) values.body = input.body;
    if (input.pinned !== undefined && input.pinned !== note.pinned) values.pinned = input.pinned;
    if (Object.keys(values).length === 0) return note;
    const updated = await updateNoteRow(tx, id, { ...values, ...(values.body !== undefined ? { updatedAt: deps.config.now() } : {}) });
    if (!updated) throw notFound();
    const what = [
      values.body !== undefined ? 'Edited' : null,
      values.pinned === true ? 'Pinned' : values.pinned === false ? 'Unpinned' : null,
    ]
      .filter(Boolean)
      .join(' and ');
    await recordActivity(tx, { actor, verb: 'updated', modelType: 'note', objectId: id, summary: `${what} a note on ${MODEL_LABELS[note.modelType as NoteModelType] ?? note.modelType} ${label}` });
    return updated;
  });
  return toApiNote(row, actor);
}

export async function deleteNote(deps: Deps, actor: UserRow, id: number): Promise<void> {
  const note = await requireEditableNote(deps, actor, id);
  const label = (await noteTargetLabel(deps.db, note.modelType as NoteModelType, note.objectId)) ?? `#${note.objectId}`;
  await inTransaction(deps.db, async (tx) => {
    await deleteNoteRow(tx, id);
    await recordActivity(tx, { actor, verb: 'deleted', modelType: 'note', objectId: id, summary: `Deleted a note on ${MODEL_LABELS[note.modelType as NoteModelType] ?? note.modelType} ${label}` });
  });
}
