import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { rolesTable } from '../roles/roles.table';
import { joinPipelineCandidateRole, pipelinesTable, placementsTable } from './pipelines.table';

// What the pipelines module tells the modules below it at start-up (decision 008, pipelines.hooks.ts).

/** The pipeline as notes name it, "Jane Doe — Senior Engineer" (decision 008: registered with the notes module). */
export async function findPipelineNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number; roleId: number; candidateId: number } } | null> {
  const query = db
    .select({
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      role: rolesTable.name,
      roleId: rolesTable.id,
      clientId: rolesTable.clientId,
      candidateId: candidatesTable.id,
    })
    .from(pipelinesTable)
    .$dynamic();
  const [row] = await joinPipelineCandidateRole(query).where(eq(pipelinesTable.id, id)).limit(1);
  return row
    ? {
        label: `${`${row.firstName} ${row.lastName}`.trim()} — ${row.role}`,
        scope: { clientId: row.clientId, roleId: row.roleId, candidateId: row.candidateId },
      }
    : null;
}

/** Pipelines under the client's roles (decision 008: a client delete's blocker, given to the clients module). */
export async function countPipelinesOfClient(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pipelinesTable)
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .where(eq(rolesTable.clientId, clientId));
  return row?.value ?? 0;
}

/** The role's pipelines (decision 008: a role delete's blocker, given to the roles module). */
export async function countPipelinesOfRole(db: Db, roleId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(pipelinesTable).where(eq(pipelinesTable.roleId, roleId));
  return row?.value ?? 0;
}

/** The role's placement fees per currency (decision 008: the role's payout, given to the roles module). */
/** The placements of the role in `roleId` (a column of the outer query), as a correlated count. */
export const placementCountOfRoleSql = (roleId: SQL | AnyPgColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${placementsTable} inner join ${pipelinesTable} on ${pipelinesTable.id} = ${placementsTable.pipelineId} where ${pipelinesTable.roleId} = ${roleId})`;

export async function sumRolePlacementFees(
  db: Db,
  roleId: number,
): Promise<{ currency: string; placements: number; total: string }[]> {
  return db
    .select({
      currency: placementsTable.currency,
      placements: sql<number>`count(*)::int`.mapWith(Number),
      total: sql<string>`sum(${placementsTable.fee})::text`,
    })
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .where(eq(pipelinesTable.roleId, roleId))
    .groupBy(placementsTable.currency)
    .orderBy(desc(sql`count(*)`), asc(placementsTable.currency));
}
