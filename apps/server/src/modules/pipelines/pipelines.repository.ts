import { PIPELINE_STAGES } from '@recruitdesk/contracts/pipelines';
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { candidatesTable } from '../candidates/candidates.table';
import { clientNameColumns, clientsTable } from '../clients/clients.table';
import { rolesTable } from '../roles/roles.table';
import { personNameColumns, usersTable } from '../users/users.table';
import {
  interviewsTable,
  joinPipelineRoleClient,
  pipelineEventsTable,
  pipelinesTable,
  placementsTable,
  submittalsTable,
  type NewInterviewRow,
  type NewPipelineEventRow,
  type NewPipelineRow,
  type NewPlacementRow,
  type NewSubmittalRow,
  type PipelineEventRow,
  type PipelineRow,
} from './pipelines.table';

// Pipelines and their events (and the bulk inserts of demo data). Interviews, submittals with placements
// and the role's export rows have their own repositories beside this one.

/** The stage's position (0 = sourced) in SQL, for ordering. */
const STAGE_POSITION = sql`array_position(array[${sql.join(
  PIPELINE_STAGES.map((stage) => sql`${stage}`),
  sql`, `,
)}]::text[], ${pipelinesTable.stage})`;

export interface PersonNameRow {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
}

/** A pipeline as a card shows it: flat columns, only what the summary needs (PGlite pays per column). */
export interface PipelineSummaryRow {
  id: number;
  roleId: number;
  stage: string;
  state: string;
  closeReason: string | null;
  closeNote: string;
  stageChangedAt: Date;
  closedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  candidateId: number;
  firstName: string;
  lastName: string;
  currentTitle: string;
  currentCompany: string;
  email: string;
  candidateStatus: string;
  recruiterId: number | null;
  recruiterFirstName: string | null;
  recruiterLastName: string | null;
  recruiterUsername: string | null;
  recruiterEmail: string | null;
  nextInterviewAt: Date | null;
}

/** The summary with its role and client (a candidate's pipelines, the detail). */
export interface PipelineWithRoleRow extends PipelineSummaryRow {
  roleName: string;
  roleState: string;
  roleOpenings: number;
  roleSalaryCurrency: string;
  clientId: number;
  clientName: string;
  clientType: string;
  offeredSalary: string | null;
  offerCurrency: string | null;
  offeredAt: Date | null;
  offerAnswer: string | null;
}

/**
 * The summary columns: the pipeline, its candidate and recruiter by joins, and the next pending interview
 * as a correlated (lateral) subquery on interviews(pipeline_id): one query per list, never one per card.
 */
function summaryColumns(now: Date) {
  return {
    id: pipelinesTable.id,
    roleId: pipelinesTable.roleId,
    stage: pipelinesTable.stage,
    state: pipelinesTable.state,
    closeReason: pipelinesTable.closeReason,
    closeNote: pipelinesTable.closeNote,
    stageChangedAt: pipelinesTable.stageChangedAt,
    closedAt: pipelinesTable.closedAt,
    version: pipelinesTable.version,
    createdAt: pipelinesTable.createdAt,
    updatedAt: pipelinesTable.updatedAt,
    candidateId: candidatesTable.id,
    firstName: candidatesTable.firstName,
    lastName: candidatesTable.lastName,
    currentTitle: candidatesTable.currentTitle,
    currentCompany: candidatesTable.currentCompany,
    email: candidatesTable.email,
    candidateStatus: candidatesTable.status,
    recruiterId: pipelinesTable.recruiterId,
    recruiterFirstName: usersTable.firstName,
    recruiterLastName: usersTable.lastName,
    recruiterUsername: usersTable.username,
    recruiterEmail: usersTable.email,
    // Only a pipeline still being worked has a next interview (a placed or closed one never shows one).
    nextInterviewAt:
      sql<Date | null>`(select min(${interviewsTable.scheduledAt}) from ${interviewsTable} where ${interviewsTable.pipelineId} = ${pipelinesTable.id} and ${interviewsTable.outcome} = 'pending' and ${interviewsTable.scheduledAt} >= ${now.toISOString()}::timestamptz and ${pipelinesTable.state} = 'open' and ${pipelinesTable.stage} <> 'placed')`.mapWith(
        interviewsTable.scheduledAt,
      ),
  };
}

function selectSummaries(db: Db, now: Date) {
  return db
    .select(summaryColumns(now))
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .leftJoin(usersTable, eq(usersTable.id, pipelinesTable.recruiterId));
}

function selectWithRole(db: Db, now: Date) {
  const query = db
    .select({
      ...summaryColumns(now),
      roleName: rolesTable.name,
      roleState: rolesTable.state,
      roleOpenings: rolesTable.openings,
      roleSalaryCurrency: rolesTable.salaryCurrency,
      ...clientNameColumns,
      clientType: clientsTable.clientType,
      offeredSalary: pipelinesTable.offeredSalary,
      offerCurrency: pipelinesTable.offerCurrency,
      offeredAt: pipelinesTable.offeredAt,
      offerAnswer: pipelinesTable.offerAnswer,
    })
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .$dynamic();
  return joinPipelineRoleClient(query).leftJoin(usersTable, eq(usersTable.id, pipelinesTable.recruiterId));
}

const stateCondition = (state: 'open' | 'closed' | 'all'): SQL | undefined =>
  state === 'all' ? undefined : eq(pipelinesTable.state, state);

/** Every pipeline of a role in one state (or all): the board, ordered by stage then most recently moved. */
export async function listRolePipelineRows(
  db: Db,
  roleId: number,
  state: 'open' | 'closed' | 'all',
  now: Date,
): Promise<PipelineSummaryRow[]> {
  return selectSummaries(db, now)
    .where(and(eq(pipelinesTable.roleId, roleId), stateCondition(state)))
    .orderBy(STAGE_POSITION, desc(pipelinesTable.stageChangedAt), desc(pipelinesTable.id));
}

export interface RoleCandidatesFilter {
  search?: string | undefined;
  stage?: string | undefined;
  state: 'open' | 'closed' | 'all';
}

/** Open before closed, furthest stage first, most recently moved first. */
export const ROLE_CANDIDATES_ORDER = [
  desc(pipelinesTable.state),
  desc(STAGE_POSITION),
  desc(pipelinesTable.stageChangedAt),
  desc(pipelinesTable.id),
];

function roleCandidatesConditions(roleId: number, filter: RoleCandidatesFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(pipelinesTable.roleId, roleId), stateCondition(filter.state)];
  if (filter.stage) conditions.push(eq(pipelinesTable.stage, filter.stage));
  const haystack = sql`(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName} || ' ' || ${candidatesTable.email} || ' ' || ${candidatesTable.currentTitle} || ' ' || ${candidatesTable.currentCompany})`;
  const words = (filter.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
  for (const word of words) conditions.push(ilike(haystack, `%${escapeLike(word)}%`));
  return and(...conditions);
}

/** A role's candidates (one row per pipeline), searched on name, email, title and company, one page and the total. */
export async function listRoleCandidateRows(
  db: Db,
  roleId: number,
  filter: RoleCandidatesFilter & { limit: number; offset: number },
  now: Date,
): Promise<{ rows: PipelineSummaryRow[]; count: number }> {
  const where = roleCandidatesConditions(roleId, filter);
  const rows = await db
    .select({ ...summaryColumns(now), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .leftJoin(usersTable, eq(usersTable.id, pipelinesTable.recruiterId))
    .where(where)
    .orderBy(...ROLE_CANDIDATES_ORDER)
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(pipelinesTable)
      .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
      .where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

/** Every pipeline of a candidate, newest first. */
export async function listCandidatePipelineRows(
  db: Db,
  candidateId: number,
  now: Date,
): Promise<PipelineWithRoleRow[]> {
  return selectWithRole(db, now)
    .where(eq(pipelinesTable.candidateId, candidateId))
    .orderBy(desc(pipelinesTable.createdAt), desc(pipelinesTable.id));
}

export async function findPipelineSummaryRow(db: Db, id: number, now: Date): Promise<PipelineWithRoleRow | undefined> {
  const [row] = await selectWithRole(db, now).where(eq(pipelinesTable.id, id)).limit(1);
  return row;
}

/** Open and closed counts per stage of one role (an index-only scan of (role_id, state, stage)). */
export async function countRolePipelinesByStage(
  db: Db,
  roleId: number,
): Promise<{ stage: string; open: number; closed: number }[]> {
  return db
    .select({
      stage: pipelinesTable.stage,
      open: sql<number>`(count(*) filter (where ${pipelinesTable.state} = 'open'))::int`.mapWith(Number),
      closed: sql<number>`(count(*) filter (where ${pipelinesTable.state} = 'closed'))::int`.mapWith(Number),
    })
    .from(pipelinesTable)
    .where(eq(pipelinesTable.roleId, roleId))
    .groupBy(pipelinesTable.stage);
}

/** The pipeline with the names its messages need. */
export interface PipelineContextRow {
  pipeline: PipelineRow;
  candidate: { id: number; firstName: string; lastName: string; status: string };
  role: { id: number; name: string; state: string; openings: number; clientId: number };
  clientName: string;
}

export async function findPipelineContextRow(db: Db, id: number): Promise<PipelineContextRow | undefined> {
  const query = db
    .select({
      pipeline: pipelinesTable,
      candidate: {
        id: candidatesTable.id,
        firstName: candidatesTable.firstName,
        lastName: candidatesTable.lastName,
        status: candidatesTable.status,
      },
      role: {
        id: rolesTable.id,
        name: rolesTable.name,
        state: rolesTable.state,
        openings: rolesTable.openings,
        clientId: rolesTable.clientId,
      },
      clientName: clientsTable.name,
    })
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .$dynamic();
  const [row] = await joinPipelineRoleClient(query).where(eq(pipelinesTable.id, id)).limit(1);
  return row;
}

export async function findPipelineIdInRole(db: Db, roleId: number, candidateId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: pipelinesTable.id })
    .from(pipelinesTable)
    .where(and(eq(pipelinesTable.roleId, roleId), eq(pipelinesTable.candidateId, candidateId)))
    .limit(1);
  return row?.id;
}

export async function insertPipelineRow(db: Db, values: NewPipelineRow): Promise<PipelineRow> {
  const [row] = await db.insert(pipelinesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * The optimistic write: `UPDATE pipelines SET ..., version = version + 1 WHERE id = $1 AND version = $2`.
 * Undefined when no row matched (deleted, or someone else changed it first).
 */
export async function updatePipelineIfVersion(
  db: Db,
  id: number,
  version: number,
  values: Partial<NewPipelineRow>,
): Promise<PipelineRow | undefined> {
  const [row] = await db
    .update(pipelinesTable)
    .set({ ...values, version: sql`${pipelinesTable.version} + 1` })
    .where(and(eq(pipelinesTable.id, id), eq(pipelinesTable.version, version)))
    .returning();
  return row;
}

export async function deletePipelineRow(db: Db, id: number): Promise<void> {
  await db.delete(pipelinesTable).where(eq(pipelinesTable.id, id));
}

export async function insertEventRows(db: Db, values: NewPipelineEventRow[]): Promise<void> {
  if (values.length) await db.insert(pipelineEventsTable).values(values);
}

/** The pipeline's latest `limit` events, newest first, and how many it has. */
export async function listEventRows(
  db: Db,
  pipelineId: number,
  limit: number,
): Promise<{ rows: PipelineEventRow[]; total: number }> {
  const rows = await db
    .select()
    .from(pipelineEventsTable)
    .where(eq(pipelineEventsTable.pipelineId, pipelineId))
    .orderBy(desc(pipelineEventsTable.createdAt), desc(pipelineEventsTable.id))
    .limit(limit);
  if (rows.length < limit) return { rows, total: rows.length };
  const [counted] = await db
    .select({ total: count() })
    .from(pipelineEventsTable)
    .where(eq(pipelineEventsTable.pipelineId, pipelineId));
  return { rows, total: counted?.total ?? rows.length };
}

export async function findUserNameRow(db: Db, id: number): Promise<PersonNameRow | undefined> {
  const [row] = await db.select(personNameColumns).from(usersTable).where(eq(usersTable.id, id)).limit(1);
  return row;
}

/** Bulk inserts (demo data, bench): multi-row inserts of `batchSize`, ids returned in order. */
export async function insertPipelineRows(
  db: Db,
  values: NewPipelineRow[],
  batchSize = 1000,
): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  for (let start = 0; start < values.length; start += batchSize) {
    out.push(
      ...(await db
        .insert(pipelinesTable)
        .values(values.slice(start, start + batchSize))
        .returning({ id: pipelinesTable.id })),
    );
  }
  return out;
}

export async function insertPipelineChildRows(
  db: Db,
  rows: {
    events: NewPipelineEventRow[];
    interviews: NewInterviewRow[];
    submittals: NewSubmittalRow[];
    placements: NewPlacementRow[];
  },
  batchSize = 1000,
): Promise<void> {
  const chunks = async <T>(items: T[], insert: (slice: T[]) => Promise<unknown>) => {
    for (let start = 0; start < items.length; start += batchSize) await insert(items.slice(start, start + batchSize));
  };
  await chunks(rows.events, (slice) => db.insert(pipelineEventsTable).values(slice));
  await chunks(rows.interviews, (slice) => db.insert(interviewsTable).values(slice));
  await chunks(rows.submittals, (slice) => db.insert(submittalsTable).values(slice));
  await chunks(rows.placements, (slice) => db.insert(placementsTable).values(slice));
}
