import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInClient } from '../../test/sign-in';
import type { HttpClient } from '../../test/http-client';
import { applicationsTable } from '../applications/applications.table';
import { placementsTable } from '../pipelines/pipelines.table';
import { insertPostingRows } from './job-postings.repository';

// Issue 14, performance: the board's spend joined to our outcomes, checked against numbers worked by hand.

let t: TestApp;
let viewer: HttpClient;
let ids: { r1: number; r2: number; acme: number; beta: number };

const W1 = '2026-01-05';
const W2 = '2026-01-12';

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const acme = await insertClient(t.db, { name: 'Acme' });
  const beta = await insertClient(t.db, { name: 'Beta' });
  const r1 = await insertRole(t.db, { clientId: acme.id, name: 'Engineer', indeedPosting: true });
  const r2 = await insertRole(t.db, { clientId: beta.id, name: 'Analyst', indeedPosting: true });
  const other = await insertRole(t.db, { clientId: acme.id, name: 'Not in range', indeedPosting: true });
  ids = { r1: r1.id, r2: r2.id, acme: acme.id, beta: beta.id };
  const row = (
    roleId: number,
    weekStart: string,
    spendMinor: number,
    impressions: number,
    clicks: number,
    applyStarts: number,
    applies: number,
  ) => ({
    roleId,
    weekStart,
    spendMinor,
    dailyBudgetMinor: 2000,
    impressions,
    clicks,
    applyStarts,
    applies,
  });
  await insertPostingRows(t.db, [
    row(r1.id, W1, 10000, 1000, 50, 10, 8),
    row(r1.id, W2, 5000, 500, 0, 0, 0),
    row(r2.id, W1, 3000, 300, 30, 5, 3),
    row(other.id, '2025-12-29', 99999, 1, 1, 1, 1),
  ]);
  const application = (roleId: number, status: string, at: string) => ({
    roleId,
    firstName: 'Ann',
    lastName: 'Applicant',
    email: `ann${Math.random()}@example.test`,
    consentAt: new Date(at),
    status,
    createdAt: new Date(at),
  });
  await t.db.insert(applicationsTable).values([
    application(r1.id, 'converted', '2026-01-06T10:00:00Z'),
    application(r1.id, 'converted', '2026-01-07T10:00:00Z'),
    application(r1.id, 'converted', '2026-01-11T22:00:00Z'),
    application(r1.id, 'rejected', '2026-01-06T10:00:00Z'),
    application(r1.id, 'new', '2026-01-06T10:00:00Z'),
    application(r1.id, 'converted', '2026-01-13T10:00:00Z'),
    application(r1.id, 'converted', '2026-01-04T10:00:00Z'), // the Sunday before the range
  ]);
  const p1 = await insertPipeline(t.db, { roleId: r1.id });
  const p2 = await insertPipeline(t.db, { roleId: r1.id });
  const p3 = await insertPipeline(t.db, { roleId: r2.id });
  await insertSubmittal(t.db, p1.id, { submittedOn: '2026-01-08' });
  await insertSubmittal(t.db, p2.id, { submittedOn: '2026-01-09' });
  await insertSubmittal(t.db, p3.id, { submittedOn: '2026-01-14' });
  await insertSubmittal(t.db, p3.id, { submittedOn: '2026-01-19' }); // after the range
  await t.db.insert(placementsTable).values({
    pipelineId: p1.id,
    salary: '100000',
    startDate: '2026-02-01',
    fee: '20000',
    createdAt: new Date('2026-01-15T12:00:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

const none = { ctr: null, cost_per_click_minor: null, cost_per_apply_minor: null };

describe('GET /api/job-postings/performance/', () => {
  it('week by week and in total, with every cost per outcome worked by hand; nothing divided by zero', async () => {
    const res = await viewer.get(`/api/job-postings/performance/?from=2026-01-07&to=${W2}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ from: W1, to: W2, currency: 'USD' });
    // W1: 13000 spent; 80 of 1300 impressions clicked; 11 applies; 3 converted; 2 submittals; no placement.
    expect(res.json.weeks[0]).toEqual({
      week_start: W1,
      spend_minor: 13000,
      daily_budget_minor: 4000,
      impressions: 1300,
      clicks: 80,
      apply_starts: 15,
      applies: 11,
      ctr: 0.0615,
      cost_per_click_minor: 163, // 162.5 rounded half up
      cost_per_apply_minor: 1182, // 1181.8
      qualified: 3,
      submittals: 2,
      placements: 0,
      cost_per_qualified_minor: 4333,
      cost_per_submittal_minor: 6500,
      cost_per_placement_minor: null,
    });
    // W2: 5000 spent, no clicks or applies; 1 converted, 1 submittal, 1 placement.
    expect(res.json.weeks[1]).toEqual({
      week_start: W2,
      spend_minor: 5000,
      daily_budget_minor: 2000,
      impressions: 500,
      clicks: 0,
      apply_starts: 0,
      applies: 0,
      ctr: 0,
      cost_per_click_minor: null,
      cost_per_apply_minor: null,
      qualified: 1,
      submittals: 1,
      placements: 1,
      cost_per_qualified_minor: 5000,
      cost_per_submittal_minor: 5000,
      cost_per_placement_minor: 5000,
    });
    expect(res.json.total).toMatchObject({
      spend_minor: 18000,
      clicks: 80,
      applies: 11,
      ctr: 0.0444,
      cost_per_click_minor: 225,
      cost_per_apply_minor: 1636,
      qualified: 4,
      submittals: 3,
      placements: 1,
      cost_per_qualified_minor: 4500,
      cost_per_submittal_minor: 6000,
      cost_per_placement_minor: 18000,
    });
    expect(res.json.by_role).toEqual([
      expect.objectContaining({
        role_id: ids.r1,
        client_name: 'Acme',
        spend_minor: 15000,
        cost_per_click_minor: 300,
        cost_per_apply_minor: 1875,
        qualified: 4,
        cost_per_qualified_minor: 3750,
        cost_per_submittal_minor: 7500,
        cost_per_placement_minor: 15000,
      }),
      expect.objectContaining({
        role_id: ids.r2,
        client_name: 'Beta',
        spend_minor: 3000,
        cost_per_click_minor: 100,
        cost_per_apply_minor: 1000,
        qualified: 0,
        cost_per_qualified_minor: null,
        cost_per_submittal_minor: 3000,
        cost_per_placement_minor: null,
      }),
    ]);
    expect(
      res.json.by_client.map((c: { client_id: number; spend_minor: number }) => [c.client_id, c.spend_minor]),
    ).toEqual([
      [ids.acme, 15000],
      [ids.beta, 3000],
    ]);
  });

  it('filters by client and by role', async () => {
    const beta = await viewer.get(`/api/job-postings/performance/?from=${W1}&to=${W2}&client=${ids.beta}`);
    expect(beta.json.total).toMatchObject({ spend_minor: 3000, submittals: 1, qualified: 0, placements: 0 });
    expect(beta.json.by_role.map((r: { role_id: number }) => r.role_id)).toEqual([ids.r2]);
    const r1 = await viewer.get(`/api/job-postings/performance/?from=${W1}&to=${W2}&role=${ids.r1}`);
    expect(r1.json.total).toMatchObject({ spend_minor: 15000, qualified: 4, submittals: 2, placements: 1 });
  });

  it('an empty range has zero weeks of figures and null rates', async () => {
    const res = await viewer.get('/api/job-postings/performance/?from=2025-06-02&to=2025-06-09');
    expect(res.json.weeks).toHaveLength(2);
    expect(res.json.total).toMatchObject({ spend_minor: 0, ...none, cost_per_qualified_minor: null });
    expect(res.json.by_role).toEqual([]);
  });

  it('bad ranges and filters: 400', async () => {
    for (const query of [
      'from=2026-02-01&to=2026-01-01',
      'from=2020-01-06&to=2026-01-05',
      'from=nope',
      'role=abc',
      'client=-1',
      'extra=1',
    ]) {
      const res = await viewer.get(`/api/job-postings/performance/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.success).toBe(false);
    }
  });
});
