import { escapeHtml } from '../../lib/message-html';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { messageBody, queueOutboundMessage, sendingIdentity, type MessageRecordRef } from '../messages/outbox.service';
import { getAgencySettings } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import { invitationIcs } from './invitation-ics';
import type { PipelineFacts } from './scheduling.repository';
import type { SlotOfferRow, SlotParticipantRow } from './scheduling.table';
import { dateIn, timeIn, zoneAbbreviation } from './zones';

// The mail an offer and a booking send through the durable outbox: each participant's own link, and the
// calendar invitation (REQUEST) or its cancellation (CANCEL) with the .ics as the text/calendar part.

type Sender = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

export const scheduleUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/schedule/${token}`;

function recordsOf(facts: PipelineFacts, participant: Pick<SlotParticipantRow, 'contactId'>): MessageRecordRef[] {
  return [
    { recordType: 'pipeline', recordId: facts.pipelineId },
    { recordType: 'role', recordId: facts.role.id },
    { recordType: 'client', recordId: facts.role.clientId },
    ...(participant.contactId ? [{ recordType: 'contact' as const, recordId: participant.contactId }] : []),
  ];
}

const candidateName = (facts: PipelineFacts) => `${facts.candidate.firstName} ${facts.candidate.lastName}`.trim();

/** The link to pick a time: one message per participant (their own token). */
export async function queueSlotLinks(
  tx: Db,
  deps: Deps,
  sender: Sender,
  facts: PipelineFacts,
  links: { participant: SlotParticipantRow; url: string }[],
): Promise<void> {
  const { agency_name: agencyName } = await getAgencySettings(tx);
  for (const { participant, url } of links) {
    const isCandidate = participant.kind === 'candidate';
    const subject = isCandidate
      ? `Choose a time for your interview: ${facts.role.name}`
      : `Choose a time to interview ${candidateName(facts)} (${facts.role.name})`;
    const intro = isCandidate
      ? `${facts.clientName} would like to interview you for the ${facts.role.name} role.`
      : `Please choose a time to interview ${candidateName(facts)} for the ${facts.role.name} role.`;
    const html =
      `<p>Hello ${escapeHtml(participant.name || '')},</p>` +
      `<p>${escapeHtml(intro)} Choose the time that suits you from the ones offered:</p>` +
      `<p><a href="${escapeHtml(url)}">Choose a time</a></p>` +
      `<p>The times are shown in your own time zone. You will receive a calendar invitation once the interview is booked.</p>` +
      `<p>${escapeHtml(displayName(sender))}<br>${escapeHtml(agencyName)}</p>`;
    await queueOutboundMessage(tx, deps.jobs, {
      authorId: sender.id,
      ...sendingIdentity(deps.config.mailFrom, sender, agencyName),
      to: [{ name: participant.name, address: participant.email }],
      subject,
      ...messageBody(html),
      records: recordsOf(facts, participant),
    });
  }
}

/** The calendar invitation (or cancellation) of a booked offer, to the candidate and the contact. */
export async function queueInvitations(
  tx: Db,
  deps: Deps,
  organizer: Sender,
  facts: PipelineFacts,
  offer: SlotOfferRow,
  participants: SlotParticipantRow[],
  change: { method: 'REQUEST' | 'CANCEL'; start: Date; sequence: number; rescheduled: boolean; reason?: string },
): Promise<void> {
  const { agency_name: agencyName } = await getAgencySettings(tx);
  const summary = `Interview: ${candidateName(facts)} for ${facts.role.name} (${facts.clientName})`;
  const where = [offer.location, offer.meetingUrl].filter(Boolean).join(' · ');
  const ics = invitationIcs({
    method: change.method,
    uid: offer.calendarUid,
    sequence: change.sequence,
    start: change.start,
    durationMinutes: offer.durationMinutes,
    timeZone: offer.timeZone,
    summary,
    description: [
      `Interview for ${facts.role.name} at ${facts.clientName}.`,
      offer.interviewerName ? `Interviewer: ${offer.interviewerName}.` : '',
      offer.meetingUrl ? `Video link: ${offer.meetingUrl}` : '',
      change.reason ?? '',
    ]
      .filter(Boolean)
      .join('\n'),
    location: offer.location || offer.meetingUrl,
    url: offer.meetingUrl,
    organizer: { name: `${displayName(organizer)} (${agencyName})`, email: organizer.email },
    attendees: participants.map((person) => ({ name: person.name, email: person.email })),
    stamp: deps.config.now(),
  });
  for (const participant of participants) {
    const zone = offer.timeZone;
    const whenText = `${dateIn(change.start, zone)}, ${timeIn(change.start, zone)} (${zoneAbbreviation(change.start, zone)}, ${zone})`;
    const subject =
      change.method === 'CANCEL'
        ? `Cancelled: ${summary}`
        : change.rescheduled
          ? `Rescheduled: ${summary}`
          : `Booked: ${summary}`;
    const html =
      `<p>Hello ${escapeHtml(participant.name)},</p>` +
      (change.method === 'CANCEL'
        ? `<p>The interview on ${escapeHtml(whenText)} is cancelled.${change.reason ? ` ${escapeHtml(change.reason)}` : ''}</p>`
        : `<p>The interview is ${change.rescheduled ? 'moved to' : 'booked for'} ${escapeHtml(whenText)}, ${offer.durationMinutes} minutes.</p>` +
          (where ? `<p>Where: ${escapeHtml(where)}</p>` : '') +
          `<p>The calendar invitation is attached.</p>`) +
      `<p>${escapeHtml(displayName(organizer))}<br>${escapeHtml(agencyName)}</p>`;
    await queueOutboundMessage(tx, deps.jobs, {
      authorId: organizer.id,
      ...sendingIdentity(deps.config.mailFrom, organizer, agencyName),
      to: [{ name: participant.name, address: participant.email }],
      subject,
      ...messageBody(html),
      records: recordsOf(facts, participant),
      calendarEvent: { method: change.method, content: ics },
    });
  }
}
