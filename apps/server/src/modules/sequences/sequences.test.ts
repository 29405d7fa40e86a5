import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { jobsTable } from '../../lib/jobs';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { candidatesTable } from '../candidates/candidates.table';
import { linkMessage } from '../messages/outbox.service';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { runDueSequenceSteps, SEQUENCE_JOB } from './sequence-runner';
import { stopSequencesOnReply } from './sequences.service';
import { sequenceEnrolmentsTable, sequenceStepSendsTable } from './sequences.table';

let t: TestApp;
let recruiter: HttpClient;
let recruiterUser: Awaited<ReturnType<typeof insertUser>>;
let otherRecruiter: HttpClient;
let viewer: HttpClient;
let first: number;
let second: number;

beforeAll(async () => {
  t = await buildTestApp();
  recruiterUser = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', email: 'rita@agency.test' });
  recruiter = await signedInClient(t, recruiterUser);
  otherRecruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const make = async (name: string, subject: string) =>
    (
      await recruiter.post('/api/email-templates/', {
        name,
        scope: 'shared',
        subject,
        body_html: '<p>Hi {{candidate.first_name}}</p>',
      })
    ).json.template.id as number;
  first = await make('Step one', 'Hello {{candidate.first_name}}');
  second = await make('Step two', 'Following up, {{candidate.first_name}}');
});
afterAll(async () => {
  await t?.close();
});

/** Moves the app's clock to `iso` (and signs the recruiter in again: sessions expire by that clock). */
const at = async (iso: string) => {
  t.clock.offsetMs = Date.parse(iso) - Date.now();
  recruiter = await signedInClient(t, recruiterUser);
};
const run = () => runDueSequenceSteps(t.app.deps);
const messagesOf = async (candidateId: number) =>
  (
    await t.db
      .select({ subject: messagesTable.subject, direction: messagesTable.direction })
      .from(messageLinksTable)
      .innerJoin(messagesTable, eq(messagesTable.id, messageLinksTable.messageId))
      .where(and(eq(messageLinksTable.recordType, 'candidate'), eq(messageLinksTable.recordId, candidateId)))
      .orderBy(messagesTable.id)
  )
    .filter((row) => row.direction === 'outbound')
    .map((row) => row.subject);
const enrolmentOf = async (candidateId: number) =>
  (await t.db.select().from(sequenceEnrolmentsTable).where(eq(sequenceEnrolmentsTable.candidateId, candidateId)))[0]!;

async function newSequence(skipWeekends = true) {
  const created = await recruiter.post('/api/sequences/', {
    name: `Outreach ${Math.random().toString(36).slice(2, 7)}`,
    skip_weekends: skipWeekends,
    steps: [
      { template_id: first, delay_days: 0 },
      { template_id: second, delay_days: 1 },
    ],
  });
  expect(created.status, created.text).toBe(201);
  return created.json.sequence.id as number;
}

describe('sequences', () => {
  it('creates, reads, updates, lists, and refuses viewers, six steps and others’ personal templates', async () => {
    const id = await newSequence();
    const got = await recruiter.get(`/api/sequences/${id}/`);
    expect(got.json.sequence).toMatchObject({
      skip_weekends: true,
      steps: [
        { template: { id: first, name: 'Step one' }, delay_days: 0 },
        { template: { id: second, name: 'Step two' }, delay_days: 1 },
      ],
      active_enrolments: 0,
      can_edit: true,
    });
    const renamed = await recruiter.request('PUT', `/api/sequences/${id}/`, {
      body: { name: 'Renamed', skip_weekends: false, steps: [{ template_id: second, delay_days: 3 }] },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.sequence).toMatchObject({ name: 'Renamed', skip_weekends: false, steps: [{ delay_days: 3 }] });
    expect((await recruiter.get('/api/sequences/')).json.sequences.map((s: { id: number }) => s.id)).toContain(id);
    expect((await otherRecruiter.get(`/api/sequences/${id}/`)).json.sequence.can_edit).toBe(false);
    expect((await otherRecruiter.request('PUT', `/api/sequences/${id}/`, { body: renamed.json.sequence })).status).toBe(
      400,
    );
    expect(
      (
        await otherRecruiter.request('PUT', `/api/sequences/${id}/`, {
          body: { name: 'X', steps: [{ template_id: first, delay_days: 0 }] },
        })
      ).status,
    ).toBe(403);

    expect((await viewer.get('/api/sequences/')).status).toBe(403);
    const six = Array.from({ length: 6 }, () => ({ template_id: first, delay_days: 1 }));
    const tooLong = await recruiter.post('/api/sequences/', { name: 'Long', steps: six });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.fields.steps).toEqual(['A sequence has at most 5 steps.']);
    const personal = await otherRecruiter.post('/api/email-templates/', {
      name: 'Theirs',
      scope: 'personal',
      subject: 's',
      body_html: 'b',
    });
    const notMine = await recruiter.post('/api/sequences/', {
      name: 'Borrowed',
      steps: [{ template_id: personal.json.template.id, delay_days: 0 }],
    });
    expect(notMine.status).toBe(400);
    expect(notMine.json.fields['steps.0.template_id']).toEqual(['Choose a template you can use.']);
    expect((await recruiter.request('DELETE', `/api/sequences/${id}/`)).status).toBe(200);
  });

  it('sends each step once, on working days when weekends are skipped, then finishes', async () => {
    const id = await newSequence(true);
    const candidate = await insertCandidate(t.db, { firstName: 'Wendy' });
    const dnc = await insertCandidate(t.db, { firstName: 'Dan', lastName: 'Dnc', status: 'do_not_contact' });
    await at('2030-01-04T10:00:00Z'); // a Friday
    const enrolled = await recruiter.post(`/api/sequences/${id}/enrol/`, { candidate_ids: [candidate.id, dnc.id] });
    expect(enrolled.status, enrolled.text).toBe(200);
    expect(enrolled.json.result).toEqual({
      enrolled: 1,
      left_out: [{ candidate_id: dnc.id, name: 'Dan Dnc', reason: 'do_not_contact', detail: 'Marked do not contact.' }],
    });
    const again = await recruiter.post(`/api/sequences/${id}/enrol/`, { candidate_ids: [candidate.id] });
    expect(again.json.result.left_out[0].reason).toBe('already_enrolled');

    expect(await run()).toMatchObject({ queued: 1 });
    expect(await messagesOf(candidate.id)).toEqual(['Hello Wendy']);
    // One working day after Friday is Monday.
    const afterFirst = await enrolmentOf(candidate.id);
    expect(afterFirst).toMatchObject({ state: 'active', nextStep: 1 });
    expect(afterFirst.nextRunAt!.toISOString().slice(0, 10)).toBe('2030-01-07');

    // The job running twice (or on two servers) queues a step once: the step's key is taken.
    await t.db
      .update(sequenceEnrolmentsTable)
      .set({ nextStep: 0, nextRunAt: new Date('2030-01-04T10:00:00Z') })
      .where(eq(sequenceEnrolmentsTable.id, afterFirst.id));
    await Promise.all([run(), run()]);
    expect(await messagesOf(candidate.id)).toEqual(['Hello Wendy']);
    expect((await enrolmentOf(candidate.id)).nextStep).toBe(1);

    await at('2030-01-05T12:00:00Z'); // Saturday: nothing due
    expect(await run()).toEqual({ queued: 0, stopped: 0, finished: 0 });
    await at('2030-01-07T11:00:00Z'); // Monday
    expect(await run()).toMatchObject({ queued: 1 });
    expect(await messagesOf(candidate.id)).toEqual(['Hello Wendy', 'Following up, Wendy']);
    expect(await enrolmentOf(candidate.id)).toMatchObject({ state: 'finished', nextStep: 2, nextRunAt: null });
    const sends = await t.db
      .select()
      .from(sequenceStepSendsTable)
      .where(eq(sequenceStepSendsTable.enrolmentId, afterFirst.id));
    expect(sends.map((row) => row.position).sort()).toEqual([0, 1]);

    const listed = await recruiter.get(`/api/sequences/${id}/enrolments/?state=finished`);
    expect(listed.json.enrolments).toMatchObject([{ candidate: { id: candidate.id }, state: 'finished' }]);
  });

  it('stops when the candidate replies (stopSequencesOnReply), is placed, is marked do not contact, or by hand', async () => {
    const id = await newSequence(false);
    const replier = await insertCandidate(t.db, { firstName: 'Reply' });
    const placed = await insertCandidate(t.db, { firstName: 'Placed' });
    const manual = await insertCandidate(t.db, { firstName: 'Manual' });
    const dnc = await insertCandidate(t.db, { firstName: 'Later' });
    await at('2030-02-04T09:00:00Z');
    await recruiter.post(`/api/sequences/${id}/enrol/`, {
      candidate_ids: [replier.id, placed.id, manual.id, dnc.id],
    });
    expect(await run()).toMatchObject({ queued: 4 });
    expect((await recruiter.request('DELETE', `/api/sequences/${id}/`)).status).toBe(409);

    // The reply, as the mailbox sync stores it, then calls stopSequencesOnReply.
    const [inbound] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'inbound',
        status: 'received',
        messageIdHeader: `reply-${Date.now()}@mail.example`,
        threadKey: `reply-${Date.now()}@mail.example`,
        fromAddress: replier.email,
        subject: 'Re: Hello Reply',
        occurredAt: new Date('2030-02-04T12:00:00Z'),
      })
      .returning();
    await linkMessage(t.db, inbound!.id, inbound!.occurredAt, [{ recordType: 'candidate', recordId: replier.id }]);
    expect(await stopSequencesOnReply(t.db, [replier.id], inbound!.id)).toEqual([
      { enrolledById: expect.any(Number), sequenceName: expect.any(String) },
    ]);
    expect(await stopSequencesOnReply(t.db, [replier.id], inbound!.id)).toEqual([]);
    expect(await enrolmentOf(replier.id)).toMatchObject({
      state: 'stopped',
      stopReason: 'replied',
      stopMessageId: inbound!.id,
    });

    await t.db.update(candidatesTable).set({ status: 'placed' }).where(eq(candidatesTable.id, placed.id));
    await t.db.update(candidatesTable).set({ status: 'do_not_contact' }).where(eq(candidatesTable.id, dnc.id));
    const manualEnrolment = await enrolmentOf(manual.id);
    const stopped = await recruiter.post(`/api/sequences/${id}/enrolments/${manualEnrolment.id}/stop/`);
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json.enrolment).toMatchObject({ state: 'stopped', stop_reason: 'stopped_by_user' });

    await at('2030-02-06T09:00:00Z');
    expect(await run()).toEqual({ queued: 0, stopped: 2, finished: 0 });
    expect(await enrolmentOf(placed.id)).toMatchObject({ state: 'stopped', stopReason: 'placed' });
    expect(await enrolmentOf(dnc.id)).toMatchObject({ state: 'stopped', stopReason: 'do_not_contact' });
    for (const candidate of [replier, placed, manual, dnc]) expect(await messagesOf(candidate.id)).toHaveLength(1);
    expect((await recruiter.post(`/api/sequences/${id}/enrolments/99999/stop/`)).status).toBe(404);
  });

  it('stops on a reply the mailbox logged, and runs as a recurring job on the job runner', async () => {
    const id = await newSequence(false);
    const candidate = await insertCandidate(t.db, { firstName: 'Quiet' });
    await at('2030-03-04T09:00:00Z');
    await recruiter.post(`/api/sequences/${id}/enrol/`, { candidate_ids: [candidate.id] });
    expect(await run()).toMatchObject({ queued: 1 });
    const [inbound] = await t.db
      .insert(messagesTable)
      .values({
        direction: 'inbound',
        status: 'received',
        messageIdHeader: `logged-${Date.now()}@mail.example`,
        threadKey: `logged-${Date.now()}@mail.example`,
        fromAddress: candidate.email,
        occurredAt: new Date('2030-03-04T10:00:00Z'),
      })
      .returning();
    await linkMessage(t.db, inbound!.id, inbound!.occurredAt, [{ recordType: 'candidate', recordId: candidate.id }]);
    await at('2030-03-06T09:00:00Z');
    expect(await run()).toMatchObject({ queued: 0, stopped: 1 });
    expect(await enrolmentOf(candidate.id)).toMatchObject({ stopReason: 'replied', stopMessageId: inbound!.id });

    await t.app.deps.jobs.drain();
    const [job] = await t.db.select().from(jobsTable).where(eq(jobsTable.kind, SEQUENCE_JOB));
    expect(job).toMatchObject({ recurring: true });
  });
});
