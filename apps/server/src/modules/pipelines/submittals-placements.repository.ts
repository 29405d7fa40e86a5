import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personNameColumns, usersTable } from '../users/users.table';
import type { PersonNameRow } from './pipelines.repository';
import {
  pipelinesTable,
  placementsTable,
  submittalsTable,
  type NewPlacementRow,
  type NewSubmittalRow,
  type PlacementRow,
  type SubmittalRow,
} from './pipelines.table';

// What the client answered: a pipeline's submittals and its placement.

export async function insertSubmittalRow(db: Db, values: NewSubmittalRow): Promise<SubmittalRow> {
  const [row] = await db.insert(submittalsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateSubmittalRow(db: Db, id: number, values: Partial<NewSubmittalRow>): Promise<void> {
  await db.update(submittalsTable).set(values).where(eq(submittalsTable.id, id));
}

export async function findLatestSubmittal(db: Db, pipelineId: number): Promise<SubmittalRow | undefined> {
  const [row] = await db
    .select()
    .from(submittalsTable)
    .where(eq(submittalsTable.pipelineId, pipelineId))
    .orderBy(desc(submittalsTable.createdAt), desc(submittalsTable.id))
    .limit(1);
  return row;
}

export async function listSubmittalRows(
  db: Db,
  pipelineId: number,
): Promise<{ submittal: SubmittalRow; submittedBy: PersonNameRow | null }[]> {
  return db
    .select({
      submittal: submittalsTable,
      submittedBy: personNameColumns,
    })
    .from(submittalsTable)
    .leftJoin(usersTable, eq(usersTable.id, submittalsTable.submittedById))
    .where(eq(submittalsTable.pipelineId, pipelineId))
    .orderBy(desc(submittalsTable.createdAt), desc(submittalsTable.id));
}

export async function insertPlacementRow(db: Db, values: NewPlacementRow): Promise<PlacementRow> {
  const [row] = await db.insert(placementsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findPlacementRow(
  db: Db,
  pipelineId: number,
): Promise<{ placement: PlacementRow; createdBy: PersonNameRow | null } | undefined> {
  const [row] = await db
    .select({
      placement: placementsTable,
      createdBy: personNameColumns,
    })
    .from(placementsTable)
    .leftJoin(usersTable, eq(usersTable.id, placementsTable.createdById))
    .where(eq(placementsTable.pipelineId, pipelineId))
    .limit(1);
  return row;
}

export async function countRolePlacements(db: Db, roleId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .where(eq(pipelinesTable.roleId, roleId));
  return row?.value ?? 0;
}
