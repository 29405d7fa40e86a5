import {
  SCHEDULING_MESSAGES,
  type CancelSlotsInput,
  type OfferSlotsInputSchema,
  type SlotOffer,
} from '@recruitdesk/contracts/scheduling';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { cancelClientInterview } from '../pipelines/pipeline-interviews.service';
import { displayName, getUserById, type UserRow } from '../users/users.service';
import { queueInvitations, queueSlotLinks, scheduleUrl } from './schedule-invitations';
import {
  findActiveOffer,
  findContactRow,
  findPipelineFacts,
  insertOffer,
  insertParticipant,
  insertSlots,
  interviewPending,
  interviewerCommitments,
  listParticipants,
  listPipelineOffers,
  listSlots,
  updateOffer,
  type PipelineFacts,
} from './scheduling.repository';
import type { OfferedSlotRow, SlotOfferRow, SlotParticipantRow } from './scheduling.table';
import { instantOfWallClock } from './zones';

// Interview scheduling, the recruiter's side (issue 35, decision 124): offer times for a pipeline, see who
// picked what, offer again (a reschedule) or cancel. The public side (the links, the picks and the booking)
// is schedule-public.ts.

const DAY_MS = 86_400_000;
/** A link works until a week after the last time offered. */
const LINK_DAYS_AFTER_LAST_SLOT = 7;

const OFFERABLE_STAGES = ['submitted', 'client_interview', 'offer'];

export const notFound = () => new AppError('NOT_FOUND', 404, SCHEDULING_MESSAGES.nothingOffered);
const badField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, { fields: { [field]: [message] } });

async function requireFacts(db: Db, pipelineId: number): Promise<PipelineFacts> {
  const facts = await findPipelineFacts(db, pipelineId);
  if (!facts) throw new AppError('NOT_FOUND', 404, 'Pipeline not found.');
  return facts;
}

/** An offer as the API shows it; `taken` marks slots the interviewer is no longer free for. */
export function toApiOffer(
  offer: SlotOfferRow,
  slots: OfferedSlotRow[],
  participants: SlotParticipantRow[],
  taken: Set<number> = new Set(),
  urls: Map<number, string> = new Map(),
): SlotOffer {
  const minutes = offer.durationMinutes;
  return {
    id: offer.id,
    status: offer.status as SlotOffer['status'],
    interviewer: { id: offer.interviewerId, name: offer.interviewerName },
    time_zone: offer.timeZone,
    duration_minutes: minutes,
    location: offer.location,
    meeting_url: offer.meetingUrl,
    contact_pick_books: offer.contactPickBooks,
    slots: slots
      .filter((slot) => slot.offerId === offer.id)
      .map((slot) => ({
        id: slot.id,
        starts_at: slot.startsAt.toISOString(),
        ends_at: new Date(slot.startsAt.getTime() + minutes * 60_000).toISOString(),
        available: offer.status === 'open' ? !taken.has(slot.id) : slot.id === offer.bookedSlotId,
      })),
    participants: participants
      .filter((person) => person.offerId === offer.id)
      .map((person) => ({
        kind: person.kind as 'candidate' | 'contact',
        name: person.name,
        picked_slot_id: person.pickedSlotId,
        picked_at: person.pickedAt?.toISOString() ?? null,
        expires_at: person.expiresAt.toISOString(),
        ...(urls.has(person.id) ? { url: urls.get(person.id)! } : {}),
      })),
    booked_slot_id: offer.bookedSlotId,
    interview_id: offer.interviewId,
    sequence: Math.max(offer.sequence, 0),
    created_at: offer.createdAt.toISOString(),
  };
}

/** The slots of an open offer its interviewer is no longer free for (booked elsewhere meanwhile). */
export async function takenSlots(db: Db, offer: SlotOfferRow, slots: OfferedSlotRow[]): Promise<Set<number>> {
  const own = slots.filter((slot) => slot.offerId === offer.id);
  if (offer.status !== 'open' || offer.interviewerId === null || own.length === 0) return new Set();
  const from = own[0]!.startsAt;
  const to = new Date(own[own.length - 1]!.startsAt.getTime() + offer.durationMinutes * 60_000);
  const busy = await interviewerCommitments(db, offer.interviewerId, from, to, offer.id, offer.interviewId);
  const taken = new Set<number>();
  for (const slot of own) {
    const start = slot.startsAt.getTime();
    const end = start + offer.durationMinutes * 60_000;
    if (busy.some((item) => item.start.getTime() < end && item.start.getTime() + item.minutes * 60_000 > start))
      taken.add(slot.id);
  }
  return taken;
}

/** GET /api/pipelines/{id}/slots/: the current offer and the earlier ones. */
export async function getSlotOffers(deps: Deps, actor: UserRow, pipelineId: number) {
  assertCan(actor, 'records.read');
  await requireFacts(deps.db, pipelineId);
  const offers = await listPipelineOffers(deps.db, pipelineId);
  const ids = offers.map((offer) => offer.id);
  const [slots, participants] = [await listSlots(deps.db, ids), await listParticipants(deps.db, ids)];
  const current = offers.find((offer) => offer.status === 'open' || offer.status === 'booked') ?? null;
  const taken = current ? await takenSlots(deps.db, current, slots) : new Set<number>();
  return {
    offer: current ? toApiOffer(current, slots, participants, taken) : null,
    history: offers.filter((offer) => offer !== current).map((offer) => toApiOffer(offer, slots, participants)),
  };
}

type OfferInput = z.output<typeof OfferSlotsInputSchema>;

/** Checks the request against the records: the interviewer, the contact, the emails, the times. */
async function checkOffer(deps: Deps, facts: PipelineFacts, input: OfferInput) {
  if (facts.state !== 'open' || !OFFERABLE_STAGES.includes(facts.stage))
    throw new AppError('SCHEDULING_STAGE', 409, SCHEDULING_MESSAGES.stage);
  const interviewer = await getUserById(deps.db, input.interviewer_id);
  if (!interviewer || !interviewer.isActive) throw badField('interviewer_id', SCHEDULING_MESSAGES.interviewerNotFound);
  const contactId = input.contact_id ?? facts.role.hiringManagerContactId;
  if (contactId == null) throw badField('contact_id', SCHEDULING_MESSAGES.noContact);
  const contact = await findContactRow(deps.db, contactId);
  if (!contact || contact.clientId !== facts.role.clientId)
    throw badField('contact_id', SCHEDULING_MESSAGES.contactNotFound);
  if (!contact.email.trim()) throw badField('contact_id', SCHEDULING_MESSAGES.contactNoEmail);
  if (!facts.candidate.email.trim()) throw badField('slots', SCHEDULING_MESSAGES.candidateNoEmail);
  const now = deps.config.now();
  const starts = input.slots.map((slot) => instantOfWallClock(slot.start, input.time_zone));
  if (starts.some((start) => start.getTime() <= now.getTime())) throw badField('slots', SCHEDULING_MESSAGES.slotPast);
  if (new Set(starts.map((start) => start.getTime())).size !== starts.length)
    throw badField('slots', SCHEDULING_MESSAGES.slotDuplicate);
  starts.sort((a, b) => a.getTime() - b.getTime());
  return { interviewer, contact, starts };
}

/**
 * POST /api/pipelines/{id}/slots/: offers times to the candidate and the contact, each emailed their own link.
 * An open offer is replaced; a booked one too (a reschedule): its interview stays booked until the new
 * times are picked, then moves (same calendar UID, SEQUENCE + 1).
 */
export async function offerSlots(deps: Deps, actor: UserRow, pipelineId: number, input: OfferInput) {
  assertCan(actor, 'records.write');
  const facts = await requireFacts(deps.db, pipelineId);
  const { interviewer, contact, starts } = await checkOffer(deps, facts, input);
  const now = deps.config.now();
  const expiresAt = new Date(starts[starts.length - 1]!.getTime() + LINK_DAYS_AFTER_LAST_SLOT * DAY_MS);
  return inTransaction(deps.db, async (tx) => {
    const previous = await findActiveOffer(tx, pipelineId, true);
    if (previous) await updateOffer(tx, previous.id, { status: 'replaced', updatedAt: now });
    // The interview a reschedule moves: the previous offer's booking (or the one it was itself moving).
    const movingInterviewId =
      previous?.interviewId && (await interviewPending(tx, previous.interviewId)) ? previous.interviewId : null;
    const offer = await insertOffer(tx, {
      pipelineId,
      interviewerId: interviewer.id,
      interviewerName: displayName(interviewer),
      timeZone: input.time_zone,
      durationMinutes: input.duration_minutes,
      location: input.location,
      meetingUrl: input.meeting_url,
      note: input.note,
      contactPickBooks: input.contact_pick_books ?? false,
      status: 'open',
      calendarUid: movingInterviewId && previous ? previous.calendarUid : `${randomToken(18)}@recruitdesk`,
      sequence: movingInterviewId && previous ? previous.sequence : -1,
      replacesOfferId: previous?.id ?? null,
      interviewId: movingInterviewId,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    const slots = await insertSlots(tx, offer.id, starts);
    const people = [
      {
        kind: 'candidate' as const,
        contactId: null,
        name: `${facts.candidate.firstName} ${facts.candidate.lastName}`.trim(),
        email: facts.candidate.email.trim(),
      },
      {
        kind: 'contact' as const,
        contactId: contact.id,
        name: `${contact.firstName} ${contact.lastName}`.trim(),
        email: contact.email.trim(),
      },
    ];
    const links: { participant: SlotParticipantRow; url: string }[] = [];
    for (const person of people) {
      const token = randomToken(32);
      const participant = await insertParticipant(tx, {
        offerId: offer.id,
        ...person,
        tokenHash: sha256(token),
        expiresAt,
        createdAt: now,
      });
      links.push({ participant, url: scheduleUrl(deps.config.publicUrl, token) });
    }
    await queueSlotLinks(tx, deps, actor, facts, links);
    const urls = new Map(links.map((link) => [link.participant.id, link.url]));
    return {
      offer: toApiOffer(
        offer,
        slots,
        links.map((link) => link.participant),
        new Set(),
        urls,
      ),
    };
  });
}

/**
 * POST /api/pipelines/{id}/slots/cancel/: the open offer stops (its links show "no longer scheduled"); a
 * booked interview (or one an open reschedule was moving) is cancelled in the pipeline and a CANCEL
 * invitation goes to both.
 */
export async function cancelSlots(deps: Deps, actor: UserRow, pipelineId: number, input: CancelSlotsInput) {
  assertCan(actor, 'records.write');
  const facts = await requireFacts(deps.db, pipelineId);
  const now = deps.config.now();
  return inTransaction(deps.db, async (tx) => {
    const offer = await findActiveOffer(tx, pipelineId, true);
    if (!offer) throw notFound();
    const participants = await listParticipants(tx, [offer.id]);
    let sequence = offer.sequence;
    if (offer.interviewId && (await interviewPending(tx, offer.interviewId))) {
      const [slot] = (await listSlots(tx, [offer.id])).filter((row) => row.id === offer.bookedSlotId);
      const start = slot?.startsAt ?? (await bookedStartOf(tx, offer));
      const fresh = await requireFacts(tx, pipelineId);
      await cancelClientInterview({ ...deps, db: tx }, actor, pipelineId, {
        version: fresh.version,
        interview_id: offer.interviewId,
        reason: input.reason ?? '',
      });
      if (start) {
        sequence = offer.sequence + 1;
        await queueInvitations(tx, deps, actor, facts, offer, participants, {
          method: 'CANCEL',
          start,
          sequence,
          rescheduled: false,
          reason: input.reason,
        });
      }
    }
    await updateOffer(tx, offer.id, { status: 'cancelled', sequence, updatedAt: now });
    const slots = await listSlots(tx, [offer.id]);
    return { offer: toApiOffer({ ...offer, status: 'cancelled', sequence }, slots, participants) };
  });
}

/** The time of the interview an open reschedule was moving: the replaced offers' booked start. */
async function bookedStartOf(db: Db, offer: SlotOfferRow): Promise<Date | null> {
  const offers = await listPipelineOffers(db, offer.pipelineId);
  const booked = offers.find((row) => row.interviewId === offer.interviewId && row.bookedStartsAt);
  return booked?.bookedStartsAt ?? null;
}
