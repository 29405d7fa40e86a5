import { CALENDAR_MESSAGES } from '@recruitdesk/contracts/calendar';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertInterview, insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';
import { invoicesTable, payoutsTable } from '../invoices/invoices.table';
import { placementsTable } from '../pipelines/pipelines.table';
import { updateUser } from '../users/users.service';

// Issue 11, the calendar: four feeds over a range, the interviews list, the iCal subscription.

let t: TestApp;
let owner: UserRow;
let recruiter: UserRow;
let other: UserRow;
let viewer: UserRow;
let superuser: UserRow;
let ids: {
  roleId: number;
  mineInterview: number;
  otherInterview: number;
  pipelineId: number;
  clientId: number;
  retainerId: number;
};

const RANGE = 'start=2030-03-01&end=2030-04-01';
const FEEDS = ['interviews', 'roles', 'retainer-clients', 'invoice-payouts'] as const;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertUser(t.db, { userType: ['owner'] });
  recruiter = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' });
  other = await insertUser(t.db, { userType: ['recruiter'] });
  viewer = await insertUser(t.db, { userType: ['viewer'] });
  superuser = await insertUser(t.db, { userType: ['superuser'] });
  const client = await insertClient(t.db, { name: 'Calendar Client', guaranteeDays: 90 });
  const retainer = await insertClient(t.db, {
    name: 'Retainer Co',
    clientType: 'retainer',
    ownerId: recruiter.id,
    createdAt: new Date('2030-03-05T12:00:00Z'),
    retainerInstalments: [
      { label: 'On signing', percent: 40, milestone: 'on_signing' },
      { label: 'Monthly', percent: 10, milestone: 'monthly' },
      { label: 'On shortlist', percent: 50, milestone: 'on_shortlist' },
    ],
  });
  const role = await insertRole(t.db, {
    clientId: client.id,
    name: 'Data Engineer',
    recruiterId: recruiter.id,
    openedAt: '2030-03-10',
    targetFillDate: '2030-03-25',
  });
  await insertRole(t.db, {
    clientId: client.id,
    name: 'Old Role',
    openedAt: '2029-01-10',
    targetFillDate: '2030-03-02',
    recruiterId: recruiter.id,
  });
  await insertRole(t.db, {
    clientId: client.id,
    name: 'Closed Role',
    openedAt: '2029-01-11',
    targetFillDate: '2030-03-03',
    state: 'closed',
    closedAt: new Date('2029-06-01T12:00:00Z'),
  });
  const candidate = await insertCandidate(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
  const mine = await insertPipeline(t.db, {
    roleId: role.id,
    candidateId: candidate.id,
    recruiterId: recruiter.id,
    stage: 'placed',
  });
  const theirs = await insertPipeline(t.db, { roleId: role.id, recruiterId: other.id });
  const a = await insertInterview(t.db, {
    pipelineId: mine.id,
    kind: 'client',
    scheduledAt: new Date('2030-03-12T15:00:00Z'),
    durationMinutes: 60,
  });
  const b = await insertInterview(t.db, {
    pipelineId: theirs.id,
    kind: 'internal',
    scheduledAt: new Date('2030-03-20T09:30:00Z'),
  });
  await insertInterview(t.db, {
    pipelineId: theirs.id,
    kind: 'internal',
    scheduledAt: new Date('2030-03-21T09:30:00Z'),
    outcome: 'cancelled',
  });
  await insertInterview(t.db, {
    pipelineId: theirs.id,
    kind: 'internal',
    scheduledAt: new Date('2030-05-21T09:30:00Z'),
  });
  await t.db.insert(placementsTable).values({
    pipelineId: mine.id,
    salary: '100000',
    startDate: '2029-12-20',
    fee: '20000',
    guaranteeEnd: '2030-03-20',
  });
  ids = {
    roleId: role.id,
    mineInterview: a.id,
    otherInterview: b.id,
    pipelineId: mine.id,
    clientId: client.id,
    retainerId: retainer.id,
  };
});
afterAll(async () => {
  await t?.close();
});

describe('calendar feeds', () => {
  it('interviews: the range, both kinds, titles and links to the pipeline; cancelled ones left off', async () => {
    const client = await signedInClient(t, recruiter);
    const res = await client.get(`/api/calendar/interviews/?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.json.events).toEqual([
      {
        id: `interview-${ids.mineInterview}`,
        title: 'Client interview: Ada Lovelace (Data Engineer, Calendar Client)',
        start: '2030-03-12T15:00:00.000Z',
        end: '2030-03-12T16:00:00.000Z',
        all_day: false,
        kind: 'interview_client',
        url: `/roles/${ids.roleId}/pipelines/${ids.pipelineId}`,
      },
      expect.objectContaining({
        id: `interview-${ids.otherInterview}`,
        kind: 'interview_internal',
        start: '2030-03-20T09:30:00.000Z',
      }),
    ]);
    const mine = await client.get(`/api/calendar/interviews/?${RANGE}&mine=true`);
    expect(mine.json.events.map((e: { id: string }) => e.id)).toEqual([`interview-${ids.mineInterview}`]);
    // Instants with an offset are read as instants.
    const narrow = await client.get('/api/calendar/interviews/?start=2030-03-12T16:30:00%2B01:00&end=2030-03-13');
    expect(narrow.json.events.map((e: { id: string }) => e.id)).toEqual([`interview-${ids.mineInterview}`]);
  });

  it('roles: opened dates, target fill dates of active roles and guarantee ends; "mine" is the recruiter', async () => {
    const client = await signedInClient(t, recruiter);
    const res = await client.get(`/api/calendar/roles/?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.json.events).toEqual([
      expect.objectContaining({
        title: 'Target fill date: Old Role (Calendar Client)',
        start: '2030-03-02',
        all_day: true,
        kind: 'role_target',
      }),
      {
        id: `role-opened-${ids.roleId}`,
        title: 'Role opened: Data Engineer (Calendar Client)',
        start: '2030-03-10',
        all_day: true,
        kind: 'role_opened',
        url: `/roles/${ids.roleId}`,
      },
      {
        id: `role-target-${ids.roleId}`,
        title: 'Target fill date: Data Engineer (Calendar Client)',
        start: '2030-03-25',
        all_day: true,
        kind: 'role_target',
        url: `/roles/${ids.roleId}`,
      },
      expect.objectContaining({
        kind: 'guarantee_end',
        start: '2030-03-20',
        all_day: true,
        title: 'Guarantee ends: Ada Lovelace (Data Engineer)',
        url: `/roles/${ids.roleId}/pipelines/${ids.pipelineId}`,
      }),
    ]);
    const theirs = await (await signedInClient(t, other)).get(`/api/calendar/roles/?${RANGE}&mine=1`);
    expect(theirs.json.events).toEqual([]);
  });

  it('retainer clients: the signing instalment and the monthly ones; milestone ones wait for their invoice', async () => {
    // Instalments are fee terms: a viewer gets none under the default setting (decision 071).
    const asViewer = await (
      await signedInClient(t, viewer)
    ).get('/api/calendar/retainer-clients/?start=2030-03-01&end=2030-06-01');
    expect(asViewer.status).toBe(200);
    expect(asViewer.json.events).toEqual([]);
    const client = await signedInClient(t, other);
    const res = await client.get('/api/calendar/retainer-clients/?start=2030-03-01&end=2030-06-01');
    expect(res.status).toBe(200);
    const mine = res.json.events.filter((e: { url: string }) => e.url === `/clients/${ids.retainerId}`);
    expect(mine.map((e: { start: string }) => e.start)).toEqual([
      '2030-03-05',
      '2030-03-05',
      '2030-04-05',
      '2030-05-05',
    ]);
    expect(mine[0]).toMatchObject({
      kind: 'retainer_instalment',
      all_day: true,
      title: 'Retainer instalment: Retainer Co, On signing (40 %)',
    });
    expect(
      (await client.get('/api/calendar/retainer-clients/?start=2030-03-01&end=2030-06-01&mine=true')).json.events,
    ).toEqual([]);
    const owned = await (
      await signedInClient(t, recruiter)
    ).get('/api/calendar/retainer-clients/?start=2030-03-01&end=2030-06-01&mine=true');
    expect(owned.json.events).toHaveLength(4);
  });

  it('invoice payouts: owner only; everyone else gets success with no events', async () => {
    const [invoice] = await t.db
      .insert(invoicesTable)
      .values({
        number: 'INV-2030-0001',
        numberYear: 2030,
        numberSeq: 1,
        kind: 'finders_fee',
        status: 'sent',
        clientId: ids.clientId,
        roleId: ids.roleId,
        issueDate: '2030-02-20',
        dueDate: '2030-03-22',
        currency: 'USD',
        totalMinor: 2_000_000,
        balanceMinor: 1_500_000,
      })
      .returning();
    if (!invoice) throw new Error('no invoice');
    await t.db.insert(payoutsTable).values({
      invoiceId: invoice.id,
      clientId: ids.clientId,
      currency: 'USD',
      invoiceIssueDate: '2030-02-20',
      date: '2030-03-15',
      amountMinor: 500_000,
    });
    for (const user of [recruiter, viewer, superuser]) {
      const res = await (await signedInClient(t, user)).get(`/api/calendar/invoice-payouts/?${RANGE}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, events: [] });
    }
    const owners = await (await signedInClient(t, owner)).get(`/api/calendar/invoice-payouts/?${RANGE}`);
    expect(owners.json.events).toEqual([
      expect.objectContaining({
        kind: 'invoice_due',
        start: '2030-03-22',
        all_day: true,
        url: `/role/${ids.roleId}/invoice/${invoice.id}`,
      }),
      expect.objectContaining({
        kind: 'payout',
        start: '2030-03-15',
        all_day: true,
        url: `/role/${ids.roleId}/invoice/${invoice.id}`,
      }),
    ]);
  });

  it('bad ranges answer 400 in the error shape, for every feed and the interviews list', async () => {
    const client = await signedInClient(t, recruiter);
    for (const path of [...FEEDS.map((feed) => `/api/calendar/${feed}/`), '/api/interviews/']) {
      const missing = await client.get(path);
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({
        success: false,
        error: expect.any(String),
        fields: { start: [CALENDAR_MESSAGES.startRequired], end: [CALENDAR_MESSAGES.endRequired] },
      });
      const malformed = await client.get(`${path}?start=2030-02-31&end=tomorrow`);
      expect(malformed.status).toBe(400);
      expect(malformed.json.fields).toEqual({ start: [CALENDAR_MESSAGES.badDate], end: [CALENDAR_MESSAGES.badDate] });
      const backwards = await client.get(`${path}?start=2030-03-10&end=2030-03-01`);
      expect(backwards.status).toBe(400);
      expect(backwards.json).toEqual({
        success: false,
        error: CALENDAR_MESSAGES.endBeforeStart,
        code: 'CALENDAR_RANGE_INVALID',
        fields: { end: [CALENDAR_MESSAGES.endBeforeStart] },
      });
      const long = await client.get(`${path}?start=2030-01-01&end=2031-02-06`);
      expect(long.status).toBe(400);
      expect(long.json.error).toBe(CALENDAR_MESSAGES.rangeTooLong);
      // 400 days exactly is allowed.
      expect((await client.get(`${path}?start=2030-01-01&end=2031-02-05`)).status).toBe(200);
      expect((await client.get(`${path}?${RANGE}&mine=maybe`)).status).toBe(400);
    }
  });

  it('signed-out callers get 401', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    for (const feed of FEEDS) expect((await anonymous.get(`/api/calendar/${feed}/?${RANGE}`)).status).toBe(401);
    expect((await anonymous.get(`/api/interviews/?${RANGE}`)).status).toBe(401);
    expect((await anonymous.get('/api/calendar/subscription/')).status).toBe(401);
  });
});

describe('interviews list', () => {
  it('is paged like every list, filtered by range, kind and mine', async () => {
    const client = await signedInClient(t, viewer);
    const res = await client.get(`/api/interviews/?${RANGE}&page_size=1`);
    expect(res.status).toBe(200);
    expect(res.json.count).toBe(2);
    expect(res.json.results).toEqual([
      expect.objectContaining({
        id: ids.mineInterview,
        kind: 'client',
        candidate: expect.objectContaining({ name: 'Ada Lovelace' }),
        role: { id: ids.roleId, name: 'Data Engineer' },
        client: { id: ids.clientId, name: 'Calendar Client' },
        recruiter: { id: recruiter.id, name: 'Rita Recruiter' },
        url: `/roles/${ids.roleId}/pipelines/${ids.pipelineId}`,
      }),
    ]);
    expect((await client.get(`/api/interviews/?${RANGE}&page=2&page_size=1`)).json.results[0].id).toBe(
      ids.otherInterview,
    );
    expect((await client.get(`/api/interviews/?${RANGE}&kind=internal`)).json.count).toBe(1);
    expect((await client.get(`/api/interviews/?${RANGE}&kind=video`)).status).toBe(400);
    expect((await (await signedInClient(t, other)).get(`/api/interviews/?${RANGE}&mine=true`)).json.count).toBe(1);
  });
});

describe('iCal subscription', () => {
  const icsPath = (url: string) => new URL(url).pathname;

  it('is made and rotated with CSRF; the address serves RFC 5545 without a session; the old one is 404 at once', async () => {
    const client = await signedInClient(t, recruiter);
    expect((await client.get('/api/calendar/subscription/')).json.subscription).toEqual({
      active: false,
      created_at: null,
    });
    expect((await client.request('POST', '/api/calendar/subscription/rotate/', { csrf: false })).status).toBe(403);
    const made = await client.post('/api/calendar/subscription/rotate/');
    expect(made.status).toBe(200);
    const first: string = made.json.subscription.url;
    expect(first).toMatch(/^http:\/\/[^/]+\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\/$/);
    expect((await client.get('/api/calendar/subscription/')).json.subscription).toEqual({
      active: true,
      created_at: expect.any(String),
    });

    const anonymous = new HttpClient(t.baseUrl);
    const ics = await anonymous.get(icsPath(first));
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const parsed = new ICAL.Component(ICAL.parse(ics.text));
    expect(parsed.name).toBe('vcalendar');
    expect(parsed.getFirstPropertyValue('version')).toBe('2.0');
    const events = parsed.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    // The iCal covers the coming 300 days: the test data is in 2030, so check with today's data.
    expect(events.every((event) => event.uid.endsWith('@recruitdesk'))).toBe(true);

    const rotated = await client.post('/api/calendar/subscription/rotate/');
    const second: string = rotated.json.subscription.url;
    expect(second).not.toBe(first);
    const old = await anonymous.get(icsPath(first));
    expect(old.status).toBe(404);
    expect(old.json).toEqual({ success: false, error: CALENDAR_MESSAGES.subscriptionNotFound, code: 'NOT_FOUND' });
    expect((await anonymous.get(icsPath(second))).status).toBe(200);
  });

  it('holds the events the owner of the address may see: interviews and role dates; invoices only for owners', async () => {
    const client = await signedInClient(t, recruiter);
    const role = await insertRole(t.db, {
      name: 'Soon Role',
      recruiterId: recruiter.id,
      openedAt: new Date().toISOString().slice(0, 10),
    });
    const pipeline = await insertPipeline(t.db, { roleId: role.id, recruiterId: recruiter.id });
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCHours(14, 0, 0, 0);
    const interview = await insertInterview(t.db, {
      pipelineId: pipeline.id,
      kind: 'internal',
      scheduledAt: at,
      durationMinutes: 30,
    });
    const url: string = (await client.post('/api/calendar/subscription/rotate/')).json.subscription.url;
    const ics = await new HttpClient(t.baseUrl).get(icsPath(url));
    const events = new ICAL.Component(ICAL.parse(ics.text))
      .getAllSubcomponents('vevent')
      .map((vevent) => new ICAL.Event(vevent));
    const booked = events.find((event) => event.uid === `interview-${interview.id}@recruitdesk`);
    expect(booked?.startDate.toJSDate().toISOString()).toBe(at.toISOString());
    expect(booked?.endDate.toJSDate().getTime()).toBe(at.getTime() + 30 * 60_000);
    expect(booked?.summary).toContain('Internal interview');
    const opened = events.find((event) => event.uid === `role-opened-${role.id}@recruitdesk`);
    expect(opened?.startDate.isDate).toBe(true);
    expect(opened?.startDate.toString()).toBe(role.openedAt);
    expect(events.some((event) => /invoice|payout/i.test(event.summary))).toBe(false);
  });

  it("an owner's address carries invoice due dates; a recruiter's never does", async () => {
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const [invoice] = await t.db
      .insert(invoicesTable)
      .values({
        number: 'INV-2026-0999',
        numberYear: 2026,
        numberSeq: 999,
        kind: 'retainer',
        status: 'sent',
        clientId: ids.retainerId,
        issueDate: due,
        dueDate: due,
        currency: 'USD',
        totalMinor: 100_000,
        balanceMinor: 100_000,
      })
      .returning();
    const uid = `invoice-due-${invoice?.id}@recruitdesk`;
    const uids = async (user: UserRow) => {
      const url: string = (await (await signedInClient(t, user)).post('/api/calendar/subscription/rotate/')).json
        .subscription.url;
      const ics = await new HttpClient(t.baseUrl).get(icsPath(url));
      return new ICAL.Component(ICAL.parse(ics.text))
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent).uid);
    };
    expect(await uids(owner)).toContain(uid);
    expect(await uids(recruiter)).not.toContain(uid);
    expect(await uids(viewer)).not.toContain(uid);
  });

  it("someone else's, an unknown, a malformed secret or a deactivated user: the same 404", async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const url: string = (await (await signedInClient(t, other)).post('/api/calendar/subscription/rotate/')).json
      .subscription.url;
    const token = icsPath(url).split('/')[4] ?? '';
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all(
      [altered, 'x'.repeat(43), 'short', `${token}x`].map((secret) => anonymous.get(`/api/calendar/ical/${secret}/`)),
    );
    for (const answer of answers)
      expect({ status: answer.status, body: answer.json }).toEqual({
        status: 404,
        body: { success: false, error: CALENDAR_MESSAGES.subscriptionNotFound, code: 'NOT_FOUND' },
      });
    // A signed-in user cannot read someone else's calendar with their session either: only the secret counts.
    expect((await (await signedInClient(t, recruiter)).get(`/api/calendar/ical/${altered}/`)).status).toBe(404);
    expect((await anonymous.get(icsPath(url))).status).toBe(200);
    await updateUser(t.db, other.id, { isActive: false });
    expect((await anonymous.get(icsPath(url))).status).toBe(404);
  });
});
