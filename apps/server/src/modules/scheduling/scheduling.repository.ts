import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { interviewsTable, pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import {
  offeredSlotsTable,
  slotOffersTable,
  slotParticipantsTable,
  type NewSlotOfferRow,
  type OfferedSlotRow,
  type SlotOfferRow,
  type SlotParticipantRow,
} from './scheduling.table';

/** The pipeline, its candidate, role and client, as an offer needs them. */
export async function findPipelineFacts(db: Db, pipelineId: number) {
  const [row] = await db
    .select({
      pipelineId: pipelinesTable.id,
      stage: pipelinesTable.stage,
      state: pipelinesTable.state,
      recruiterId: pipelinesTable.recruiterId,
      version: pipelinesTable.version,
      candidate: {
        id: candidatesTable.id,
        firstName: candidatesTable.firstName,
        lastName: candidatesTable.lastName,
        email: candidatesTable.email,
      },
      role: {
        id: rolesTable.id,
        name: rolesTable.name,
        clientId: rolesTable.clientId,
        hiringManagerContactId: rolesTable.hiringManagerContactId,
      },
      clientName: clientsTable.name,
    })
    .from(pipelinesTable)
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(pipelinesTable.id, pipelineId))
    .limit(1);
  return row;
}
export type PipelineFacts = NonNullable<Awaited<ReturnType<typeof findPipelineFacts>>>;

export async function findContactRow(db: Db, id: number) {
  const [row] = await db.select().from(clientContactsTable).where(eq(clientContactsTable.id, id)).limit(1);
  return row;
}

/** The open or booked offer of a pipeline, locked for the rest of the transaction when `lock`. */
export async function findActiveOffer(db: Db, pipelineId: number, lock = false): Promise<SlotOfferRow | undefined> {
  const query = db
    .select()
    .from(slotOffersTable)
    .where(and(eq(slotOffersTable.pipelineId, pipelineId), inArray(slotOffersTable.status, ['open', 'booked'])))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function lockOffer(db: Db, id: number): Promise<SlotOfferRow | undefined> {
  const [row] = await db.select().from(slotOffersTable).where(eq(slotOffersTable.id, id)).for('update');
  return row;
}

export async function listPipelineOffers(db: Db, pipelineId: number): Promise<SlotOfferRow[]> {
  return db
    .select()
    .from(slotOffersTable)
    .where(eq(slotOffersTable.pipelineId, pipelineId))
    .orderBy(desc(slotOffersTable.createdAt), desc(slotOffersTable.id));
}

export async function insertOffer(db: Db, values: NewSlotOfferRow): Promise<SlotOfferRow> {
  const [row] = await db.insert(slotOffersTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateOffer(db: Db, id: number, values: Partial<NewSlotOfferRow>): Promise<void> {
  await db.update(slotOffersTable).set(values).where(eq(slotOffersTable.id, id));
}

export async function insertSlots(db: Db, offerId: number, starts: Date[]): Promise<OfferedSlotRow[]> {
  return db
    .insert(offeredSlotsTable)
    .values(starts.map((startsAt) => ({ offerId, startsAt })))
    .returning();
}

export async function listSlots(db: Db, offerIds: number[]): Promise<OfferedSlotRow[]> {
  if (offerIds.length === 0) return [];
  return db
    .select()
    .from(offeredSlotsTable)
    .where(inArray(offeredSlotsTable.offerId, offerIds))
    .orderBy(asc(offeredSlotsTable.startsAt), asc(offeredSlotsTable.id));
}

export async function insertParticipant(
  db: Db,
  values: typeof slotParticipantsTable.$inferInsert,
): Promise<SlotParticipantRow> {
  const [row] = await db.insert(slotParticipantsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listParticipants(db: Db, offerIds: number[]): Promise<SlotParticipantRow[]> {
  if (offerIds.length === 0) return [];
  return db
    .select()
    .from(slotParticipantsTable)
    .where(inArray(slotParticipantsTable.offerId, offerIds))
    .orderBy(asc(slotParticipantsTable.id));
}

export async function findParticipantByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ participant: slotParticipantsTable, offer: slotOffersTable })
    .from(slotParticipantsTable)
    .innerJoin(slotOffersTable, eq(slotOffersTable.id, slotParticipantsTable.offerId))
    .where(eq(slotParticipantsTable.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function setPick(db: Db, participantId: number, slotId: number, now: Date): Promise<void> {
  await db
    .update(slotParticipantsTable)
    .set({ pickedSlotId: slotId, pickedAt: now })
    .where(eq(slotParticipantsTable.id, participantId));
}

/**
 * Serialises bookings of one interviewer until the transaction ends (two offers' picks of overlapping times
 * at once): a transaction-scoped advisory lock keyed on the user.
 */
export async function lockInterviewer(db: Db, interviewerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(35, ${interviewerId})`);
}

/**
 * The interviewer's commitments overlapping `start`..`end`: other offers' booked times, and pending interviews
 * they conduct (internal ones name them) besides `exceptInterviewId` (the one a reschedule replaces).
 */
export async function interviewerBusy(
  db: Db,
  interviewerId: number,
  start: Date,
  end: Date,
  exceptOfferId: number,
  exceptInterviewId: number | null,
): Promise<boolean> {
  const booked = await db
    .select({ id: slotOffersTable.id })
    .from(slotOffersTable)
    .where(
      and(
        eq(slotOffersTable.interviewerId, interviewerId),
        eq(slotOffersTable.status, 'booked'),
        ne(slotOffersTable.id, exceptOfferId),
        lt(slotOffersTable.bookedStartsAt, end),
        gt(
          sql`${slotOffersTable.bookedStartsAt} + make_interval(mins => ${slotOffersTable.durationMinutes})`,
          sql`${start.toISOString()}::timestamptz`,
        ),
      ),
    )
    .limit(1);
  if (booked.length > 0) return true;
  const conditions = [
    eq(interviewsTable.interviewerId, interviewerId),
    eq(interviewsTable.outcome, 'pending'),
    lt(interviewsTable.scheduledAt, end),
    gt(
      sql`${interviewsTable.scheduledAt} + make_interval(mins => ${interviewsTable.durationMinutes})`,
      sql`${start.toISOString()}::timestamptz`,
    ),
  ];
  if (exceptInterviewId !== null) conditions.push(ne(interviewsTable.id, exceptInterviewId));
  const interviews = await db
    .select({ id: interviewsTable.id })
    .from(interviewsTable)
    .where(and(...conditions))
    .limit(1);
  return interviews.length > 0;
}

/** The interviewer's booked times (other offers) and pending interviews in a span: for the "taken" marks. */
export async function interviewerCommitments(
  db: Db,
  interviewerId: number,
  from: Date,
  to: Date,
  exceptOfferId: number,
  exceptInterviewId: number | null,
): Promise<{ start: Date; minutes: number }[]> {
  const offers = await db
    .select({ start: slotOffersTable.bookedStartsAt, minutes: slotOffersTable.durationMinutes })
    .from(slotOffersTable)
    .where(
      and(
        eq(slotOffersTable.interviewerId, interviewerId),
        eq(slotOffersTable.status, 'booked'),
        ne(slotOffersTable.id, exceptOfferId),
        gt(slotOffersTable.bookedStartsAt, new Date(from.getTime() - 86_400_000)),
        lt(slotOffersTable.bookedStartsAt, to),
      ),
    );
  const interviewConditions = [
    eq(interviewsTable.interviewerId, interviewerId),
    eq(interviewsTable.outcome, 'pending'),
    gt(interviewsTable.scheduledAt, new Date(from.getTime() - 86_400_000)),
    lt(interviewsTable.scheduledAt, to),
  ];
  if (exceptInterviewId !== null) interviewConditions.push(ne(interviewsTable.id, exceptInterviewId));
  const interviews = await db
    .select({ start: interviewsTable.scheduledAt, minutes: interviewsTable.durationMinutes })
    .from(interviewsTable)
    .where(and(...interviewConditions));
  return [...offers.flatMap((row) => (row.start ? [{ start: row.start, minutes: row.minutes }] : [])), ...interviews];
}

/** The pipeline's newest pending client interview at `start` (the one a booking just made). */
export async function findBookedInterviewId(db: Db, pipelineId: number, start: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: interviewsTable.id })
    .from(interviewsTable)
    .where(
      and(
        eq(interviewsTable.pipelineId, pipelineId),
        eq(interviewsTable.kind, 'client'),
        eq(interviewsTable.outcome, 'pending'),
        eq(interviewsTable.scheduledAt, start),
      ),
    )
    .orderBy(desc(interviewsTable.id))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the interview is still pending (a recruiter may have recorded its outcome by hand meanwhile). */
export async function interviewPending(db: Db, interviewId: number): Promise<boolean> {
  const [row] = await db
    .select({ outcome: interviewsTable.outcome })
    .from(interviewsTable)
    .where(eq(interviewsTable.id, interviewId))
    .limit(1);
  return row?.outcome === 'pending';
}
