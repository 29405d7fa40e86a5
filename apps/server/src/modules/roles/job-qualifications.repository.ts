import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  jobQualificationsTable,
  type JobQualificationRow,
  type NewJobQualificationRow,
} from './job-qualifications.table';

export async function listQualificationRows(db: Db, roleId: number): Promise<JobQualificationRow[]> {
  return db
    .select()
    .from(jobQualificationsTable)
    .where(eq(jobQualificationsTable.roleId, roleId))
    .orderBy(asc(jobQualificationsTable.position), asc(jobQualificationsTable.id));
}

export async function findQualificationRow(db: Db, id: number): Promise<JobQualificationRow | undefined> {
  const [row] = await db.select().from(jobQualificationsTable).where(eq(jobQualificationsTable.id, id)).limit(1);
  return row;
}

export async function nextQualificationPosition(db: Db, roleId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${jobQualificationsTable.position}), 0)::int`.mapWith(Number) })
    .from(jobQualificationsTable)
    .where(eq(jobQualificationsTable.roleId, roleId));
  return (row?.value ?? 0) + 1;
}

export async function insertQualificationRow(db: Db, values: NewJobQualificationRow): Promise<JobQualificationRow> {
  const [row] = await db.insert(jobQualificationsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertQualificationRows(db: Db, values: NewJobQualificationRow[]): Promise<void> {
  if (values.length) await db.insert(jobQualificationsTable).values(values);
}

export async function updateQualificationRow(
  db: Db,
  id: number,
  values: Partial<NewJobQualificationRow>,
): Promise<JobQualificationRow | undefined> {
  const [row] = await db
    .update(jobQualificationsTable)
    .set(values)
    .where(eq(jobQualificationsTable.id, id))
    .returning();
  return row;
}

export async function deleteQualificationRow(db: Db, id: number): Promise<void> {
  await db.delete(jobQualificationsTable).where(eq(jobQualificationsTable.id, id));
}
