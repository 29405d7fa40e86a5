import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { rolesTable } from '../roles/roles.table';
import { personNameColumns, personNameOrder, recruitingUserCondition, usersTable } from '../users/users.table';
import type { PersonNameRow } from './pipelines.repository';
import { interviewsTable, pipelinesTable, type InterviewRow, type NewInterviewRow } from './pipelines.table';

// A pipeline's interviews, and who may interview.

/** When and where a client interview takes place, as the client's outcome and a reschedule give it. */
interface ClientInterviewInput {
  scheduled_at: string;
  duration_minutes: number;
  location: string;
  meeting_url: string;
}

/** A pending client interview: booked by the client's outcome, or the next one of a reschedule. */
export function pendingClientInterviewRow(
  pipelineId: number,
  input: ClientInterviewInput,
  interviewerName: string,
  createdById: number,
  now: Date,
): NewInterviewRow {
  return {
    pipelineId,
    kind: 'client',
    scheduledAt: new Date(input.scheduled_at),
    durationMinutes: input.duration_minutes,
    location: input.location,
    meetingUrl: input.meeting_url,
    interviewerId: null,
    interviewerName,
    outcome: 'pending',
    createdById,
    createdAt: now,
    updatedAt: now,
  };
}

export async function insertInterviewRow(db: Db, values: NewInterviewRow): Promise<InterviewRow> {
  const [row] = await db.insert(interviewsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateInterviewRow(db: Db, id: number, values: Partial<NewInterviewRow>): Promise<void> {
  await db.update(interviewsTable).set(values).where(eq(interviewsTable.id, id));
}

/** The pending interview of one kind to record an outcome for: the one named, else the earliest. */
export async function findPendingInterview(
  db: Db,
  pipelineId: number,
  kind: 'internal' | 'client',
  interviewId?: number,
): Promise<InterviewRow | undefined> {
  const conditions = [
    eq(interviewsTable.pipelineId, pipelineId),
    eq(interviewsTable.kind, kind),
    eq(interviewsTable.outcome, 'pending'),
  ];
  if (interviewId !== undefined) conditions.push(eq(interviewsTable.id, interviewId));
  const [row] = await db
    .select()
    .from(interviewsTable)
    .where(and(...conditions))
    .orderBy(asc(interviewsTable.scheduledAt), asc(interviewsTable.id))
    .limit(1);
  return row;
}

/** The pipeline's interviews still pending (of one kind, or both), earliest first. */
export async function listPendingInterviewRows(
  db: Db,
  pipelineId: number,
  kind?: 'internal' | 'client',
): Promise<InterviewWithNamesRow[]> {
  const conditions = [eq(interviewsTable.pipelineId, pipelineId), eq(interviewsTable.outcome, 'pending')];
  if (kind) conditions.push(eq(interviewsTable.kind, kind));
  return selectInterviews(db)
    .where(and(...conditions))
    .orderBy(asc(interviewsTable.scheduledAt), asc(interviewsTable.id));
}

/** Gives every pending interview of the pipeline (of one kind, or both) an outcome; the ones changed. */
export async function resolvePendingInterviewRows(
  db: Db,
  pipelineId: number,
  kind: 'internal' | 'client' | undefined,
  outcome: string,
  now: Date,
): Promise<InterviewRow[]> {
  const conditions = [eq(interviewsTable.pipelineId, pipelineId), eq(interviewsTable.outcome, 'pending')];
  if (kind) conditions.push(eq(interviewsTable.kind, kind));
  return db
    .update(interviewsTable)
    .set({ outcome, updatedAt: now })
    .where(and(...conditions))
    .returning();
}

/** Gives the named interviews (still pending) an outcome; the ones changed. */
export async function resolveInterviewRows(
  db: Db,
  ids: readonly number[],
  outcome: string,
  now: Date,
): Promise<InterviewRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(interviewsTable)
    .set({ outcome, updatedAt: now })
    .where(and(inArray(interviewsTable.id, [...ids]), eq(interviewsTable.outcome, 'pending')))
    .returning();
}

/** An interview with the names of its role and candidate. */
export interface InterviewWithNamesRow {
  interview: InterviewRow;
  role: { id: number; name: string };
  candidate: { id: number; firstName: string; lastName: string };
}

function selectInterviews(db: Db) {
  return db
    .select({
      interview: interviewsTable,
      role: { id: rolesTable.id, name: rolesTable.name },
      candidate: { id: candidatesTable.id, firstName: candidatesTable.firstName, lastName: candidatesTable.lastName },
    })
    .from(interviewsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, interviewsTable.pipelineId))
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId));
}

export async function listPipelineInterviewRows(db: Db, pipelineId: number): Promise<InterviewWithNamesRow[]> {
  return selectInterviews(db)
    .where(eq(interviewsTable.pipelineId, pipelineId))
    .orderBy(desc(interviewsTable.scheduledAt), desc(interviewsTable.id));
}

export async function listCandidateInterviewRows(db: Db, candidateId: number): Promise<InterviewWithNamesRow[]> {
  return selectInterviews(db)
    .where(eq(pipelinesTable.candidateId, candidateId))
    .orderBy(desc(interviewsTable.scheduledAt), desc(interviewsTable.id));
}

/** Active users who may interview for the agency (recruiters, owners, superusers). */
export async function listInterviewerRows(db: Db): Promise<PersonNameRow[]> {
  return db
    .select(personNameColumns)
    .from(usersTable)
    .where(recruitingUserCondition)
    .orderBy(...personNameOrder);
}
