import {
  aliasedTable,
  and,
  asc,
  count,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import {
  interviewsTable,
  joinPipelineCandidateRole,
  joinPipelineRoleClient,
  pipelinesTable,
  placementsTable,
} from '../pipelines/pipelines.table';
import { roleClientColumns, rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { calendarSubscriptionsTable } from './calendar.table';

// The calendar reads across records (decision 007: an aggregator above roles, clients and pipelines,
// joining their tables); nothing imports it.

/** A range as the queries read it: instants for timestamps, ISO dates for date columns (end exclusive). */
export interface RangeBounds {
  start: Date;
  end: Date;
  startDate: string;
  endDate: string;
  /** The caller's id when only their own records are asked for ("mine"). */
  mineOf: number | null;
}

/** Interviews that no longer take place are left off the calendar. */
const GONE_OUTCOMES = ['cancelled', 'rescheduled'];

const recruiters = aliasedTable(usersTable, 'recruiters');

function interviewConditions(range: RangeBounds, kind?: 'internal' | 'client'): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    // Starts before the end and ends after the start (an interview lasts at most a day).
    gte(interviewsTable.scheduledAt, new Date(range.start.getTime() - 86_400_000)),
    lt(interviewsTable.scheduledAt, range.end),
    sql`${interviewsTable.scheduledAt} + make_interval(mins => ${interviewsTable.durationMinutes}) > ${range.start.toISOString()}::timestamptz`,
    notInArray(interviewsTable.outcome, GONE_OUTCOMES),
    isNull(rolesTable.archivedAt),
  ];
  if (kind) conditions.push(eq(interviewsTable.kind, kind));
  if (range.mineOf !== null)
    conditions.push(or(eq(pipelinesTable.recruiterId, range.mineOf), eq(interviewsTable.interviewerId, range.mineOf)));
  return and(...conditions);
}

function selectInterviewRows(db: Db) {
  const query = db
    .select({
      id: interviewsTable.id,
      pipelineId: interviewsTable.pipelineId,
      kind: interviewsTable.kind,
      scheduledAt: interviewsTable.scheduledAt,
      durationMinutes: interviewsTable.durationMinutes,
      location: interviewsTable.location,
      meetingUrl: interviewsTable.meetingUrl,
      outcome: interviewsTable.outcome,
      interviewerId: interviewsTable.interviewerId,
      interviewerName: interviewsTable.interviewerName,
      recruiterId: pipelinesTable.recruiterId,
      recruiterFirstName: recruiters.firstName,
      recruiterLastName: recruiters.lastName,
      recruiterUsername: recruiters.username,
      candidateId: candidatesTable.id,
      candidateFirstName: candidatesTable.firstName,
      candidateLastName: candidatesTable.lastName,
      ...roleClientColumns,
    })
    .from(interviewsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, interviewsTable.pipelineId))
    .$dynamic();
  return joinPipelineRoleClient(query)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .leftJoin(recruiters, eq(recruiters.id, pipelinesTable.recruiterId));
}

export type CalendarInterviewRow = Awaited<ReturnType<typeof listInterviewRowsInRange>>[number];

/** Every interview in the range (the feed), earliest first. */
export function listInterviewRowsInRange(db: Db, range: RangeBounds) {
  return selectInterviewRows(db)
    .where(interviewConditions(range))
    .orderBy(asc(interviewsTable.scheduledAt), asc(interviewsTable.id));
}

/** One page of the interviews list and the count of all that match. */
export async function pageInterviewRows(
  db: Db,
  range: RangeBounds,
  kind: 'internal' | 'client' | undefined,
  page: number,
  pageSize: number,
) {
  const where = interviewConditions(range, kind);
  const [rows, [total]] = await Promise.all([
    selectInterviewRows(db)
      .where(where)
      .orderBy(asc(interviewsTable.scheduledAt), asc(interviewsTable.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: count() })
      .from(interviewsTable)
      .innerJoin(pipelinesTable, eq(pipelinesTable.id, interviewsTable.pipelineId))
      .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
      .where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** Roles opened, closed or due to be filled (while active) in the range (archived roles left out). */
export function listRoleDateRows(db: Db, range: RangeBounds) {
  const opened = and(gte(rolesTable.openedAt, range.startDate), lt(rolesTable.openedAt, range.endDate));
  const target = and(
    ne(rolesTable.state, 'closed'),
    gte(rolesTable.targetFillDate, range.startDate),
    lt(rolesTable.targetFillDate, range.endDate),
  );
  const closed = and(
    isNotNull(rolesTable.closedAt),
    gte(rolesTable.closedAt, range.start),
    lt(rolesTable.closedAt, range.end),
  );
  return db
    .select({
      id: rolesTable.id,
      name: rolesTable.name,
      openedAt: rolesTable.openedAt,
      targetFillDate: rolesTable.targetFillDate,
      state: rolesTable.state,
      closedAt: rolesTable.closedAt,
      clientName: clientsTable.name,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(
      and(
        isNull(rolesTable.archivedAt),
        or(opened, target, closed),
        range.mineOf === null ? undefined : eq(rolesTable.recruiterId, range.mineOf),
      ),
    )
    .orderBy(asc(rolesTable.openedAt), asc(rolesTable.id));
}

/** Placements whose guarantee period ends in the range. */
export function listGuaranteeEndRows(db: Db, range: RangeBounds) {
  const query = db
    .select({
      placementId: placementsTable.id,
      guaranteeEnd: placementsTable.guaranteeEnd,
      pipelineId: pipelinesTable.id,
      roleId: rolesTable.id,
      roleName: rolesTable.name,
      candidateFirstName: candidatesTable.firstName,
      candidateLastName: candidatesTable.lastName,
    })
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .$dynamic();
  return joinPipelineCandidateRole(query)
    .where(
      and(
        isNotNull(placementsTable.guaranteeEnd),
        gte(placementsTable.guaranteeEnd, range.startDate),
        lt(placementsTable.guaranteeEnd, range.endDate),
        range.mineOf === null
          ? undefined
          : or(eq(pipelinesTable.recruiterId, range.mineOf), eq(rolesTable.recruiterId, range.mineOf)),
      ),
    )
    .orderBy(asc(placementsTable.guaranteeEnd), asc(placementsTable.id));
}

/**
 * Retainer clients with their instalment schedule (not archived). The schedule is a small JSON array
 * read in full; which instalments fall in the range is decided in the service.
 */
export function listRetainerClientRows(db: Db, mineOf: number | null) {
  return db
    .select({
      id: clientsTable.id,
      name: clientsTable.name,
      createdAt: clientsTable.createdAt,
      instalments: clientsTable.retainerInstalments,
    })
    .from(clientsTable)
    .where(
      and(
        eq(clientsTable.clientType, 'retainer'),
        isNull(clientsTable.archivedAt),
        sql`jsonb_array_length(${clientsTable.retainerInstalments}) > 0`,
        mineOf === null ? undefined : eq(clientsTable.ownerId, mineOf),
      ),
    )
    .orderBy(asc(clientsTable.id));
}

// The subscription.

export async function findSubscriptionRow(db: Db, userId: number) {
  const [row] = await db.select().from(calendarSubscriptionsTable).where(eq(calendarSubscriptionsTable.userId, userId));
  return row;
}

/** The subscription with this secret's hash and its (active) user, if any. */
export async function findSubscriptionByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ subscription: calendarSubscriptionsTable, user: usersTable })
    .from(calendarSubscriptionsTable)
    .innerJoin(usersTable, eq(usersTable.id, calendarSubscriptionsTable.userId))
    .where(and(eq(calendarSubscriptionsTable.tokenHash, tokenHash), eq(usersTable.isActive, true)));
  return row;
}

/** Makes or replaces the user's subscription: one statement, so the old hash is gone when it returns. */
export async function upsertSubscriptionRow(db: Db, userId: number, tokenHash: string, now: Date) {
  const [row] = await db
    .insert(calendarSubscriptionsTable)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarSubscriptionsTable.userId, set: { tokenHash, createdAt: now } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
