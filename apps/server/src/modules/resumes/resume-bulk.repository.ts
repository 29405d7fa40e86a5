import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { usersTable } from '../users/users.table';
import { resumeBatchesTable, resumeDraftsTable, type ResumeBatchRow, type ResumeDraftRow } from './resume-bulk.table';

// Bulk resume uploads: batches and their drafts.

export type NewDraftRow = typeof resumeDraftsTable.$inferInsert;

export async function insertBatchRow(
  db: Db,
  values: typeof resumeBatchesTable.$inferInsert,
  drafts: Omit<NewDraftRow, 'batchId'>[],
): Promise<ResumeBatchRow> {
  const [batch] = await db.insert(resumeBatchesTable).values(values).returning();
  if (!batch) throw new Error('insert returned no row');
  if (drafts.length)
    await db.insert(resumeDraftsTable).values(drafts.map((draft) => ({ ...draft, batchId: batch.id })));
  return batch;
}

export async function setBatchColumns(
  db: Db,
  id: number,
  values: Partial<Pick<ResumeBatchRow, 'status' | 'jobId' | 'finishedAt'>>,
  onlyIfStatus?: string,
): Promise<void> {
  await db
    .update(resumeBatchesTable)
    .set(values)
    .where(
      onlyIfStatus === undefined
        ? eq(resumeBatchesTable.id, id)
        : and(eq(resumeBatchesTable.id, id), eq(resumeBatchesTable.status, onlyIfStatus)),
    );
}

export interface BatchWithCreator extends ResumeBatchRow {
  creatorFirstName: string | null;
  creatorLastName: string | null;
  creatorUsername: string | null;
  creatorEmail: string | null;
}

export async function findBatchRow(db: Db, id: number): Promise<BatchWithCreator | null> {
  const [row] = await db
    .select({
      id: resumeBatchesTable.id,
      status: resumeBatchesTable.status,
      refused: resumeBatchesTable.refused,
      jobId: resumeBatchesTable.jobId,
      createdById: resumeBatchesTable.createdById,
      createdAt: resumeBatchesTable.createdAt,
      finishedAt: resumeBatchesTable.finishedAt,
      creatorFirstName: usersTable.firstName,
      creatorLastName: usersTable.lastName,
      creatorUsername: usersTable.username,
      creatorEmail: usersTable.email,
    })
    .from(resumeBatchesTable)
    .leftJoin(usersTable, eq(usersTable.id, resumeBatchesTable.createdById))
    .where(eq(resumeBatchesTable.id, id));
  return row ?? null;
}

export interface DraftWithCandidate extends ResumeDraftRow {
  candidateFirstName: string | null;
  candidateLastName: string | null;
}

/** Every draft of the batch in upload order, with the created candidate's name (one query). */
export async function listDraftRows(db: Db, batchId: number): Promise<DraftWithCandidate[]> {
  const rows = await db
    .select({
      draft: resumeDraftsTable,
      candidateFirstName: candidatesTable.firstName,
      candidateLastName: candidatesTable.lastName,
    })
    .from(resumeDraftsTable)
    .leftJoin(candidatesTable, eq(candidatesTable.id, resumeDraftsTable.candidateId))
    .where(eq(resumeDraftsTable.batchId, batchId))
    .orderBy(asc(resumeDraftsTable.position));
  return rows.map(({ draft, ...names }) => ({ ...draft, ...names }));
}

/** The ids of the batch's drafts still waiting to be read, in upload order. */
export async function pendingDraftIds(db: Db, batchId: number): Promise<number[]> {
  const rows = await db
    .select({ id: resumeDraftsTable.id })
    .from(resumeDraftsTable)
    .where(and(eq(resumeDraftsTable.batchId, batchId), eq(resumeDraftsTable.status, 'pending')))
    .orderBy(asc(resumeDraftsTable.position));
  return rows.map((row) => row.id);
}

export async function countDrafts(db: Db, batchId: number): Promise<{ total: number; done: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${resumeDraftsTable.status} <> 'pending'))::int`,
    })
    .from(resumeDraftsTable)
    .where(eq(resumeDraftsTable.batchId, batchId));
  return { total: row?.total ?? 0, done: row?.done ?? 0 };
}

export async function findDraftRow(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ResumeDraftRow | null> {
  const query = db.select().from(resumeDraftsTable).where(eq(resumeDraftsTable.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findDraftRows(db: Db, batchId: number, ids: number[]): Promise<ResumeDraftRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(resumeDraftsTable)
    .where(and(eq(resumeDraftsTable.batchId, batchId), inArray(resumeDraftsTable.id, ids)))
    .orderBy(asc(resumeDraftsTable.position));
}

/** Updates a draft only while it has the expected status; returns whether it did. */
export async function updateDraftIf(
  db: Db,
  id: number,
  status: string,
  values: Partial<Omit<ResumeDraftRow, 'id' | 'batchId'>>,
): Promise<boolean> {
  const rows = await db
    .update(resumeDraftsTable)
    .set(values)
    .where(and(eq(resumeDraftsTable.id, id), eq(resumeDraftsTable.status, status)))
    .returning({ id: resumeDraftsTable.id });
  return rows.length > 0;
}

/** Discards the batch's drafts not yet created (inside the caller's transaction); returns their stored files' keys. */
export async function discardOpenDrafts(db: Db, batchId: number): Promise<string[]> {
  const open = and(
    eq(resumeDraftsTable.batchId, batchId),
    inArray(resumeDraftsTable.status, ['pending', 'parsed', 'failed']),
  );
  const rows = await db.select({ key: resumeDraftsTable.storageKey }).from(resumeDraftsTable).where(open).for('update');
  await db.update(resumeDraftsTable).set({ status: 'discarded', storageKey: null }).where(open);
  return rows.map((row) => row.key).filter((key): key is string => Boolean(key));
}
