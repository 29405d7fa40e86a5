import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notesTable, type NewNoteRow, type NoteRow } from './notes.table';

const target = (modelType: string, objectId: number) =>
  and(eq(notesTable.modelType, modelType), eq(notesTable.objectId, objectId));

/** Pinned first, then newest first. */
export async function listNoteRows(
  db: Db,
  modelType: string,
  objectId: number,
  limit: number,
  offset: number,
): Promise<{ rows: NoteRow[]; count: number }> {
  const rows = await db
    .select({ note: notesTable, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(notesTable)
    .where(target(modelType, objectId))
    .orderBy(desc(notesTable.pinned), desc(notesTable.createdAt), desc(notesTable.id))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0 && offset > 0) return { rows: [], count: await countNotes(db, modelType, objectId) };
  return { rows: rows.map((row) => row.note), count: rows[0]?.total ?? 0 };
}

export async function countNotes(db: Db, modelType: string, objectId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(notesTable).where(target(modelType, objectId));
  return row?.value ?? 0;
}

export interface NoteSummaryRow {
  count: number;
  pinnedCount: number;
  authors: { id: number | null; name: string }[];
  latest: NoteRow | null;
}

export async function summarizeNotes(db: Db, modelType: string, objectId: number): Promise<NoteSummaryRow> {
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      pinnedCount: sql<number>`(count(*) filter (where ${notesTable.pinned}))::int`.mapWith(Number),
    })
    .from(notesTable)
    .where(target(modelType, objectId));
  const authors = await db
    .selectDistinct({ id: notesTable.authorId, name: notesTable.authorName })
    .from(notesTable)
    .where(target(modelType, objectId))
    .orderBy(asc(notesTable.authorName), asc(notesTable.authorId));
  const [latest] = await db
    .select()
    .from(notesTable)
    .where(target(modelType, objectId))
    .orderBy(desc(notesTable.createdAt), desc(notesTable.id))
    .limit(1);
  return { count: totals?.count ?? 0, pinnedCount: totals?.pinnedCount ?? 0, authors, latest: latest ?? null };
}

export async function findNoteRow(db: Db, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notesTable).where(eq(notesTable.id, id)).limit(1);
  return row;
}

export async function insertNoteRow(db: Db, values: NewNoteRow): Promise<NoteRow> {
  const [row] = await db.insert(notesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertNoteRows(db: Db, values: NewNoteRow[]): Promise<void> {
  if (values.length) await db.insert(notesTable).values(values);
}

export async function updateNoteRow(db: Db, id: number, values: Partial<NewNoteRow>): Promise<NoteRow | undefined> {
  const [row] = await db.update(notesTable).set(values).where(eq(notesTable.id, id)).returning();
  return row;
}

export async function deleteNoteRow(db: Db, id: number): Promise<void> {
  await db.delete(notesTable).where(eq(notesTable.id, id));
}

/** Removes the notes of deleted records (call inside the deleting transaction). */
export async function deleteNotesOf(db: Db, modelType: string, objectIds: number[]): Promise<void> {
  if (objectIds.length === 0) return;
  await db.delete(notesTable).where(and(eq(notesTable.modelType, modelType), inArray(notesTable.objectId, objectIds)));
}
