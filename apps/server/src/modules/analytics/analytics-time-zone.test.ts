import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertInvoice } from '../../factories/invoices.factory';
import { insertInterview, insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { placementsTable } from '../pipelines/pipelines.table';

// Decision 060: an agency in New York counts what happened on the evening of 31 March (already 1 April in
// UTC) in March, in every set that reads a timestamp's day (the summary rows included), and its "today" is
// its own.

let t: TestApp;
let owner: HttpClient;
let newYorkOwner: HttpClient;

const MARCH = 'date_from=2031-03-01&date_to=2031-03-31';
const APRIL = 'date_from=2031-04-01&date_to=2031-04-30';

beforeAll(async () => {
  t = await buildTestApp({ env: { AGENCY_TIME_ZONE: 'America/New_York' } });
  // 1 Jan 2032, 03:00 UTC is still 31 December 2031 (22:00) in New York.
  t.clock.offsetMs = Date.parse('2032-01-01T03:00:00Z') - Date.now();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  newYorkOwner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'], timeZone: 'America/New_York' }));
  const client = await insertClient(t.db, { name: 'Evening Co', clientType: 'finders_fee' });
  const role = await insertRole(t.db, {
    clientId: client.id,
    name: 'Data Engineer',
    openedAt: '2031-03-01',
    salaryMin: '100000',
    salaryMax: '120000',
    state: 'closed',
    closeReason: 'filled',
    // 31 March, 22:00 in New York.
    closedAt: new Date('2031-04-01T02:00:00Z'),
  });
  // Created 31 March, 21:00 in New York; placed 31 March, 23:30 there.
  const pipeline = await insertPipeline(t.db, {
    roleId: role.id,
    stage: 'placed',
    state: 'open',
    createdAt: new Date('2031-04-01T01:00:00Z'),
  });
  await t.db.insert(placementsTable).values({
    pipelineId: pipeline.id,
    salary: '110000',
    startDate: '2031-05-01',
    fee: '22000',
    createdAt: new Date('2031-04-01T03:30:00Z'),
  });
  // For the attention list: an interview on 1 January at 15:00 UTC (10:00 in New York) and an invoice due on 31 December.
  await insertInterview(t.db, {
    pipelineId: pipeline.id,
    kind: 'client',
    scheduledAt: new Date('2032-01-01T15:00:00Z'),
  });
  await insertInvoice(t.db, {
    clientId: client.id,
    roleId: role.id,
    kind: 'finders_fee',
    status: 'sent',
    issueDate: '2031-12-01',
    dueDate: '2031-12-31',
    totalMinor: 500_000,
  });
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const response = await owner.get(path);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json;
};

describe("analytics in the agency's time zone", () => {
  it('counts an evening placement, closing and new pipeline on the New York day (March), not the UTC one', async () => {
    const march = await get(`/api/analytics/summary/?${MARCH}`);
    expect(march.summary).toMatchObject({
      placements: 1,
      roles_closed: 1,
      roles_filled: 1,
      median_days_to_fill: 30,
      average_fee: '22000.00',
    });
    expect(march.months).toEqual([expect.objectContaining({ month: '2031-03', placements: 1 })]);
    const april = await get(`/api/analytics/summary/?${APRIL}`);
    expect(april.summary).toMatchObject({ placements: 0, roles_closed: 0 });

    const stages = await get(`/api/analytics/stages/?${MARCH}`);
    expect(stages.pipelines).toBe(1);
    expect((await get(`/api/analytics/stages/?${APRIL}`)).pipelines).toBe(0);
    const wages = await get(`/api/analytics/wages/?${MARCH}`);
    expect(wages.placements).toEqual([expect.objectContaining({ placed_on: '2031-03-31', position: 'within' })]);
    const roles = await get(`/api/analytics/roles/?${MARCH}`);
    expect(roles.roles).toEqual([expect.objectContaining({ closed_at: '2031-03-31', days_open: 30 })]);
  });

  it("takes today from the agency's clock for the default range", async () => {
    const options = await get('/api/analytics/filter-options/');
    expect(options.default_date_to).toBe('2031-12-31');
    expect(options.default_date_from).toBe('2031-01-01');
    const summary = await get('/api/analytics/summary/');
    expect(summary.filters).toMatchObject({ date_from: '2031-01-01', date_to: '2031-12-31' });
  });

  it("dates the attention list by the user's calendar: tomorrow's interview at their time, overdue after their today", async () => {
    const kinds = (body: { items: { kind: string; detail: string }[] }) =>
      body.items.filter((i) => ['interview_tomorrow', 'overdue_invoice'].includes(i.kind));
    // New York: 31 December, 22:00. Tomorrow is 1 January there; the invoice is due today, not overdue.
    const newYork = kinds((await newYorkOwner.get('/api/dashboard/attention/')).json);
    expect(newYork).toEqual([expect.objectContaining({ kind: 'interview_tomorrow', detail: 'Tomorrow at 10:00' })]);
    // UTC: already 1 January, 03:00. The interview is today, not tomorrow; the invoice is a day overdue.
    const utc = kinds((await owner.get('/api/dashboard/attention/')).json);
    expect(utc).toEqual([
      expect.objectContaining({ kind: 'overdue_invoice', detail: 'Due 2031-12-31 (1 day overdue)' }),
    ]);
  });
});
