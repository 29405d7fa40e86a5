import { and, eq } from 'drizzle-orm';
import { notificationsTable } from '../notifications/notifications.table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildPdf } from '../../test/documents';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { candidatesTable } from '../candidates/candidates.table';
import { messagesTable } from '../messages/messages.table';
import { addMonths } from '../settings/settings.service';
import { privacyToken } from '../unsubscribes/unsubscribes.service';
import type { UserRow } from '../users/users.service';
import { dataProtectionRequestsTable, retentionNoticesTable } from './data-protection.table';
import { anonymiseCandidate } from '../personal-data/personal-data.service';
import { runRetention, WAITING_OPEN_PIPELINE } from './retention-job';

// Consent and legal basis, the retention settings, the daily retention job under a moved clock, requests and the
// data protection page (issue 34). The public privacy page has its own file (privacy.test.ts).

let t: TestApp;
let owner: HttpClient;
let ownerUser: UserRow;
let superuser: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  ownerUser = await insertUser(t.db, { userType: ['owner'] });
  owner = await signedInClient(t, ownerUser);
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const put = (client: HttpClient, path: string, body: unknown) => client.request('PUT', path, { body });
/** Moves the app's clock (and signs the owner in again: sessions expire by that clock). */
const at = async (offsetMs: number) => {
  t.clock.offsetMs = offsetMs;
  owner = await signedInClient(t, ownerUser);
};

describe('retention settings', () => {
  it('owners read the defaults and change them; others are refused; bad input is a 400', async () => {
    const read = await owner.get('/api/settings/retention/');
    expect(read.status, read.text).toBe(200);
    expect(read.json.settings).toEqual({ retention_months: 24, renewal_notice_days: 30, expiry_action: 'anonymise' });
    for (const client of [superuser, recruiter, viewer]) {
      expect((await client.get('/api/settings/retention/')).status).toBe(403);
      expect((await put(client, '/api/settings/retention/', read.json.settings)).status).toBe(403);
    }
    for (const bad of [
      { retention_months: 0, renewal_notice_days: 30, expiry_action: 'anonymise' },
      { retention_months: 24, renewal_notice_days: 500, expiry_action: 'anonymise' },
      { retention_months: 24, renewal_notice_days: 30, expiry_action: 'delete' },
      { retention_months: 24, renewal_notice_days: 30, expiry_action: 'anonymise', extra: 1 },
    ]) {
      const refused = await put(owner, '/api/settings/retention/', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const saved = await put(owner, '/api/settings/retention/', {
      retention_months: 12,
      renewal_notice_days: 14,
      expiry_action: 'notify',
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await owner.get('/api/settings/retention/')).json.settings.retention_months).toBe(12);
    // The agency's other settings are untouched, and saving them keeps the retention settings.
    const agency = (await owner.get('/api/settings/agency/')).json.settings;
    expect((await put(owner, '/api/settings/agency/', { ...agency, agency_name: 'Harbour Talent' })).status).toBe(200);
    expect((await owner.get('/api/settings/retention/')).json.settings.expiry_action).toBe('notify');
    await put(owner, '/api/settings/retention/', {
      retention_months: 24,
      renewal_notice_days: 30,
      expiry_action: 'anonymise',
    });
  });
});

describe('consent and legal basis', () => {
  it('a candidate made by hand is held on legitimate interest for the agency period; the card reads and edits it', async () => {
    const created = await recruiter.post('/api/candidates/', { first_name: 'Lena', last_name: 'Marsh' });
    expect(created.status, created.text).toBe(201);
    const id = created.json.candidate.id as number;
    expect(created.json.candidate.legal_basis).toBe('legitimate_interest');
    const read = await viewer.get(`/api/candidates/${id}/consent/`);
    expect(read.status, read.text).toBe(200);
    expect(read.json.consent).toMatchObject({ legal_basis: 'legitimate_interest', source: 'manual', consent_text: '' });
    const expires = Date.parse(read.json.consent.expires_at);
    expect(Math.abs(expires - addMonths(t.config.now(), 24).getTime())).toBeLessThan(DAY);
    expect(read.json.retention_due_at).not.toBeNull();

    const body = {
      legal_basis: 'consent',
      source: 'email',
      given_at: '2026-01-05T10:00:00.000Z',
      consent_text: 'I agree that you keep my CV for two years.',
      expires_at: '2028-01-05T10:00:00.000Z',
    };
    expect((await put(viewer, `/api/candidates/${id}/consent/`, body)).status).toBe(403);
    const saved = await put(recruiter, `/api/candidates/${id}/consent/`, body);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.consent).toMatchObject({
      legal_basis: 'consent',
      source: 'email',
      given_at: body.given_at,
      consent_text: body.consent_text,
      expires_at: body.expires_at,
      withdrawn_at: null,
    });
    for (const bad of [
      { ...body, legal_basis: 'vibes' },
      { ...body, source: 'fax' },
      { ...body, expires_at: 'next year' },
      { ...body, consent_text: 'x'.repeat(5001) },
      { ...body, unknown: true },
    ])
      expect((await put(recruiter, `/api/candidates/${id}/consent/`, bad)).status).toBe(400);
    expect((await put(recruiter, '/api/candidates/999999/consent/', body)).status).toBe(404);
    expect((await viewer.get('/api/candidates/999999/consent/')).status).toBe(404);
    expect((await viewer.get('/api/candidates/abc/consent/')).status).toBe(400);
  });

  it('filters the list by legal basis and by consent expiring soon', async () => {
    const soon = await insertCandidate(t.db, {
      firstName: 'Soon',
      lastName: 'Expiring',
      legalBasis: 'consent',
      legalBasisExpiresAt: new Date(t.config.now().getTime() + 10 * DAY),
    });
    const later = await insertCandidate(t.db, {
      firstName: 'Later',
      lastName: 'Expiring',
      legalBasis: 'consent',
      legalBasisExpiresAt: new Date(t.config.now().getTime() + 90 * DAY),
    });
    const contract = await insertCandidate(t.db, { firstName: 'Contract', lastName: 'Person', legalBasis: 'contract' });
    const ids = async (query: string) =>
      ((await recruiter.get(`/api/candidates/?${query}`)).json.results as { id: number }[]).map((row) => row.id);
    const consent = await ids('legal_basis=consent');
    expect(consent).toEqual(expect.arrayContaining([soon.id, later.id]));
    expect(consent).not.toContain(contract.id);
    const expiring = await ids('consent=expiring');
    expect(expiring).toContain(soon.id);
    expect(expiring).not.toContain(later.id);
    // With a search too.
    expect(await ids('search=expiring&consent=expiring')).toEqual([soon.id]);
    expect(await ids('legal_basis=contract&search=person')).toEqual([contract.id]);
    expect((await recruiter.get('/api/candidates/?legal_basis=vibes')).status).toBe(400);
    expect((await recruiter.get('/api/candidates/?consent=soonish')).status).toBe(400);
  });

  it('the careers page records consent with the exact text the form showed, carried over on conversion', async () => {
    const settings = (await owner.get('/api/settings/agency/')).json.settings;
    await put(owner, '/api/settings/agency/', { ...settings, privacy_text: 'We keep applications for 24 months.' });
    const role = await insertRole(t.db, { indeedPosting: true, descriptionText: 'Build things.' });
    const pageHtml = await (await fetch(`${t.baseUrl}/careers/${role.id}`)).text();
    const token = /name="form_token" value="([^"]+)"/.exec(pageHtml)![1]!;
    const form = new FormData();
    const fields = {
      role_id: String(role.id),
      form_token: token,
      first_name: 'Ada',
      last_name: 'Consenting',
      email: 'ada.consenting@example.test',
      phone: '',
      consent: 'on',
      website: '',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const pdf = await buildPdf([['Ada Consenting', 'Engineer']]);
    form.append('resume', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'cv.pdf');
    const sent = await fetch(`${t.baseUrl}/careers/${role.id}/apply`, {
      method: 'POST',
      body: form,
      headers: { accept: 'text/html', origin: new URL(t.baseUrl).origin, 'x-forwarded-for': '198.51.100.77' },
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    const inbox = await recruiter.get('/api/applications/?status=new');
    const application = (inbox.json.results as { id: number; email: string }[]).find(
      (row) => row.email === 'ada.consenting@example.test',
    )!;
    const converted = await recruiter.post(`/api/applications/${application.id}/convert/`, {});
    expect(converted.status, converted.text).toBe(200);
    const consent = (await recruiter.get(`/api/candidates/${converted.json.candidate_id}/consent/`)).json.consent;
    expect(consent.legal_basis).toBe('consent');
    expect(consent.source).toBe('careers_page');
    expect(consent.consent_text).toBe(
      'I agree to the processing of my personal data to assess my application.\n\nWe keep applications for 24 months.',
    );
    // The form shows both parts of that text.
    expect(pageHtml).toContain('I agree to the processing of my personal data to assess my application.');
    expect(pageHtml).toContain('We keep applications for 24 months.');
  });
});

/** A person idle since `monthsAgo` months (record and, when asked, an open pipeline as old). */
async function idlePerson(monthsAgo: number, options: { pipeline?: boolean; email?: string } = {}) {
  const then = addMonths(t.config.now(), -monthsAgo);
  const person = await insertCandidate(t.db, {
    firstName: 'Idle',
    lastName: `Person${Math.random().toString(36).slice(2, 7)}`,
    email: options.email ?? `idle.${Math.random().toString(36).slice(2, 8)}@example.test`,
    createdAt: then,
    updatedAt: then,
    legalBasisAt: then,
    legalBasisExpiresAt: addMonths(then, 24),
  });
  if (options.pipeline)
    await insertPipeline(t.db, { candidateId: person.id, createdAt: then, updatedAt: then, stageChangedAt: then });
  return person;
}

const noticesOf = (candidateId: number) =>
  t.db.select().from(retentionNoticesTable).where(eq(retentionNoticesTable.candidateId, candidateId));
const renewalEmails = async (candidateId: number) =>
  (await t.db.select().from(messagesTable)).filter((row) =>
    row.idempotencyKey?.startsWith(`retention:${candidateId}:`),
  );
const nameOf = async (id: number) =>
  (await t.db.select().from(candidatesTable).where(eq(candidatesTable.id, id)))[0]!.firstName;

describe('the daily retention job (moved clock)', () => {
  it('notices a person idle 25 months, then anonymises them; one in an open pipeline waits; twice a day does nothing twice', async () => {
    t.clock.offsetMs = 0;
    const idle = await idlePerson(25);
    const busy = await idlePerson(25, { pipeline: true });
    const fresh = await idlePerson(1);

    const first = await runRetention(t.app.deps);
    const acted = (id: number) => first.details.filter((detail) => detail.candidate_id === id).map((d) => d.action);
    expect(acted(idle.id)).toEqual(['notice_sent']);
    expect(acted(busy.id)).toEqual(['notice_sent']);
    expect(acted(fresh.id)).toEqual([]);
    const [mail] = await renewalEmails(idle.id);
    expect(mail?.status).toBe('queued');
    expect(mail?.bodyHtml).toContain(`/privacy/${privacyToken(t.config.secretKey, idle.id)}`);
    expect(mail?.toAddresses[0]?.address).toBe(idle.email);

    // The same day again: nothing sent twice, nobody anonymised (the notice's lead has not passed).
    const second = await runRetention(t.app.deps);
    expect(second.details.filter((d) => [idle.id, busy.id].includes(d.candidate_id!))).toEqual([]);
    expect(await renewalEmails(idle.id)).toHaveLength(1);
    expect(await noticesOf(idle.id)).toHaveLength(1);
    expect(await nameOf(idle.id)).toBe('Idle');

    // The dashboard lists both as due, the notice sent, and the last run.
    const board = await owner.get('/api/data-protection/');
    expect(board.status, board.text).toBe(200);
    const due = board.json.due as {
      candidate_id: number;
      notice_sent_at: string | null;
      waiting_reason: string | null;
    }[];
    expect(due.find((row) => row.candidate_id === idle.id)?.notice_sent_at).not.toBeNull();
    expect(due.find((row) => row.candidate_id === busy.id)?.waiting_reason).toBe(WAITING_OPEN_PIPELINE);
    expect(board.json.last_run.id).toBe(second.id);

    // 31 days later: the idle person is anonymised; the one in an open pipeline waits and says why.
    await at(31 * DAY);
    const third = await runRetention(t.app.deps);
    expect(third.details.find((d) => d.candidate_id === idle.id)?.action).toBe('anonymised');
    expect(third.details.find((d) => d.candidate_id === busy.id)).toMatchObject({
      action: 'waiting',
      reason: WAITING_OPEN_PIPELINE,
    });
    expect(await nameOf(idle.id)).not.toBe('Idle');
    expect(await nameOf(busy.id)).toBe('Idle');
    expect((await noticesOf(idle.id))[0]?.anonymisedAt).not.toBeNull();
    expect((await noticesOf(busy.id))[0]?.waitingReason).toBe(WAITING_OPEN_PIPELINE);

    // Again the same day: nobody anonymised twice, no new email.
    const fourth = await runRetention(t.app.deps);
    expect(fourth.details.find((d) => d.candidate_id === idle.id)).toBeUndefined();
    expect(fourth.anonymised).toBe(0);
    // The erasure took the renewal email with the person's other messages; no new one was queued.
    expect(await renewalEmails(idle.id)).toHaveLength(0);
    expect(await noticesOf(idle.id)).toHaveLength(1);
    expect(await renewalEmails(busy.id)).toHaveLength(1);
    const [erased] = await t.db.select().from(candidatesTable).where(eq(candidatesTable.id, idle.id));
    expect(erased?.erasedAt).not.toBeNull();
    expect(erased?.email).not.toBe(idle.email);
    await at(0);
  });

  it('a person who keeps their profile is not anonymised; with "notify only" the owners are told once', async () => {
    t.clock.offsetMs = 0;
    const renewing = await idlePerson(25);
    const notified = await idlePerson(26);
    await runRetention(t.app.deps);
    const kept = await fetch(`${t.baseUrl}/privacy/${privacyToken(t.config.secretKey, renewing.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
      body: 'action=renew',
    });
    expect(kept.status).toBe(200);
    await put(owner, '/api/settings/retention/', {
      retention_months: 24,
      renewal_notice_days: 30,
      expiry_action: 'notify',
    });
    await at(40 * DAY);
    const run = await runRetention(t.app.deps);
    expect(run.details.find((d) => d.candidate_id === renewing.id)).toBeUndefined();
    expect(run.details.find((d) => d.candidate_id === notified.id)?.action).toBe('owners_notified');
    expect(await nameOf(renewing.id)).toBe('Idle');
    expect(await nameOf(notified.id)).toBe('Idle');
    const again = await runRetention(t.app.deps);
    expect(again.details.find((d) => d.candidate_id === notified.id)).toBeUndefined();
    const told = await t.db
      .select()
      .from(notificationsTable)
      .where(
        and(eq(notificationsTable.kind, 'data_protection.retention_due'), eq(notificationsTable.userId, ownerUser.id)),
      );
    expect(told.filter((row) => row.link === `/candidates/${notified.id}`)).toHaveLength(1);
    await at(0);
    await put(owner, '/api/settings/retention/', {
      retention_months: 24,
      renewal_notice_days: 30,
      expiry_action: 'anonymise',
    });
  });
});

describe('requests and the data protection page', () => {
  it('superusers file requests for a person; owners close them; others are refused', async () => {
    const person = await insertCandidate(t.db, { firstName: 'Rae', lastName: 'Requester' });
    const path = `/api/candidates/${person.id}/data-requests/`;
    for (const client of [recruiter, viewer]) {
      expect((await client.post(path, { kind: 'access' })).status).toBe(403);
      expect((await client.get(path)).status).toBe(403);
    }
    expect((await superuser.post(path, { kind: 'sell_my_data' })).status).toBe(400);
    expect((await superuser.post(path, { kind: 'access', note: 'x'.repeat(2001) })).status).toBe(400);
    expect((await superuser.post('/api/candidates/999999/data-requests/', { kind: 'access' })).status).toBe(404);
    const filed = await superuser.post(path, { kind: 'access', note: 'Asked by phone' });
    expect(filed.status, filed.text).toBe(201);
    const request = filed.json.request;
    expect(request).toMatchObject({
      kind: 'access',
      status: 'open',
      channel: 'staff',
      candidate_name: 'Rae Requester',
    });
    expect(Date.parse(request.deadline_at) - Date.parse(request.received_at)).toBe(30 * DAY);
    expect((await superuser.get(path)).json.results).toHaveLength(1);

    const board = await owner.get('/api/data-protection/');
    expect(board.status, board.text).toBe(200);
    expect((board.json.requests as { id: number }[]).map((row) => row.id)).toContain(request.id);
    for (const client of [superuser, recruiter, viewer])
      expect((await client.get('/api/data-protection/')).status).toBe(403);

    const decide = `/api/data-protection/requests/${request.id}/decide/`;
    expect((await superuser.post(decide, { status: 'done' })).status).toBe(403);
    expect((await owner.post(decide, { status: 'maybe' })).status).toBe(400);
    expect((await owner.post('/api/data-protection/requests/999999/decide/', { status: 'done' })).status).toBe(404);
    const done = await owner.post(decide, { status: 'done', note: 'Export sent by email' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.request).toMatchObject({ status: 'done', note: 'Export sent by email' });
    expect((await owner.post(decide, { status: 'rejected' })).status).toBe(409);
    expect(
      ((await owner.get('/api/data-protection/')).json.requests as { id: number }[]).map((r) => r.id),
    ).not.toContain(request.id);
  });

  it('reminds the owners once when 7 days are left', async () => {
    t.clock.offsetMs = 0;
    const person = await insertCandidate(t.db, { firstName: 'Remi', lastName: 'Nder' });
    const filed = await superuser.post(`/api/candidates/${person.id}/data-requests/`, { kind: 'erasure' });
    const id = filed.json.request.id as number;
    const early = await runRetention(t.app.deps);
    expect(early.details.find((d) => d.request_id === id)).toBeUndefined();
    t.clock.offsetMs = 24 * DAY;
    const due = await runRetention(t.app.deps);
    expect(due.details.find((d) => d.request_id === id)?.action).toBe('reminder_sent');
    const again = await runRetention(t.app.deps);
    expect(again.details.find((d) => d.request_id === id)).toBeUndefined();
    const [row] = await t.db.select().from(dataProtectionRequestsTable).where(eq(dataProtectionRequestsTable.id, id));
    expect(row?.remindedAt).not.toBeNull();
    const reminders = await t.db
      .select()
      .from(notificationsTable)
      .where(
        and(eq(notificationsTable.kind, 'data_protection.request_due'), eq(notificationsTable.userId, ownerUser.id)),
      );
    expect(reminders.filter((notice) => notice.title.startsWith(`Data protection request #${id} `))).toHaveLength(1);
    t.clock.offsetMs = 0;
  });

  it("an erasure scrubs the requests' notes, closes the open erasure request, and ends the privacy link", async () => {
    const person = await insertCandidate(t.db, {
      firstName: 'Quill',
      lastName: 'Zephyrine',
      email: 'quill.z@example.test',
    });
    const filed = await superuser.post(`/api/candidates/${person.id}/data-requests/`, {
      kind: 'erasure',
      note: 'Quill Zephyrine called from quill.z@example.test',
    });
    const id = filed.json.request.id as number;
    await anonymiseCandidate(t.app.deps, person.id, { userId: ownerUser.id, reason: 'request' });
    const [row] = await t.db.select().from(dataProtectionRequestsTable).where(eq(dataProtectionRequestsTable.id, id));
    expect(row?.status).toBe('done');
    expect(row?.note).not.toMatch(/Quill|Zephyrine|quill\.z@/);
    const page = await fetch(`${t.baseUrl}/privacy/${privacyToken(t.config.secretKey, person.id)}`);
    expect(page.status).toBe(404);
  });
});
