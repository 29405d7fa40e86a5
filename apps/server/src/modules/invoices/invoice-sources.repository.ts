import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { pipelinesTable, placementsTable, submittalsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { invoicesTable } from './invoices.table';

// What an invoice is drafted from: a role's placements, a retainer client's instalments already invoiced,
// and the submittals that reach a retainer's shortlist milestone.

export interface PlacementFacts {
  placementId: number;
  pipelineId: number;
  roleId: number;
  salary: string;
  currency: string;
  startDate: string;
  guaranteeEnd: string | null;
  candidateName: string;
}

const placementColumns = {
  placementId: placementsTable.id,
  pipelineId: placementsTable.pipelineId,
  roleId: pipelinesTable.roleId,
  salary: placementsTable.salary,
  currency: placementsTable.currency,
  startDate: placementsTable.startDate,
  guaranteeEnd: placementsTable.guaranteeEnd,
  candidateName: sql<string>`trim(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName})`,
};

/** A role's placements, oldest first. */
export function listRolePlacements(db: Db, roleId: number): Promise<PlacementFacts[]> {
  return db
    .select(placementColumns)
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(eq(pipelinesTable.roleId, roleId))
    .orderBy(asc(placementsTable.createdAt), asc(placementsTable.id));
}

export async function findPlacementFacts(db: Db, placementId: number): Promise<PlacementFacts | undefined> {
  const [row] = await db
    .select(placementColumns)
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(eq(placementsTable.id, placementId))
    .limit(1);
  return row;
}

/** Live (not void) invoices of placements or instalments, for "already invoiced" marks. */
export function listLiveInvoicesByPlacement(db: Db, placementIds: number[]) {
  if (placementIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      placementId: invoicesTable.placementId,
    })
    .from(invoicesTable)
    .where(
      and(
        inArray(invoicesTable.placementId, placementIds),
        eq(invoicesTable.kind, 'finders_fee'),
        ne(invoicesTable.status, 'void'),
      ),
    );
}

export function listLiveInstalmentInvoices(db: Db, clientId: number) {
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      instalment: invoicesTable.instalment,
    })
    .from(invoicesTable)
    .where(
      and(eq(invoicesTable.clientId, clientId), eq(invoicesTable.kind, 'retainer'), ne(invoicesTable.status, 'void')),
    );
}

/** How many submittals the client's roles have had (the first one is the shortlist milestone). */
export async function countClientSubmittals(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submittalsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, submittalsTable.pipelineId))
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .where(eq(rolesTable.clientId, clientId));
  return Number(row?.n ?? 0);
}
