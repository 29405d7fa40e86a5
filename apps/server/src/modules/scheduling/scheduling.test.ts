// Over 400 lines: one journey per describe (offer, page, booking, outcome, double booking) shares one app, relay and helpers.
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertInterview, insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { startFakeRelay, type FakeRelay } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';
import { interviewsTable } from '../pipelines/pipelines.table';
import { invitationIcs } from './invitation-ics';
import { instantOfWallClock } from './zones';

// Interview scheduling (issue 35) through real HTTP, a real SMTP server and the job runner: times offered in
// the interviewer's zone, shown in each viewer's; picks, booking through the pipeline, double booking, the
// calendar invitations read back with ical.js.

let t: TestApp;
let relay: FakeRelay;
let recruiter: UserRow;
let client: HttpClient;
const anonymous = () => new HttpClient(t.baseUrl);

beforeAll(async () => {
  relay = await startFakeRelay();
  t = await buildTestApp({ env: { SMTP_URL: relay.url, MAIL_FROM: 'RecruitDesk <outbox@agency.test>' } });
  recruiter = await insertUser(t.db, {
    firstName: 'Rita',
    lastName: 'Recruiter',
    email: 'rita@agency.test',
    userType: ['recruiter'],
    timeZone: 'America/New_York',
  });
  client = await signedInClient(t, recruiter);
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});

let sequence = 0;
/** A submitted pipeline whose role has a hiring manager; the candidate and the contact with unique emails. */
async function submittedPipeline(overrides: { hiringManager?: boolean; stage?: string } = {}) {
  sequence += 1;
  const company = await insertClient(t.db);
  const contact = await insertContact(t.db, {
    clientId: company.id,
    firstName: 'Hana',
    lastName: `Boss${sequence}`,
    email: `hana${sequence}@client.test`,
  });
  const role = await insertRole(t.db, {
    clientId: company.id,
    name: `Data Engineer ${sequence}`,
    hiringManagerContactId: overrides.hiringManager === false ? null : contact.id,
  });
  const candidate = await insertCandidate(t.db, {
    firstName: 'Cara',
    lastName: `Lee${sequence}`,
    email: `cara${sequence}@example.test`,
  });
  const pipeline = await insertPipeline(t.db, {
    roleId: role.id,
    candidateId: candidate.id,
    stage: overrides.stage ?? 'submitted',
    recruiterId: recruiter.id,
  });
  return { pipeline, contact, candidate, role };
}

async function interviewer(zone = 'America/New_York') {
  sequence += 1;
  return insertUser(t.db, {
    firstName: 'Ivan',
    lastName: `Interviewer${sequence}`,
    email: `ivan${sequence}@agency.test`,
    userType: ['recruiter'],
    timeZone: zone,
  });
}

interface Offered {
  candidateToken: string;
  contactToken: string;
  slots: { id: number; starts_at: string }[];
  offerId: number;
}

async function offer(pipelineId: number, body: Record<string, unknown>): Promise<Offered> {
  const response = await client.post(`/api/pipelines/${pipelineId}/slots/`, body);
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  const participants = response.json.offer.participants as { kind: string; url: string }[];
  const token = (kind: string) =>
    new URL(participants.find((person) => person.kind === kind)!.url).pathname.split('/')[2]!;
  return {
    candidateToken: token('candidate'),
    contactToken: token('contact'),
    slots: response.json.offer.slots,
    offerId: response.json.offer.id,
  };
}

const pick = (token: string, slotId: number) =>
  fetch(`${t.baseUrl}/api/schedule/${token}/pick/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ slot_id: slotId }),
  });

const pageOf = async (token: string, tz?: string) => {
  const response = await fetch(`${t.baseUrl}/schedule/${token}${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`);
  return { status: response.status, html: await response.text() };
};

/** Sends what the outbox holds; the calendar parts of the mails to `address` (oldest first), parsed. */
async function invitationsTo(address: string) {
  await t.app.deps.jobs.drain();
  const mails = await Promise.all(
    relay.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)),
  );
  return mails.flatMap((mail) =>
    mail.attachments
      .filter((part) => part.contentType === 'text/calendar')
      .map((part) => {
        const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
        return {
          subject: mail.subject ?? '',
          calendar,
          event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
        };
      }),
  );
}

describe('offering times', () => {
  it('refuses bad input, the wrong stage, a role without a hiring manager, and viewers', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const valid = { interviewer_id: person.id, time_zone: 'America/New_York', slots: [{ start: '2027-01-12T09:00' }] };
    const post = (body: unknown) => client.post(`/api/pipelines/${pipeline.id}/slots/`, body);
    expect((await post({ ...valid, slots: [] })).json.fields.slots).toEqual(['Offer at least one time.']);
    expect((await post({ ...valid, time_zone: 'Mars/Olympus' })).json.fields.time_zone).toEqual([
      'Choose a time zone from the list.',
    ]);
    expect((await post({ ...valid, slots: [{ start: '2027-13-99' }] })).status).toBe(400);
    expect((await post({ ...valid, slots: [{ start: '2020-01-01T09:00' }] })).json.fields.slots).toEqual([
      'Offer times in the future.',
    ]);
    expect(
      (await post({ ...valid, slots: [{ start: '2027-01-12T09:00' }, { start: '2027-01-12T09:00' }] })).status,
    ).toBe(400);
    expect((await post({ ...valid, interviewer_id: 2_000_000_000 })).json.fields.interviewer_id).toBeDefined();
    expect((await post({ ...valid, meeting_url: 'javascript:alert(1)' })).status).toBe(400);

    const sourced = await submittedPipeline({ stage: 'sourced' });
    expect((await client.post(`/api/pipelines/${sourced.pipeline.id}/slots/`, valid)).status).toBe(409);
    const noManager = await submittedPipeline({ hiringManager: false });
    const refused = await client.post(`/api/pipelines/${noManager.pipeline.id}/slots/`, valid);
    expect(refused.json.fields.contact_id).toBeDefined();
    // Naming the contact instead works.
    expect(
      (
        await client.post(`/api/pipelines/${noManager.pipeline.id}/slots/`, {
          ...valid,
          contact_id: noManager.contact.id,
        })
      ).status,
    ).toBe(201);

    const viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    expect((await viewer.post(`/api/pipelines/${pipeline.id}/slots/`, valid)).status).toBe(403);
    expect((await viewer.get(`/api/pipelines/${pipeline.id}/slots/`)).status).toBe(200);
    expect((await client.get('/api/pipelines/2000000000/slots/')).status).toBe(404);
  });

  it('emails the candidate and the hiring manager each their own link', async () => {
    const { pipeline, contact, candidate } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'America/New_York',
      slots: [{ start: '2027-01-12T09:00' }, { start: '2027-01-13T10:00' }],
      meeting_url: 'https://meet.example.test/abc',
    });
    expect(offered.candidateToken).not.toBe(offered.contactToken);
    await t.app.deps.jobs.drain();
    const toCandidate = relay.received.find((mail) => mail.to.includes(candidate.email))!;
    const toContact = relay.received.find((mail) => mail.to.includes(contact.email))!;
    const unwrap = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unwrap(toCandidate.raw)).toContain(`/schedule/${offered.candidateToken}`);
    expect(unwrap(toCandidate.raw)).not.toContain(offered.contactToken);
    expect(unwrap(toContact.raw)).toContain(`/schedule/${offered.contactToken}`);

    const status = await client.get(`/api/pipelines/${pipeline.id}/slots/`);
    expect(status.json.offer).toMatchObject({ status: 'open', time_zone: 'America/New_York', sequence: 0 });
    expect(status.json.offer.participants.map((p: { kind: string }) => p.kind)).toEqual(['candidate', 'contact']);
    // The links are shown only when made.
    expect(status.json.offer.participants[0].url).toBeUndefined();
  });
});

describe('the public page', () => {
  it('shows a slot offered in New York in London and Sydney time, across a DST change, escaped', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'America/New_York',
      location: '<script>alert(1)</script> Room 4',
      // January: New York is UTC-5, London UTC+0, Sydney UTC+11. 16 March: New York already on daylight time
      // (UTC-4, from 14 March), London not yet (until 28 March), Sydney still on daylight time (UTC+11).
      slots: [{ start: '2027-01-12T09:00' }, { start: '2027-03-16T09:00' }],
    });
    expect(offered.slots.map((slot) => slot.starts_at)).toEqual([
      '2027-01-12T14:00:00.000Z',
      '2027-03-16T13:00:00.000Z',
    ]);

    const ny = await pageOf(offered.candidateToken);
    expect(ny.status).toBe(200);
    expect(ny.html).toContain('Times are shown in <strong>America/New_York</strong>');
    expect(ny.html).toContain('Tuesday, 12 January 2027, 09:00–10:00');
    expect(ny.html).toContain('Tuesday, 16 March 2027, 09:00–10:00');
    expect(ny.html).not.toContain('<script>alert(1)');
    expect(ny.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Room 4');
    expect(ny.html).toContain('<script src="/schedule-time-zone.js" defer></script>');

    const london = await pageOf(offered.candidateToken, 'Europe/London');
    expect(london.html).toContain('Times are shown in <strong>Europe/London</strong> (GMT)');
    expect(london.html).toContain('Tuesday, 12 January 2027, 14:00–15:00');
    expect(london.html).toContain('Tuesday, 16 March 2027, 13:00–14:00');
    expect(london.html).toContain('<option value="Europe/London" selected>');

    const sydney = await pageOf(offered.contactToken, 'Australia/Sydney');
    expect(sydney.html).toContain('Wednesday, 13 January 2027, 01:00–02:00');
    expect(sydney.html).toContain('Wednesday, 17 March 2027, 00:00–01:00');

    // An unknown zone falls back to the interviewer's.
    expect((await pageOf(offered.candidateToken, 'Nowhere/Land')).html).toContain('<strong>America/New_York</strong>');
    const script = await fetch(`${t.baseUrl}/schedule-time-zone.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('resolvedOptions().timeZone');
  });

  it('answers 404 for tampered, unknown and expired links', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      slots: [{ start: '2027-01-12T09:00' }],
    });
    const token = offered.candidateToken;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`, 'x'.repeat(43)]) {
      expect((await pageOf(bad)).status).toBe(404);
      expect((await pick(bad, offered.slots[0]!.id)).status).toBe(404);
    }
    expect((await pageOf(token)).status).toBe(200);
    // A week after the last time offered, the link has expired.
    const expiresIn = Date.parse('2027-01-19T09:00:00Z') - Date.now();
    t.clock.offsetMs = expiresIn + 3_600_000;
    try {
      expect((await pageOf(token)).status).toBe(404);
      expect((await pick(token, offered.slots[0]!.id)).status).toBe(404);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('takes a form post without a session or CSRF token and goes back to the page', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      slots: [{ start: '2027-02-02T09:00' }, { start: '2027-02-03T09:00' }],
    });
    const response = await fetch(`${t.baseUrl}/api/schedule/${offered.candidateToken}/pick/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `slot_id=${offered.slots[1]!.id}&tz=Asia%2FTokyo`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/schedule/${offered.candidateToken}?tz=Asia%2FTokyo&notice=picked`);
    const after = await pageOf(offered.candidateToken, 'Asia/Tokyo');
    expect(after.html).toContain('Your choice');
    // A slot of another offer is not this link's to pick.
    const other = await submittedPipeline();
    const otherOffer = await offer(other.pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      slots: [{ start: '2027-02-04T09:00' }],
    });
    expect((await pick(offered.candidateToken, otherOffer.slots[0]!.id)).status).toBe(400);
  });
});

describe('booking', () => {
  it('books when both picked the same time, sends REQUEST invitations; a reschedule raises SEQUENCE; cancel sends CANCEL', async () => {
    const { pipeline, contact, candidate } = await submittedPipeline();
    const person = await interviewer('America/New_York');
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'America/New_York',
      duration_minutes: 45,
      location: 'Client office, 5th floor',
      slots: [{ start: '2027-01-12T09:00' }, { start: '2027-01-12T11:00' }, { start: '2027-01-13T15:30' }],
    });
    const [first, second, third] = offered.slots;
    // Different picks book nothing.
    expect(await (await pick(offered.candidateToken, first!.id)).json()).toMatchObject({ booked: false });
    expect(await (await pick(offered.contactToken, second!.id)).json()).toMatchObject({ booked: false });
    let status = (await client.get(`/api/pipelines/${pipeline.id}/slots/`)).json.offer;
    expect(status.participants.map((p: { picked_slot_id: number }) => p.picked_slot_id)).toEqual([
      first!.id,
      second!.id,
    ]);
    // The candidate changes to the contact's time: booked.
    const booked = await (await pick(offered.candidateToken, second!.id)).json();
    expect(booked).toMatchObject({ success: true, booked: true, starts_at: '2027-01-12T16:00:00.000Z' });

    status = (await client.get(`/api/pipelines/${pipeline.id}/slots/`)).json.offer;
    expect(status).toMatchObject({ status: 'booked', booked_slot_id: second!.id, sequence: 0 });
    const detail = (await client.get(`/api/pipelines/${pipeline.id}/`)).json.data;
    expect(detail.pipeline.stage.name).toBe('client_interview');
    const [interview] = await t.db
      .select()
      .from(interviewsTable)
      .where(and(eq(interviewsTable.pipelineId, pipeline.id), eq(interviewsTable.outcome, 'pending')));
    expect(interview).toMatchObject({ kind: 'client', durationMinutes: 45, location: 'Client office, 5th floor' });
    expect(interview!.scheduledAt.toISOString()).toBe('2027-01-12T16:00:00.000Z');
    expect(status.interview_id).toBe(interview!.id);
    // The recruiter hears of it in the app.
    const bell = (await client.get('/api/notifications/')).json;
    expect(JSON.stringify(bell)).toContain(`/roles/${pipeline.roleId}/pipelines/${pipeline.id}`);
    // The page now says booked; further picks are refused.
    expect((await pageOf(offered.contactToken, 'Europe/London')).html).toContain(
      'Booked for <strong>Tuesday, 12 January 2027, 16:00–16:45</strong>',
    );
    expect((await pick(offered.contactToken, third!.id)).status).toBe(409);

    const [request] = await invitationsTo(candidate.email);
    expect(request).toBeDefined();
    expect(request!.calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(request!.event.sequence).toBe(0);
    const dtstart = request!.event.component.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('America/New_York');
    expect(request!.calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('America/New_York');
    expect(String(dtstart.getFirstValue())).toBe('2027-01-12T11:00:00');
    expect(request!.event.startDate.toJSDate().toISOString()).toBe('2027-01-12T16:00:00.000Z');
    expect(request!.event.endDate.toJSDate().toISOString()).toBe('2027-01-12T16:45:00.000Z');
    expect(request!.event.organizer).toBe('mailto:rita@agency.test');
    const attendees = request!.event.attendees.map((attendee) => String(attendee.getFirstValue()));
    expect(attendees).toEqual([`mailto:${candidate.email}`, `mailto:${contact.email}`]);
    expect(request!.event.location).toBe('Client office, 5th floor');
    const uid = request!.event.uid;
    expect((await invitationsTo(contact.email)).map((item) => item.event.uid)).toEqual([uid]);

    // The recruiter's iCal feed shows the interview.
    const feed = await client.post('/api/calendar/subscription/rotate/');
    const ics = await anonymous().get(new URL(feed.json.subscription.url).pathname);
    const feedEvents = new ICAL.Component(ICAL.parse(ics.text))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    expect(feedEvents.some((event) => event.startDate.toJSDate().toISOString() === '2027-01-12T16:00:00.000Z')).toBe(
      true,
    );

    // Reschedule: a new offer; the interview stays until the new time is picked, then moves (SEQUENCE 1).
    const again = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'America/New_York',
      duration_minutes: 45,
      location: 'Client office, 5th floor',
      slots: [{ start: '2027-01-20T10:00' }, { start: '2027-01-21T10:00' }],
    });
    expect((await pageOf(offered.candidateToken)).html).toContain('no longer being scheduled');
    await pick(again.contactToken, again.slots[1]!.id);
    expect(await (await pick(again.candidateToken, again.slots[1]!.id)).json()).toMatchObject({ booked: true });
    const outcomes = await t.db
      .select({ outcome: interviewsTable.outcome, at: interviewsTable.scheduledAt })
      .from(interviewsTable)
      .where(eq(interviewsTable.pipelineId, pipeline.id))
      .orderBy(interviewsTable.id);
    expect(outcomes.map((row) => [row.outcome, row.at.toISOString()])).toEqual([
      ['rescheduled', '2027-01-12T16:00:00.000Z'],
      ['pending', '2027-01-21T15:00:00.000Z'],
    ]);
    const afterReschedule = await invitationsTo(candidate.email);
    expect(afterReschedule).toHaveLength(2);
    expect(afterReschedule[1]!.event.uid).toBe(uid);
    expect(afterReschedule[1]!.event.sequence).toBe(1);
    expect(afterReschedule[1]!.subject).toMatch(/^Rescheduled:/);

    // Cancel: CANCEL with SEQUENCE 2; the interview is cancelled in the pipeline.
    const cancelled = await client.post(`/api/pipelines/${pipeline.id}/slots/cancel/`, { reason: 'Role on hold' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.offer).toMatchObject({ status: 'cancelled', sequence: 2 });
    const afterCancel = await invitationsTo(contact.email);
    const cancel = afterCancel[afterCancel.length - 1]!;
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.uid).toBe(uid);
    expect(cancel.event.sequence).toBe(2);
    expect(cancel.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const [last] = await t.db
      .select({ outcome: interviewsTable.outcome })
      .from(interviewsTable)
      .where(eq(interviewsTable.pipelineId, pipeline.id))
      .orderBy(interviewsTable.id)
      .offset(1);
    expect(last!.outcome).toBe('cancelled');
    expect((await client.post(`/api/pipelines/${pipeline.id}/slots/cancel/`, {})).status).toBe(404);
  });

  it('books on the contact pick alone when the offer says so', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      contact_pick_books: true,
      slots: [{ start: '2027-02-10T09:00' }],
    });
    expect(await (await pick(offered.contactToken, offered.slots[0]!.id)).json()).toMatchObject({ booked: true });
  });

  it("asks the contact's link how the interview went once it started, and records it on the pipeline", async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      contact_pick_books: true,
      slots: [{ start: '2027-02-11T09:00' }],
    });
    await pick(offered.contactToken, offered.slots[0]!.id);
    const outcome = (token: string, body: unknown) =>
      fetch(`${t.baseUrl}/api/schedule/${token}/outcome/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await pageOf(offered.contactToken)).html).not.toContain('How did the interview go?');
    expect((await outcome(offered.contactToken, { outcome: 'passed' })).status).toBe(409);
    t.clock.offsetMs = Date.parse('2027-02-11T10:00:00Z') - Date.now();
    try {
      expect((await pageOf(offered.contactToken)).html).toContain('How did the interview go?');
      expect((await pageOf(offered.candidateToken)).html).not.toContain('How did the interview go?');
      expect((await outcome(offered.candidateToken, { outcome: 'passed' })).status).toBe(404);
      expect((await outcome(offered.contactToken, { outcome: 'maybe' })).status).toBe(400);
      const form = await fetch(`${t.baseUrl}/api/schedule/${offered.contactToken}/outcome/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=passed&feedback=Strong+on+systems+design',
      });
      expect(form.status).toBe(303);
      const [row] = await t.db.select().from(interviewsTable).where(eq(interviewsTable.pipelineId, pipeline.id));
      expect(row).toMatchObject({ outcome: 'passed' });
      expect(row!.feedback).toMatch(/^From Hana Boss\d+: Strong on systems design$/);
      expect((await pageOf(offered.contactToken)).html).toContain('The outcome of this interview is recorded.');
      expect((await outcome(offered.contactToken, { outcome: 'rejected' })).status).toBe(409);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('never double-books an interviewer: two picks at once, and a time they are already busy', async () => {
    const person = await interviewer();
    const offers = await Promise.all(
      [1, 2].map(async () => {
        const { pipeline } = await submittedPipeline();
        return offer(pipeline.id, {
          interviewer_id: person.id,
          time_zone: 'Europe/London',
          contact_pick_books: true,
          slots: [{ start: '2027-02-15T09:00' }, { start: '2027-02-15T14:00' }],
        });
      }),
    );
    const answers = await Promise.all(offers.map((item) => pick(item.contactToken, item.slots[0]!.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = offers[answers.findIndex((answer) => answer.status === 409)]!;
    const refusal = (await answers.find((answer) => answer.status === 409)!.json()) as { error: string };
    expect(refusal.error).toBe('This time is no longer available. Choose another.');
    // The taken time shows as no longer available; the other still works.
    expect((await pageOf(loser.candidateToken, 'Europe/London')).html).toContain(
      'Monday, 15 February 2027, 09:00–10:00 · No longer available',
    );
    expect((await pick(loser.contactToken, loser.slots[1]!.id)).status).toBe(200);

    // An internal interview the interviewer holds overlaps a slot: taken.
    const busy = await interviewer();
    const { pipeline } = await submittedPipeline();
    const held = await insertPipeline(t.db);
    await insertInterview(t.db, {
      pipelineId: held.id,
      interviewerId: busy.id,
      scheduledAt: instantOfWallClock('2027-02-16T09:30', 'Europe/London'),
      durationMinutes: 60,
    });
    const blocked = await offer(pipeline.id, {
      interviewer_id: busy.id,
      time_zone: 'Europe/London',
      slots: [{ start: '2027-02-16T09:00' }, { start: '2027-02-16T11:00' }],
    });
    const status = (await client.get(`/api/pipelines/${pipeline.id}/slots/`)).json.offer;
    expect(status.slots.map((slot: { available: boolean }) => slot.available)).toEqual([false, true]);
    expect((await pick(blocked.candidateToken, blocked.slots[0]!.id)).status).toBe(409);
  });

  it('rate limits the links', async () => {
    const { pipeline } = await submittedPipeline();
    const person = await interviewer();
    const offered = await offer(pipeline.id, {
      interviewer_id: person.id,
      time_zone: 'Europe/London',
      slots: [{ start: '2027-02-20T09:00' }],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) statuses.push((await pageOf(offered.candidateToken)).status);
    expect(statuses).toContain(429);
    await t.app.deps.throttle.clear(['schedule:ip:127.0.0.1']);
  });
});

describe('the invitation text', () => {
  it('escapes text, folds long lines and carries a VTIMEZONE with the zone changes', () => {
    const ics = invitationIcs({
      method: 'REQUEST',
      uid: 'abc@recruitdesk',
      sequence: 3,
      start: new Date('2027-06-01T13:00:00Z'),
      durationMinutes: 30,
      timeZone: 'Europe/Berlin',
      summary: 'Interview; a, b\nc',
      description: 'x'.repeat(200),
      location: '',
      url: '',
      organizer: { name: 'Rita "R" Recruiter', email: 'rita@agency.test' },
      attendees: [{ name: 'Zoë', email: 'zoe@example.test' }],
      stamp: new Date('2027-01-01T00:00:00Z'),
    });
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Interview; a, b\nc');
    expect(event.description).toBe('x'.repeat(200));
    expect(event.startDate.toString()).toBe('2027-06-01T15:00:00');
    const zone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(zone.getAllSubcomponents('daylight').length).toBeGreaterThan(0);
    expect(zone.getAllSubcomponents('standard').length).toBeGreaterThan(0);
    expect(event.attendees[0]!.getParameter('cn')).toBe('Zoë');
  });
});
