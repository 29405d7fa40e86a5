import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertContact } from '../../factories/contacts.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { startFakeRelay, type FakeRelay } from '../../test/mail';
import { signedInClient } from '../../test/sign-in';
import { jobsTable } from '../../lib/jobs';
import { messagesTable } from './messages.table';

// The outbox through real HTTP and a real SMTP server on 127.0.0.1: what the relay answers decides the status;
// nothing is sent twice.

let t: TestApp;
let relay: FakeRelay;
let recruiter: HttpClient;
let recruiterId: number;

beforeAll(async () => {
  relay = await startFakeRelay();
  t = await buildTestApp({ env: { SMTP_URL: relay.url, MAIL_FROM: 'RecruitDesk <outbox@agency.test>' } });
  const user = await insertUser(t.db, {
    firstName: 'Rita',
    lastName: 'Recruiter',
    email: 'rita@agency.test',
    userType: ['recruiter'],
  });
  recruiterId = user.id;
  recruiter = await signedInClient(t, user);
});
afterAll(async () => {
  await t?.close();
  await relay?.close();
});
beforeEach(() => {
  relay.answers = [];
});

/** Lets the back-off pass: the job runner's retry is due now (the database clock decides). */
async function retryNow() {
  await t.db
    .update(jobsTable)
    .set({ runAfter: sql`now()` })
    .where(eq(jobsTable.state, 'queued'));
}

async function compose(body: Record<string, unknown>, headers?: Record<string, string>) {
  return recruiter.post('/api/messages/', { subject: 'Hello', body_html: '<p>Hi there</p>', ...body }, headers);
}

/** The header block with folded lines unfolded. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');

const delivered = (subject: string) => relay.received.filter((mail) => mail.raw.includes(`Subject: ${subject}`));

describe('the mail.send job', () => {
  it('sends once after a 4xx, with its fixed Message-ID, From the agency and Reply-To the recruiter', async () => {
    const candidate = await insertCandidate(t.db, { firstName: 'Cara', lastName: 'Lee', email: 'cara@example.test' });
    const created = await compose({ to: [{ record: 'candidate', id: candidate.id }], subject: 'Deferred once' });
    expect(created.status).toBe(201);
    expect(created.json.message).toMatchObject({ status: 'queued', subject: 'Deferred once' });
    const id = created.json.message.id as number;

    relay.answers = [{ code: 451, message: '4.3.0 Try again later' }];
    await t.app.deps.jobs.drain();
    const deferred = (await recruiter.get(`/api/messages/${id}/`)).json.message;
    expect(deferred.status).toBe('queued');
    expect(deferred.status_detail).toContain('451');
    expect(delivered('Deferred once')).toHaveLength(0);

    await retryNow();
    await t.app.deps.jobs.drain();
    const sent = (await recruiter.get(`/api/messages/${id}/`)).json.message;
    expect(sent.status).toBe('sent');
    expect(sent.status_detail).toMatch(/^250/);
    const mails = delivered('Deferred once');
    expect(mails).toHaveLength(1);
    const [row] = await t.db.select().from(messagesTable).where(eq(messagesTable.id, id));
    expect(row!.attempts).toBe(2);
    expect(mails[0]!.raw).toContain(`Message-ID: <${row!.messageIdHeader}>`);
    expect(mails[0]!.raw).toMatch(/^From: "?Rita Recruiter \(My Agency\)"? <outbox@agency\.test>/m);
    expect(mails[0]!.raw).toMatch(/^Reply-To: "?Rita Recruiter"? <rita@agency\.test>/m);
    expect(mails[0]!.to).toEqual(['cara@example.test']);
    // A message to a candidate carries the unsubscribe link and the one-click headers.
    expect(headersOf(mails[0]!.raw)).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[\w.-]+>/m);
    expect(headersOf(mails[0]!.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // Its job is done: draining again sends nothing more.
    await retryNow();
    await t.app.deps.jobs.drain();
    expect(delivered('Deferred once')).toHaveLength(1);
  });

  it('a 5xx fails the message with the relay answer, and it is not retried', async () => {
    const candidate = await insertCandidate(t.db, { email: 'gone@example.test' });
    const created = await compose({ to: [{ record: 'candidate', id: candidate.id }], subject: 'Refused' });
    relay.answers = [{ code: 550, message: '5.1.1 No such user here' }];
    await t.app.deps.jobs.drain();
    await retryNow();
    await t.app.deps.jobs.drain();
    const failed = (await recruiter.get(`/api/messages/${created.json.message.id}/`)).json.message;
    expect(failed.status).toBe('failed');
    expect(failed.status_detail).toContain('550');
    expect(failed.status_detail).toContain('No such user here');
    expect(delivered('Refused')).toHaveLength(0);

    // The user decides to send it again: once more, and this time it goes.
    const again = await recruiter.post(`/api/messages/${created.json.message.id}/resend/`);
    expect(again.status).toBe(200);
    expect(again.json.message.status).toBe('queued');
    await t.app.deps.jobs.drain();
    expect(delivered('Refused')).toHaveLength(1);
    expect((await recruiter.post(`/api/messages/${created.json.message.id}/resend/`)).status).toBe(409);
  });

  it('a message found mid-send when its job runs again becomes unconfirmed and is not resent', async () => {
    const candidate = await insertCandidate(t.db, { email: 'midsend@example.test' });
    const created = await compose({ to: [{ record: 'candidate', id: candidate.id }], subject: 'Mid send' });
    const id = created.json.message.id as number;
    // As a server killed between the relay's answer and the database write leaves it (the fault test does it for real).
    await t.db.update(messagesTable).set({ status: 'sending', attempts: 1 }).where(eq(messagesTable.id, id));
    await t.app.deps.jobs.drain();
    const view = (await recruiter.get(`/api/messages/${id}/`)).json.message;
    expect(view.status).toBe('unconfirmed');
    expect(view.status_detail).toContain('not sent again');
    expect(delivered('Mid send')).toHaveLength(0);
  });

  it('a scheduled message waits for its time and can be cancelled before it', async () => {
    const candidate = await insertCandidate(t.db, { email: 'later@example.test' });
    const sendAfter = new Date(Date.now() + 3600_000).toISOString();
    const created = await compose({
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'Scheduled',
      send_after: sendAfter,
    });
    expect(created.json.message).toMatchObject({ status: 'queued', send_after: sendAfter });
    await t.app.deps.jobs.drain();
    expect(delivered('Scheduled')).toHaveLength(0);
    const cancelled = await recruiter.post(`/api/messages/${created.json.message.id}/cancel/`);
    expect(cancelled.json.message.status).toBe('cancelled');
    await retryNow();
    await t.app.deps.jobs.drain();
    expect(delivered('Scheduled')).toHaveLength(0);
    expect((await recruiter.post(`/api/messages/${created.json.message.id}/cancel/`)).status).toBe(409);
  });

  it('a relay that refuses connections leaves the message queued for a retry', async () => {
    const { closedPort } = await import('../../test/closed-port');
    const down = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    try {
      const user = await insertUser(down.db, { userType: ['recruiter'] });
      const client = await signedInClient(down, user);
      const created = await client.post('/api/messages/', {
        to: [{ name: 'Someone', address: 'someone@example.test' }],
        subject: 'Nobody home',
        body_html: '<p>x</p>',
      });
      await down.app.deps.jobs.drain();
      const view = (await client.get(`/api/messages/${created.json.message.id}/`)).json.message;
      expect(view.status).toBe('queued');
      expect(view.status_detail).toMatch(/ECONNREFUSED|ECONNECTION|connect/i);
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/messages/', () => {
  it('answers the same message for the same Idempotency-Key and sends it once', async () => {
    const candidate = await insertCandidate(t.db, { email: 'idem@example.test' });
    const body = { to: [{ record: 'candidate', id: candidate.id }], subject: 'Once only' };
    const first = await compose(body, { 'idempotency-key': 'compose-1' });
    const second = await compose(body, { 'idempotency-key': 'compose-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json.message.id).toBe(first.json.message.id);
    await t.app.deps.jobs.drain();
    expect(delivered('Once only')).toHaveLength(1);
    const rows = await t.db.select().from(messagesTable).where(eq(messagesTable.idempotencyKey, 'compose-1'));
    expect(rows).toHaveLength(1);
    expect((await compose(body, { 'idempotency-key': 'bad key with spaces' })).status).toBe(400);

    // Two requests with one key at the same time: one message.
    const raced = await Promise.all([
      compose({ ...body, subject: 'Raced' }, { 'idempotency-key': 'race-1' }),
      compose({ ...body, subject: 'Raced' }, { 'idempotency-key': 'race-1' }),
    ]);
    expect(raced.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(raced[0].json.message.id).toBe(raced[1].json.message.id);
    await t.app.deps.jobs.drain();
    expect(delivered('Raced')).toHaveLength(1);
  });

  it('refuses a do-not-contact candidate and a contact who left (409), and unsubscribed addresses (400)', async () => {
    const dnc = await insertCandidate(t.db, {
      firstName: 'Dora',
      lastName: 'Noel',
      email: 'dora@example.test',
      status: 'do_not_contact',
    });
    const refused = await compose({ to: [{ record: 'candidate', id: dnc.id }] });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain('Dora Noel is marked do not contact');
    const typed = await compose({ to: [{ name: 'Dora', address: 'DORA@example.test' }] });
    expect(typed.status).toBe(409);

    const client = await insertClient(t.db);
    const left = await insertContact(t.db, {
      clientId: client.id,
      firstName: 'Leo',
      lastName: 'Gone',
      email: 'leo@client.test',
      leftCompany: true,
    });
    const leftAnswer = await compose({ to: [{ record: 'contact', id: left.id }] });
    expect(leftAnswer.status).toBe(409);
    expect(leftAnswer.json.error).toContain('Leo Gone has left the company');

    await t.db.execute(sql`INSERT INTO unsubscribes (address) VALUES ('quiet@example.test')`);
    const unsubscribed = await compose({
      to: [{ name: 'Q', address: 'Quiet@Example.test' }],
      cc: [{ name: 'Fine', address: 'fine@example.test' }],
    });
    expect(unsubscribed.status).toBe(400);
    expect(unsubscribed.json.error).toContain('quiet@example.test');
    expect(unsubscribed.json.error).not.toContain('fine@example.test');
    expect(await t.db.select().from(messagesTable).where(eq(messagesTable.subject, 'Hello'))).toHaveLength(0);
  });

  it('keeps hostile names as text, refuses line breaks in names and subjects, and sanitises the body', async () => {
    const hostile = await insertCandidate(t.db, {
      firstName: '<img src=x onerror=alert(1)>',
      lastName: 'Evil\r\nBcc: victim@example.test',
      email: 'hostile@example.test',
    });
    const created = await compose({
      to: [{ record: 'candidate', id: hostile.id }],
      subject: 'Hostile',
      body_html:
        '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p><a href="javascript:alert(1)">x</a>',
    });
    expect(created.status).toBe(201);
    const view = created.json.message;
    expect(view.body_html).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(view.body_html).toContain('Hi');
    expect(view.to[0].name).not.toMatch(/[\r\n]/);
    await t.app.deps.jobs.drain();
    const [mail] = delivered('Hostile');
    expect(mail!.to).toEqual(['hostile@example.test']);
    expect(headersOf(mail!.raw)).not.toMatch(/^Bcc:/im);
    expect(headersOf(mail!.raw)).toMatch(/^To: .*Evil Bcc: victim@example\.test.* <hostile@example\.test>$/m);

    const typedName = await compose({ to: [{ name: 'Eve\r\nBcc: x@example.test', address: 'eve@example.test' }] });
    expect(typedName.status).toBe(400);
    const subject = await compose({
      to: [{ name: 'Eve', address: 'eve@example.test' }],
      subject: 'Hi\r\nBcc: x@example.test',
    });
    expect(subject.status).toBe(400);
  });

  it('appends the signature and the unsubscribe footer; viewers may not send', async () => {
    const saved = await recruiter.patch('/api/profile/', {
      email_signature: '<p>Rita <b>Recruiter</b><script>x()</script></p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.json.user.email_signature).toBe('<p>Rita <b>Recruiter</b></p>');
    const candidate = await insertCandidate(t.db, { email: 'signed@example.test' });
    const created = await compose({ to: [{ record: 'candidate', id: candidate.id }], subject: 'Signed' });
    expect(created.json.message.body_html).toContain('<b>Recruiter</b>');
    expect(created.json.message.body_html).toMatch(/\/unsubscribe\/[\w.-]+">Unsubscribe<\/a>/);
    expect(created.json.message.body_text).toContain('Unsubscribe');
    expect(created.json.message.author).toEqual({ id: recruiterId, name: 'Rita Recruiter' });
    await recruiter.patch('/api/profile/', { email_signature: '' });

    const viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
    const denied = await viewer.post('/api/messages/', {
      to: [{ record: 'candidate', id: candidate.id }],
      subject: 'No',
      body_html: '<p>x</p>',
    });
    expect(denied.status).toBe(403);
    expect((await viewer.get(`/api/messages/${created.json.message.id}/`)).status).toBe(200);
  });
});
