import { SCHEDULING_MESSAGES } from '@recruitdesk/contracts/scheduling';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Limit } from '../../lib/throttle';
import { recordClientInterviewOutcome } from '../pipelines/pipeline-interviews.service';
import { recordSubmittalOutcome } from '../pipelines/submittal-outcome.service';
import { notifyUsers } from '../notifications/notifications.service';
import { getAgencySettings } from '../settings/settings.service';
import { getUserById, type UserRow } from '../users/users.service';
import { queueInvitations } from './schedule-invitations';
import {
  findBookedInterviewId,
  findParticipantByHash,
  findPipelineFacts,
  interviewPending,
  interviewerBusy,
  listParticipants,
  listSlots,
  lockInterviewer,
  lockOffer,
  setPick,
  updateOffer,
  type PipelineFacts,
} from './scheduling.repository';
import { takenSlots } from './scheduling.service';
import type { OfferedSlotRow, SlotOfferRow, SlotParticipantRow } from './scheduling.table';

// The links' side (issue 35): the page's facts for one token, and a pick, which books the client interview
// once the rule is met (both picked the same time, or the contact picked when the offer says that is enough).

/** A token is 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Every request for a link counts, per address: 60 in 10 minutes (a page view and a pick are two). */
const requestLimit = (ip: string): Limit => ({ key: `schedule:ip:${ip}`, max: 60, windowSeconds: 600 });

export const linkNotFound = () => new AppError('NOT_FOUND', 404, SCHEDULING_MESSAGES.linkNotFound);

export async function throttleScheduleRequest(deps: Deps, ip: string): Promise<void> {
  const wait = await deps.throttle.reserve([requestLimit(ip)]);
  if (wait !== null)
    throw new AppError('TOO_MANY_REQUESTS', 429, SCHEDULING_MESSAGES.tooMany, {
      headers: { 'Retry-After': String(wait) },
    });
}

/** The participant of a token still in force, with its offer; null for malformed, unknown or expired tokens. */
async function participantOf(db: Db, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const found = await findParticipantByHash(db, sha256(token));
  if (!found || found.participant.expiresAt.getTime() <= now.getTime()) return null;
  return found;
}

export interface ScheduleView {
  participant: SlotParticipantRow;
  offer: SlotOfferRow;
  facts: PipelineFacts;
  slots: OfferedSlotRow[];
  taken: Set<number>;
  /** The other participant's pick (the page says "the other side chose this one too"). */
  otherPick: number | null;
  agencyName: string;
  /** The contact's link after the booked interview started: ask how it went, or say it is recorded. */
  outcome: 'ask' | 'recorded' | null;
}

/** What the page of a token shows; 404 when the token does not open anything. */
export async function scheduleView(deps: Deps, token: string): Promise<ScheduleView> {
  const found = await participantOf(deps.db, token, deps.config.now());
  if (!found) throw linkNotFound();
  const { participant, offer } = found;
  const facts = await findPipelineFacts(deps.db, offer.pipelineId);
  if (!facts) throw linkNotFound();
  const slots = await listSlots(deps.db, [offer.id]);
  const people = await listParticipants(deps.db, [offer.id]);
  const other = people.find((person) => person.id !== participant.id);
  const { agency_name: agencyName } = await getAgencySettings(deps.db);
  const held =
    participant.kind === 'contact' &&
    offer.status === 'booked' &&
    offer.interviewId !== null &&
    offer.bookedStartsAt !== null &&
    offer.bookedStartsAt.getTime() <= deps.config.now().getTime();
  const outcome = held ? ((await interviewPending(deps.db, offer.interviewId!)) ? 'ask' : 'recorded') : null;
  return {
    outcome,
    participant,
    offer,
    facts,
    slots,
    taken: await takenSlots(deps.db, offer, slots),
    otherPick: other?.pickedSlotId ?? null,
    agencyName,
  };
}

const slotTaken = () => new AppError('SLOT_TAKEN', 409, SCHEDULING_MESSAGES.slotTaken);

/**
 * POST /api/schedule/{token}/pick/: records the participant's pick; books the interview when the rule is met.
 * In one transaction with the offer row locked (two picks of one offer wait for each other) and the
 * interviewer's advisory lock held (two offers of one interviewer), the slot checked free again before
 * booking; the unique index on (interviewer, booked start) is the last guard.
 */
export async function pickSlot(deps: Deps, token: string, slotId: number) {
  const now = deps.config.now();
  const found = await participantOf(deps.db, token, now);
  if (!found) throw linkNotFound();
  try {
    return await inTransaction(deps.db, async (tx) => {
      const offer = await lockOffer(tx, found.offer.id);
      if (!offer || offer.status !== 'open') throw new AppError('SCHEDULING_CLOSED', 409, SCHEDULING_MESSAGES.closed);
      const slots = await listSlots(tx, [offer.id]);
      const slot = slots.find((row) => row.id === slotId);
      if (!slot)
        throw new AppError('VALIDATION_FAILED', 400, SCHEDULING_MESSAGES.slotNotOffered, {
          fields: { slot_id: [SCHEDULING_MESSAGES.slotNotOffered] },
        });
      if (slot.startsAt.getTime() <= now.getTime()) throw slotTaken();
      const end = new Date(slot.startsAt.getTime() + offer.durationMinutes * 60_000);
      if (offer.interviewerId !== null) {
        await lockInterviewer(tx, offer.interviewerId);
        if (await interviewerBusy(tx, offer.interviewerId, slot.startsAt, end, offer.id, offer.interviewId))
          throw slotTaken();
      }
      await setPick(tx, found.participant.id, slot.id, now);
      const people = await listParticipants(tx, [offer.id]);
      const picks = new Map(people.map((person) => [person.kind, person.pickedSlotId]));
      const books = offer.contactPickBooks
        ? picks.get('contact') === slot.id
        : picks.get('candidate') === slot.id && picks.get('contact') === slot.id;
      if (!books) return { picked_slot_id: slot.id, booked: false, starts_at: null };
      await book(tx, deps, offer, slot, people);
      return { picked_slot_id: slot.id, booked: true, starts_at: slot.startsAt.toISOString() };
    });
  } catch (error) {
    // The unique index saw a booking the locks did not (another server's transaction): the time is taken.
    if ((error as { code?: unknown }).code === '23505') throw slotTaken();
    throw error;
  }
}

/**
 * Books the client interview through the pipelines' own actions, as the recruiter who offered the times: a
 * first booking is the submittal outcome "client interview"; a reschedule records the moved interview's
 * outcome "rescheduled" with the new time. Then the offer is booked and the invitations queued.
 */
async function book(tx: Db, deps: Deps, offer: SlotOfferRow, slot: OfferedSlotRow, people: SlotParticipantRow[]) {
  const organizer = offer.createdById === null ? undefined : await getUserById(tx, offer.createdById);
  if (!organizer || !organizer.isActive) throw new AppError('SCHEDULING_CLOSED', 409, SCHEDULING_MESSAGES.closed);
  const facts = await findPipelineFacts(tx, offer.pipelineId);
  if (!facts) throw new AppError('SCHEDULING_CLOSED', 409, SCHEDULING_MESSAGES.closed);
  const on = { ...deps, db: tx };
  const details = {
    scheduled_at: slot.startsAt.toISOString(),
    duration_minutes: offer.durationMinutes,
    location: offer.location,
    meeting_url: offer.meetingUrl,
    interviewer_name: offer.interviewerName,
  };
  const rescheduling = offer.interviewId !== null && (await interviewPending(tx, offer.interviewId));
  if (rescheduling) {
    await recordClientInterviewOutcome(on, organizer as UserRow, offer.pipelineId, {
      version: facts.version,
      interview_id: offer.interviewId!,
      outcome: 'rescheduled',
      feedback: 'Rescheduled: new time picked by the candidate and the client',
      ...details,
    });
  } else {
    await recordSubmittalOutcome(on, organizer, offer.pipelineId, {
      version: facts.version,
      outcome: 'client_interview',
      ...details,
    });
  }
  const interviewId = await findBookedInterviewId(tx, offer.pipelineId, slot.startsAt);
  const sequence = offer.sequence + 1;
  await updateOffer(tx, offer.id, {
    status: 'booked',
    bookedSlotId: slot.id,
    bookedStartsAt: slot.startsAt,
    interviewId,
    sequence,
    updatedAt: deps.config.now(),
  });
  await queueInvitations(tx, deps, organizer, facts, offer, people, {
    method: 'REQUEST',
    start: slot.startsAt,
    sequence,
    rescheduled: rescheduling,
  });
  // The recruiter who offered the times, and the pipeline's recruiter, hear of it in the app.
  const candidate = `${facts.candidate.firstName} ${facts.candidate.lastName}`.trim();
  await notifyUsers(tx, [organizer.id, ...(facts.recruiterId ? [facts.recruiterId] : [])], {
    kind: 'interview_booked',
    title: `${rescheduling ? 'Interview moved' : 'Interview booked'}: ${candidate} for ${facts.role.name}`,
    body: `${offer.contactPickBooks ? 'The client' : 'The candidate and the client'} picked ${slot.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; the invitations are on their way.`,
    link: `/roles/${facts.role.id}/pipelines/${facts.pipelineId}`,
  });
}

/**
 * POST /api/schedule/{token}/outcome/: once the booked interview has started, the contact's link records how it
 * went (passed: the pipeline stays, ready for an offer; rejected: closed, rejected by the client) through the
 * pipelines' own "client interview outcome", with the contact named in the feedback. The candidate's link cannot.
 */
export async function recordOutcomeByContact(
  deps: Deps,
  token: string,
  input: { outcome: 'passed' | 'rejected'; feedback: string },
) {
  const now = deps.config.now();
  const found = await participantOf(deps.db, token, now);
  if (!found || found.participant.kind !== 'contact') throw linkNotFound();
  const { offer, participant } = found;
  if (offer.status !== 'booked' || offer.interviewId === null || !offer.bookedStartsAt)
    throw new AppError('SCHEDULING_CLOSED', 409, SCHEDULING_MESSAGES.closed);
  if (offer.bookedStartsAt.getTime() > now.getTime())
    throw new AppError('INTERVIEW_NOT_HELD', 409, SCHEDULING_MESSAGES.notHeld);
  if (!(await interviewPending(deps.db, offer.interviewId)))
    throw new AppError('OUTCOME_RECORDED', 409, SCHEDULING_MESSAGES.outcomeRecorded);
  const organizer = offer.createdById === null ? undefined : await getUserById(deps.db, offer.createdById);
  const facts = await findPipelineFacts(deps.db, offer.pipelineId);
  if (!organizer || !organizer.isActive || !facts)
    throw new AppError('SCHEDULING_CLOSED', 409, SCHEDULING_MESSAGES.closed);
  const feedback = [`From ${participant.name || 'the client'}`, input.feedback].filter(Boolean).join(': ');
  await inTransaction(deps.db, async (tx) => {
    await recordClientInterviewOutcome({ ...deps, db: tx }, organizer, offer.pipelineId, {
      version: facts.version,
      interview_id: offer.interviewId!,
      outcome: input.outcome,
      feedback,
    });
    const candidate = `${facts.candidate.firstName} ${facts.candidate.lastName}`.trim();
    await notifyUsers(tx, [organizer.id, ...(facts.recruiterId ? [facts.recruiterId] : [])], {
      kind: 'interview_outcome',
      title: `${participant.name || 'The client'}: ${input.outcome === 'passed' ? 'the interview went well' : 'not a fit'} (${candidate}, ${facts.role.name})`,
      body: input.feedback,
      link: `/roles/${facts.role.id}/pipelines/${facts.pipelineId}`,
    });
  });
  return { outcome: input.outcome };
}
