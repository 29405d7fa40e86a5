import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_SETS } from '@recruitdesk/contracts/analytics';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertApplication } from '../../factories/applications.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertInvoice } from '../../factories/invoices.factory';
import { insertInterview, insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { setMoneyVisibility } from '../../test/money-visibility';
import { eq } from 'drizzle-orm';
import { candidatesTable } from '../candidates/candidates.table';
import { payoutsTable } from '../invoices/invoices.table';
import { pipelineEventsTable, pipelinesTable, placementsTable } from '../pipelines/pipelines.table';
import type { UserRow } from '../users/users.service';
import { roleFamilyOf } from './role-family';

// Issue 12: a small agency with known events in 2031; every expected figure below is worked out by hand
// from the fixture (comments show the arithmetic), not by running the same queries.

let t: TestApp;
let owner: HttpClient;
let rita: HttpClient;
let bob: HttpClient;
let viewer: HttpClient;
let ids: Record<string, number>;

const Y = 'date_from=2031-01-01&date_to=2031-12-31';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  // "Now" is 2031-12-31 12:00 UTC: the default range is 2031-01-01 .. 2031-12-31.
  t.clock.offsetMs = Date.parse('2031-12-31T12:00:00Z') - Date.now();
  const ownerRow = await insertUser(t.db, { userType: ['owner'] });
  const ritaRow: UserRow = await insertUser(t.db, {
    userType: ['recruiter'],
    firstName: 'Rita',
    lastName: 'Recruiter',
  });
  const bobRow: UserRow = await insertUser(t.db, {
    userType: ['recruiter'],
    firstName: 'Bob',
    lastName: 'Builder',
  });
  const viewerRow = await insertUser(t.db, { userType: ['viewer'] });

  const acme = await insertClient(t.db, { name: 'Acme', clientType: 'finders_fee' });
  const beta = await insertClient(t.db, { name: 'Beta', clientType: 'finders_fee' });
  const ret = await insertClient(t.db, {
    name: 'Ret Co',
    clientType: 'retainer',
    retainerAmount: '30000.00',
    createdAt: at('2031-01-10T09:00:00Z'),
    retainerInstalments: [
      { label: 'On signing', percent: 50, milestone: 'on_signing' },
      { label: 'On shortlist', percent: 50, milestone: 'on_shortlist' },
    ],
  });
  const r1 = await insertRole(t.db, {
    clientId: acme.id,
    name: 'Senior Software Engineer',
    recruiterId: ritaRow.id,
    openedAt: '2031-01-01',
    salaryMin: '100000',
    salaryMax: '120000',
    state: 'closed',
    closeReason: 'filled',
    closedAt: at('2031-03-02T12:00:00Z'),
  });
  const r2 = await insertRole(t.db, {
    clientId: acme.id,
    name: 'Software Developer II',
    recruiterId: ritaRow.id,
    openedAt: '2031-02-01',
    salaryMin: '90000',
    salaryMax: '110000',
    location: 'London',
  });
  const r3 = await insertRole(t.db, {
    clientId: beta.id,
    name: 'Data Scientist',
    recruiterId: bobRow.id,
    openedAt: '2030-06-01',
    state: 'closed',
    closeReason: 'cancelled_by_client',
    closedAt: at('2031-05-01T12:00:00Z'),
  });
  const r4 = await insertRole(t.db, {
    clientId: beta.id,
    name: 'Data Scientist - Remote',
    recruiterId: bobRow.id,
    openedAt: '2030-12-01',
  });

  const pipe = async (
    roleId: number,
    recruiterId: number,
    created: string,
    values: Record<string, unknown>,
    moves: [string | null, string, string][],
  ) => {
    const candidate = await insertCandidate(t.db);
    const p = await insertPipeline(t.db, {
      roleId,
      candidateId: candidate.id,
      recruiterId,
      createdAt: at(created),
      stageChangedAt: at(moves.at(-1)![2]),
      ...values,
    });
    await t.db.insert(pipelineEventsTable).values(
      moves.map(([from, to, when]) => ({
        pipelineId: p.id,
        kind: from ? 'stage_changed' : 'created',
        fromStage: from,
        toStage: to,
        createdAt: at(when),
      })),
    );
    return p;
  };
  const p1 = await pipe(
    r1.id,
    ritaRow.id,
    '2031-01-05T00:00:00Z',
    {
      stage: 'placed',
      offeredSalary: '125000',
      offerCurrency: 'USD',
      offeredAt: at('2031-02-04T00:00:00Z'),
      offerAnswer: 'accepted',
    },
    [
      [null, 'sourced', '2031-01-05T00:00:00Z'],
      ['sourced', 'submitted', '2031-01-15T00:00:00Z'],
      ['submitted', 'offer', '2031-02-04T00:00:00Z'],
      ['offer', 'placed', '2031-03-01T00:00:00Z'],
    ],
  );
  const p2 = await pipe(
    r1.id,
    ritaRow.id,
    '2031-01-06T00:00:00Z',
    { stage: 'submitted', state: 'closed', closeReason: 'rejected_by_client' },
    [
      [null, 'sourced', '2031-01-06T00:00:00Z'],
      ['sourced', 'submitted', '2031-01-16T00:00:00Z'],
    ],
  );
  const p3 = await pipe(r2.id, ritaRow.id, '2031-02-10T00:00:00Z', { stage: 'placed' }, [
    [null, 'sourced', '2031-02-10T00:00:00Z'],
    ['sourced', 'submitted', '2031-02-20T00:00:00Z'],
    ['submitted', 'placed', '2031-04-01T00:00:00Z'],
  ]);
  const p4 = await pipe(
    r3.id,
    bobRow.id,
    '2031-03-01T00:00:00Z',
    {
      stage: 'offer',
      state: 'closed',
      closeReason: 'offer_declined',
      offeredSalary: '95000',
      offerCurrency: 'USD',
      offeredAt: at('2031-03-20T00:00:00Z'),
      offerAnswer: 'declined',
    },
    [
      [null, 'sourced', '2031-03-01T00:00:00Z'],
      ['sourced', 'submitted', '2031-03-05T00:00:00Z'],
      ['submitted', 'offer', '2031-03-20T00:00:00Z'],
    ],
  );
  const p5 = await pipe(r4.id, bobRow.id, '2030-12-15T00:00:00Z', {}, [[null, 'sourced', '2030-12-15T00:00:00Z']]);
  await insertSubmittal(t.db, p1.id, { submittedOn: '2031-01-15' });
  await insertSubmittal(t.db, p2.id, { submittedOn: '2031-01-16' });
  await insertSubmittal(t.db, p3.id, { submittedOn: '2031-02-20' });
  await insertSubmittal(t.db, p4.id, { submittedOn: '2031-03-05' });
  await t.db.insert(placementsTable).values([
    {
      pipelineId: p1.id,
      salary: '125000',
      startDate: '2031-03-15',
      fee: '25000',
      createdAt: at('2031-03-01T10:00:00Z'),
    },
    {
      pipelineId: p3.id,
      salary: '85000',
      startDate: '2031-04-20',
      fee: '17000',
      guaranteeEnd: '2032-01-15',
      createdAt: at('2031-04-11T09:00:00Z'),
    },
  ]);
  await insertInterview(t.db, {
    pipelineId: p5.id,
    kind: 'client',
    scheduledAt: at('2032-01-01T10:00:00Z'),
    interviewerId: ritaRow.id,
  });

  const inv1 = await insertInvoice(t.db, {
    clientId: acme.id,
    roleId: r1.id,
    kind: 'finders_fee',
    status: 'paid',
    issueDate: '2031-03-05',
    totalMinor: 2_500_000,
    paidMinor: 2_500_000,
  });
  const inv2 = await insertInvoice(t.db, {
    clientId: acme.id,
    roleId: r2.id,
    kind: 'finders_fee',
    status: 'sent',
    issueDate: '2031-04-15',
    dueDate: '2031-05-15',
    totalMinor: 1_700_000,
  });
  await insertInvoice(t.db, {
    clientId: acme.id,
    roleId: r2.id,
    kind: 'credit_note',
    status: 'sent',
    issueDate: '2031-05-01',
    totalMinor: -200_000,
    creditForId: inv2.id,
  });
  const inv3 = await insertInvoice(t.db, {
    clientId: ret.id,
    kind: 'retainer',
    instalment: 0,
    status: 'paid',
    issueDate: '2031-01-20',
    totalMinor: 1_500_000,
    paidMinor: 1_500_000,
  });
  await insertInvoice(t.db, {
    clientId: acme.id,
    roleId: r1.id,
    kind: 'finders_fee',
    status: 'draft',
    issueDate: '2031-06-01',
    totalMinor: 999_900,
  });
  await insertInvoice(t.db, {
    clientId: beta.id,
    roleId: r3.id,
    kind: 'finders_fee',
    status: 'void',
    issueDate: '2031-06-02',
    totalMinor: 888_800,
  });
  await t.db.insert(payoutsTable).values([
    {
      invoiceId: inv1.id,
      clientId: inv1.clientId,
      currency: inv1.currency,
      invoiceIssueDate: inv1.issueDate,
      date: '2031-04-01',
      amountMinor: 2_500_000,
    },
    {
      invoiceId: inv3.id,
      clientId: inv3.clientId,
      currency: inv3.currency,
      invoiceIssueDate: inv3.issueDate,
      date: '2031-02-10',
      amountMinor: 1_500_000,
    },
  ]);

  owner = await signedInClient(t, ownerRow);
  rita = await signedInClient(t, ritaRow);
  bob = await signedInClient(t, bobRow);
  viewer = await signedInClient(t, viewerRow);
  ids = {
    acme: acme.id,
    beta: beta.id,
    ret: ret.id,
    r1: r1.id,
    r2: r2.id,
    r3: r3.id,
    r4: r4.id,
    p1: p1.id,
    p3: p3.id,
    p5: p5.id,
    rita: ritaRow.id,
    bob: bobRow.id,
    inv2: inv2.id,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const get = async (client: HttpClient, path: string) => {
  const response = await client.get(path);
  expect(response.status, JSON.stringify(response.json)).toBe(200);
  return response.json;
};

describe('summary and totals', () => {
  it('counts the year by hand-worked figures, with money for the owner', async () => {
    const body = await get(owner, '/api/analytics/summary/');
    expect(body.filters).toEqual({
      date_from: '2031-01-01',
      date_to: '2031-12-31',
      client: null,
      client_type: null,
      recruiter: null,
      role_family: null,
    });
    expect(body.money_visible).toBe(true);
    expect(body.summary).toEqual({
      open_roles: 2, // R2 and R4 (R1 closed 03-02, R3 closed 05-01)
      new_roles: 2, // R1 01-01, R2 02-01
      placements: 2, // P1 03-01, P3 04-11
      roles_filled: 1, // R1 (reason filled)
      roles_closed: 2, // R1, R3
      fill_rate: 0.5,
      median_days_to_fill: 64, // R1 01-01 → 03-01 = 59; R2 02-01 → 04-11 = 69
      median_days_to_first_submittal: 19, // R1 14, R2 19, R3 2030-06-01 → 2031-03-05 = 277
      submittals: 4,
      submittals_per_placement: 2,
      revenue_booked: '55000.00', // 25000 + 17000 − 2000 (credit note) + 15000; draft and void left out
      revenue_collected: '40000.00', // 25000 + 15000
      average_fee: '21000.00', // (25000 + 17000) / 2
    });
    expect(body.previous_period).toEqual({ date_from: '2030-01-01', date_to: '2030-12-31' });
    expect(body.previous).toMatchObject({
      new_roles: 2,
      placements: 0,
      open_roles: 2,
      revenue_booked: '0.00',
    }); // R3 06-01, R4 12-01
    expect(body.months).toHaveLength(12);
    expect(body.months[2]).toEqual({
      month: '2031-03',
      new_roles: 0,
      placements: 1,
      submittals: 1,
      revenue_booked: '25000.00',
      revenue_collected: '0.00',
    });
    expect(body.months[0]).toEqual({
      month: '2031-01',
      new_roles: 1,
      placements: 0,
      submittals: 2,
      revenue_booked: '15000.00',
      revenue_collected: '0.00',
    });
    expect(body.recruiters).toEqual([
      {
        recruiter_id: ids.rita,
        recruiter_name: 'Rita Recruiter',
        open_roles: 1,
        submittals: 3,
        placements: 2,
        fees: '42000.00',
      },
      {
        recruiter_id: ids.bob,
        recruiter_name: 'Bob Builder',
        open_roles: 1,
        submittals: 1,
        placements: 0,
        fees: '0.00',
      },
    ]);
  });

  it('compares a year to date with the same span a year before, any other period with the days just before (issue 29 h)', async () => {
    const ytd = await get(owner, '/api/analytics/summary/?date_from=2031-01-01&date_to=2031-06-15');
    expect(ytd.previous_period).toEqual({ date_from: '2030-01-01', date_to: '2030-06-15' });
    const leap = await get(owner, '/api/analytics/summary/?date_from=2032-01-01&date_to=2032-02-29');
    expect(leap.previous_period).toEqual({ date_from: '2031-01-01', date_to: '2031-02-28' });
    const days = await get(owner, '/api/analytics/summary/?date_from=2031-03-01&date_to=2031-03-30');
    expect(days.previous_period).toEqual({ date_from: '2031-01-30', date_to: '2031-02-28' });
  });

  it('filters change exactly what they should', async () => {
    const acme = (await get(owner, `/api/analytics/summary/?${Y}&client=${ids.acme}`)).summary;
    expect(acme).toMatchObject({
      open_roles: 1,
      new_roles: 2,
      placements: 2,
      roles_closed: 1,
      submittals: 3,
      revenue_booked: '40000.00',
      revenue_collected: '25000.00',
    });
    const bobs = (await get(owner, `/api/analytics/summary/?${Y}&recruiter=${ids.bob}`)).summary;
    expect(bobs).toMatchObject({
      open_roles: 1,
      new_roles: 0,
      placements: 0,
      roles_closed: 1,
      roles_filled: 0,
      fill_rate: 0,
      submittals: 1,
      revenue_booked: '0.00',
    });
    const retainer = (await get(owner, `/api/analytics/summary/?${Y}&client_type=retainer`)).summary;
    expect(retainer).toMatchObject({
      open_roles: 0,
      placements: 0,
      submittals: 0,
      revenue_booked: '15000.00',
      revenue_collected: '15000.00',
    });
    const family = (await get(owner, `/api/analytics/summary/?${Y}&role_family=software%20engineer`)).summary;
    expect(family).toEqual(acme);
    const march = (await get(owner, '/api/analytics/summary/?date_from=2031-03-01&date_to=2031-03-31')).summary;
    expect(march).toMatchObject({
      new_roles: 0,
      placements: 1,
      roles_closed: 1,
      submittals: 1,
      revenue_booked: '25000.00',
      revenue_collected: '0.00',
      median_days_to_fill: 59,
    });
  });

  it('totals are all time', async () => {
    const body = await get(owner, `/api/analytics/totals/?client=${ids.beta}`);
    // Beta: R3 and R4 opened 2030, R4 still open, R3 closed unfilled; one submittal; nothing booked (void).
    expect(body.totals).toMatchObject({
      open_roles: 1,
      new_roles: 2,
      placements: 0,
      roles_closed: 1,
      roles_filled: 0,
      submittals: 1,
      revenue_booked: '0.00',
    });
  });
});

describe('the other sets', () => {
  it('clients', async () => {
    const body = await get(owner, `/api/analytics/clients/?${Y}`);
    expect(body.clients).toEqual([
      {
        client_id: ids.acme,
        client_name: 'Acme',
        client_type: 'finders_fee',
        open_roles: 1,
        new_roles: 2,
        placements: 2,
        median_days_to_fill: 64,
        revenue_booked: '40000.00',
        revenue_collected: '25000.00',
        average_fee: '21000.00',
      },
      {
        client_id: ids.beta,
        client_name: 'Beta',
        client_type: 'finders_fee',
        open_roles: 1,
        new_roles: 0,
        placements: 0,
        median_days_to_fill: null,
        revenue_booked: '0.00',
        revenue_collected: '0.00',
        average_fee: null,
      },
      {
        client_id: ids.ret,
        client_name: 'Ret Co',
        client_type: 'retainer',
        open_roles: 0,
        new_roles: 0,
        placements: 0,
        median_days_to_fill: null,
        revenue_booked: '15000.00',
        revenue_collected: '15000.00',
        average_fee: null,
      },
    ]);
  });

  it('roles', async () => {
    const body = await get(owner, `/api/analytics/roles/?${Y}`);
    expect(body.count).toBe(4);
    expect(body.roles.map((r: { role_id: number }) => r.role_id)).toEqual([ids.r2, ids.r1, ids.r4, ids.r3]);
    expect(body.roles[1]).toMatchObject({
      role_family: 'software engineer',
      days_open: 60,
      pipelines: 2,
      submittals: 2,
      placements: 1,
      outcome: 'filled',
      closed_at: '2031-03-02',
    });
    expect(body.roles[1].stage_counts).toEqual({
      sourced: 0,
      internal_interview: 0,
      submit_pending: 0,
      submitted: 1,
      client_interview: 0,
      offer: 0,
      placed: 1,
    });
    expect(body.roles[3]).toMatchObject({ outcome: 'closed_unfilled', pipelines: 1 });
    expect(body.roles[2]).toMatchObject({ outcome: 'open', interviews: 1 });
  });

  it('stages: funnel, time in stage, drop-outs', async () => {
    const body = await get(owner, `/api/analytics/stages/?${Y}`);
    expect(body.pipelines).toBe(4); // P5 was created in 2030
    const byStage = Object.fromEntries(body.stages.map((s: { stage: string }) => [s.stage, s]));
    expect(byStage.sourced).toMatchObject({
      reached: 4,
      conversion_to_next: 1,
      median_days_in_stage: 10,
      p90_days_in_stage: 10,
      dropped: 0,
    }); // stays 10, 10, 10, 4
    expect(byStage.submitted).toMatchObject({
      reached: 4,
      conversion_to_next: 0.75,
      median_days_in_stage: 20,
      p90_days_in_stage: 36,
      dropped: 1,
      dropped_reasons: [{ reason: 'rejected_by_client', count: 1 }],
    }); // stays 20, 40, 15
    expect(byStage.offer).toMatchObject({
      reached: 3,
      conversion_to_next: 0.6667,
      median_days_in_stage: 25,
      dropped: 1,
      dropped_reasons: [{ reason: 'offer_declined', count: 1 }],
    });
    expect(byStage.placed).toMatchObject({
      reached: 2,
      conversion_to_next: null,
      median_days_in_stage: null,
    });
  });

  it('wages and role wages', async () => {
    const body = await get(owner, `/api/analytics/wages/?${Y}`);
    expect(
      body.placements.map((p: { position: string; difference: string; difference_ratio: number }) => [
        p.position,
        p.difference,
        p.difference_ratio,
      ]),
    ).toEqual([
      ['below', '-5000.00', -0.0556], // P3 85000 vs 90000..110000: −5000 / 90000
      ['above', '5000.00', 0.0417], // P1 125000 vs 100000..120000: 5000 / 120000
    ]);
    expect(body.by_role_family).toEqual([
      {
        key: 'software engineer',
        label: 'Software Engineer',
        count: 2,
        below: 1,
        within: 0,
        above: 1,
        no_range: 0,
        median_difference_ratio: -0.0069,
      },
    ]);
    const wages = await get(owner, `/api/analytics/role-wages/?${Y}`);
    expect(wages.role_wages[0]).toEqual({
      role_family: 'software engineer',
      role_family_label: 'Software Engineer',
      location: null,
      currency: 'USD',
      count: 2,
      min: '85000.00',
      p25: '95000.00',
      median: '105000.00',
      p75: '115000.00',
      max: '125000.00',
    });
    expect(wages.role_wages.map((w: { location: string | null }) => w.location)).toEqual([
      null,
      'London',
      'Seattle, WA',
    ]);
  });

  it('optimal wage range says when the sample is too small', async () => {
    const body = await get(owner, `/api/analytics/optimal-wage-range/?${Y}`);
    expect(body.min_sample).toBe(5);
    expect(body.ranges).toEqual([
      expect.objectContaining({
        role_family: 'data scientist',
        location: null,
        sample_size: 1,
        accepted: 0,
        enough_data: false,
        bands: [],
        best_band: null,
      }),
      expect.objectContaining({
        role_family: 'software engineer',
        location: null,
        sample_size: 1,
        accepted: 1,
        enough_data: false,
        message: expect.stringContaining('at least 5'),
      }),
    ]);
  });

  it('retainer time payout', async () => {
    const body = await get(owner, `/api/analytics/retainer-time-payout/?${Y}`);
    expect(body.clients).toEqual([
      {
        client_id: ids.ret,
        client_name: 'Ret Co',
        signed_on: '2031-01-10',
        currency: 'USD',
        instalments: [
          expect.objectContaining({
            instalment: 0,
            invoiced_on: '2031-01-20',
            paid_on: '2031-02-10',
            days_to_invoice: 10,
            days_to_paid: 31,
            amount: '15000.00',
          }),
          expect.objectContaining({
            instalment: 1,
            invoice_id: null,
            days_to_invoice: null,
            amount: '15000.00',
          }),
        ],
        median_days_to_invoice: 10,
        median_days_to_paid: 31,
        outstanding_instalments: 1,
        outstanding_amount: '15000.00',
      },
    ]);
    expect(body.overall).toEqual({
      median_days_to_invoice: 10,
      median_days_to_paid: 31,
      outstanding_instalments: 1,
      outstanding_amount: '15000.00',
    });
  });

  it('sources: placements by channel, and the applications of the period per channel', async () => {
    // p1 (fee 25,000) was placed from a candidate recorded as "  referral " (the source ignores case and
    // spaces); p3 (fee 17,000) came from an Indeed application, whatever its candidate's own source says.
    const candidateOf = async (pipelineId: number) =>
      (
        await t.db
          .select({ id: pipelinesTable.candidateId })
          .from(pipelinesTable)
          .where(eq(pipelinesTable.id, pipelineId))
      )[0]!.id;
    await t.db
      .update(candidatesTable)
      .set({ source: '  referral ' })
      .where(eq(candidatesTable.id, await candidateOf(ids.p1!)));
    const inYear = at('2031-02-09T08:00:00Z');
    await insertApplication(t.db, {
      roleId: ids.r2!,
      source: 'indeed',
      status: 'converted',
      candidateId: await candidateOf(ids.p3!),
      pipelineId: ids.p3!,
      createdAt: inYear,
    });
    await insertApplication(t.db, { roleId: ids.r2!, source: 'indeed', status: 'rejected', createdAt: inYear });
    await insertApplication(t.db, { roleId: ids.r4!, source: 'careers_page', status: 'new', createdAt: inYear });
    await insertApplication(t.db, {
      roleId: ids.r4!,
      source: 'careers_page',
      status: 'new',
      createdAt: at('2030-12-31T23:00:00Z'),
    });

    const body = await get(owner, `/api/analytics/sources/?${Y}`);
    expect(body.sources).toEqual([
      { source: 'Indeed', placements: 1, share: 0.5, fees: '17000.00' },
      { source: 'referral', placements: 1, share: 0.5, fees: '25000.00' },
    ]);
    // 2030-12-31 23:00 UTC is outside the year.
    expect(body.applications).toEqual([
      { source: 'careers_page', received: 1, open: 1, rejected: 0, converted: 0, placed: 0 },
      { source: 'indeed', received: 2, open: 0, rejected: 1, converted: 1, placed: 1 },
    ]);

    // The filters apply as to every set: Beta's roles (r3, r4) have no placements and one application.
    const beta = await get(owner, `/api/analytics/sources/?${Y}&client=${ids.beta}`);
    expect(beta.sources).toEqual([]);
    expect(beta.applications).toEqual([
      { source: 'careers_page', received: 1, open: 1, rejected: 0, converted: 0, placed: 0 },
    ]);
    const ritas = await get(owner, `/api/analytics/sources/?${Y}&recruiter=${ids.rita}`);
    expect(ritas.sources.map((row: { source: string }) => row.source)).toEqual(['Indeed', 'referral']);
    expect(ritas.applications.map((row: { source: string }) => row.source)).toEqual(['indeed']);

    // Others get the same rows without the fees.
    expect((await get(viewer, `/api/analytics/sources/?${Y}`)).sources).toEqual([
      { source: 'Indeed', placements: 1, share: 0.5 },
      { source: 'referral', placements: 1, share: 0.5 },
    ]);
  });

  it('filter options list clients, recruiters and role families with examples', async () => {
    const body = await get(viewer, '/api/analytics/filter-options/');
    expect(body.default_date_from).toBe('2031-01-01');
    expect(body.clients.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Beta', 'Ret Co']);
    expect(body.recruiters.map((r: { name: string }) => r.name)).toEqual(['Bob Builder', 'Rita Recruiter']);
    expect(body.role_families).toEqual([
      {
        value: 'data scientist',
        label: 'Data Scientist',
        roles: 2,
        examples: ['Data Scientist', 'Data Scientist - Remote'],
      },
      {
        value: 'software engineer',
        label: 'Software Engineer',
        roles: 2,
        examples: ['Senior Software Engineer', 'Software Developer II'],
      },
    ]);
  });
});

const SETS = ANALYTICS_SETS;

describe('permissions and bad input', () => {
  it('recruiters and viewers never receive money fields when only owners see fees', async () => {
    await setMoneyVisibility(t.db, 'owners');
    for (const client of [rita, viewer]) {
      for (const set of SETS) {
        const body = await get(client, `/api/analytics/${set}/?${set === 'filter-options' ? '' : Y}`);
        expect(body.money_visible).toBe(false);
        const text = JSON.stringify(body);
        for (const key of [
          'revenue_booked',
          'revenue_collected',
          'average_fee',
          '"fees"',
          'outstanding_amount',
          '"amount"',
        ])
          expect(text, `${set} ${key}`).not.toContain(key);
      }
    }
    // The figures without money are the owner's.
    const mine = (await get(rita, `/api/analytics/summary/?${Y}`)).summary;
    expect(mine).toMatchObject({ placements: 2, submittals: 4 });
    // The default (decision 071): everyone but viewers sees fees.
    await setMoneyVisibility(t.db, 'all_but_viewers');
    expect((await get(rita, `/api/analytics/summary/?${Y}`)).money_visible).toBe(true);
    expect((await get(rita, `/api/analytics/summary/?${Y}`)).summary).toHaveProperty('average_fee');
    expect((await get(viewer, `/api/analytics/summary/?${Y}`)).money_visible).toBe(false);
  });

  it('needs a session', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    for (const set of SETS) expect((await anonymous.get(`/api/analytics/${set}/`)).status).toBe(401);
    expect((await anonymous.get('/api/dashboard/attention/')).status).toBe(401);
  });

  it('bad filters answer 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['date_from=2031-13-01', 'date_from'],
      ['date_to=yesterday', 'date_to'],
      ['date_from=2031-05-01&date_to=2031-04-01', 'date_to'],
      ['client=abc', 'client'],
      ['client=99999', 'client'],
      ['client_type=agency', 'client_type'],
      ['recruiter=-3', 'recruiter'],
      ['recruiter=99999', 'recruiter'],
      ['role_family=astronaut', 'role_family'],
    ];
    // Every set but filter-options (which takes no filters) reads them the same way.
    for (const set of SETS.filter((name) => name !== 'filter-options')) {
      for (const [query, field] of cases) {
        const response = await owner.get(`/api/analytics/${set}/?${query}`);
        expect(response.status, `${set} ${query}`).toBe(400);
        expect(response.json.success).toBe(false);
        expect(Object.keys(response.json.fields ?? {}), `${set} ${query}`).toEqual([field]);
      }
    }
  });
});

describe('needs attention', () => {
  it("the owner sees everyone's items, a recruiter their own, a viewer none", async () => {
    const all = await get(owner, '/api/dashboard/attention/');
    expect(all.everyone).toBe(true);
    expect(all.items.map((i: { kind: string }) => i.kind)).toEqual([
      'interview_tomorrow',
      'overdue_invoice',
      'role_without_submittal',
      'stale_pipeline',
      'role_without_submittal',
      'guarantee_ending',
    ]);
    expect(all.items.find((i: { kind: string }) => i.kind === 'overdue_invoice').link).toBe(
      `/role/${ids.r2}/invoice/${ids.inv2}`,
    );
    expect(all.items.find((i: { kind: string }) => i.kind === 'stale_pipeline').link).toBe(
      `/roles/${ids.r4}/pipelines/${ids.p5}`,
    );
    const ritas = await get(rita, '/api/dashboard/attention/');
    expect(ritas.items.map((i: { key: string }) => i.key).sort()).toEqual(
      [`guarantee_ending:${ids.p3}`, `interview_tomorrow:${ids.p5}`, `role_without_submittal:${ids.r2}`].sort(),
    );
    const bobs = await get(bob, '/api/dashboard/attention/');
    expect(bobs.items.map((i: { key: string }) => i.key).sort()).toEqual(
      [`interview_tomorrow:${ids.p5}`, `role_without_submittal:${ids.r4}`, `stale_pipeline:${ids.p5}`].sort(),
    );
    expect((await get(viewer, '/api/dashboard/attention/')).items).toEqual([]);
  });

  it('pages through every item, so none is left "not listed" (issue 29 item i)', async () => {
    const all = await get(owner, '/api/dashboard/attention/');
    expect(all).toMatchObject({ count: 6, page: 1, page_size: 100 });
    const first = await get(owner, '/api/dashboard/attention/?page_size=4');
    expect(first).toMatchObject({ count: 6, page: 1, page_size: 4 });
    const second = await get(owner, '/api/dashboard/attention/?page_size=4&page=2');
    expect(second).toMatchObject({ count: 6, page: 2 });
    expect([...first.items, ...second.items]).toEqual(all.items);
    expect((await owner.get('/api/dashboard/attention/?page=0')).status).toBe(400);
  });
});

describe('role family', () => {
  it('drops seniority and punctuation and joins synonyms', () => {
    expect(roleFamilyOf('Sr. Software Developer (Payments)')).toBe('software engineer');
    expect(roleFamilyOf('Software Engineer II')).toBe('software engineer');
    expect(roleFamilyOf('Front-End Developer')).toBe('frontend engineer');
    expect(roleFamilyOf('Lead Full Stack Dev')).toBe('fullstack engineer');
    expect(roleFamilyOf('UX/UI Designer')).toBe('product designer');
    expect(roleFamilyOf('QA Tester')).toBe('qa engineer');
    expect(roleFamilyOf('Site Reliability Engineer')).toBe('devops engineer');
    expect(roleFamilyOf('Data Scientist - London')).toBe('data scientist');
    expect(roleFamilyOf('Account Executive, EMEA')).toBe('account executive');
    expect(roleFamilyOf('Senior PM')).toBe('product manager');
    expect(roleFamilyOf('!!!')).toBe('other');
  });
});
