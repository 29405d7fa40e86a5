import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { acceptanceLowerBound, bandsOf, bandWidthMinor } from './analytics.service';
import { roleFamilyOf } from './role-family';

// Issue 12: the optimal-wage-range banding, with every figure worked out by hand in the comments.
// Bands are [from, from + width), width a "nice" number near a tenth of the median offer.

const offer = (major: number, accepted: boolean) => ({ salary: BigInt(major) * 100n, accepted });

describe('band width', () => {
  it('is 1, 2, 2.5 or 5 × a power of ten, at least three quarters of a tenth of the median', () => {
    // median 110,000 → a tenth is 11,000; 10,000 ≥ 8,250 (¾ of it) is the first nice step.
    expect(bandWidthMinor(110_000_00n)).toBe(10_000_00n);
    // median 45,000 → 4,500; ¾ = 3,375: 1,000, 2,000 and 2,500 are below, 5,000 is the first.
    expect(bandWidthMinor(45_000_00n)).toBe(5_000_00n);
    // median 230,000 → 23,000; ¾ = 17,250: 10,000 below, 20,000 the first.
    expect(bandWidthMinor(230_000_00n)).toBe(20_000_00n);
    // A tiny median still gives a band of at least 1.00.
    expect(bandWidthMinor(300n)).toBe(100n);
  });
});

describe('bands of offers', () => {
  it('groups offers into bands with their acceptance rate, lowest band first, empty bands left out', () => {
    // Sorted: 95k 100k 105k 110k 112k 118k 130k → median 110k → width 10k.
    const bands = bandsOf([
      offer(95_000, false),
      offer(100_000, false),
      offer(105_000, true),
      offer(110_000, true),
      offer(112_000, true),
      offer(118_000, false),
      offer(130_000, false),
    ]);
    expect(bands).toEqual([
      { from: '90000.00', to: '100000.00', offers: 1, accepted: 0, acceptance_rate: 0 }, // 95k
      { from: '100000.00', to: '110000.00', offers: 2, accepted: 1, acceptance_rate: 0.5 }, // 100k ✗, 105k ✓
      { from: '110000.00', to: '120000.00', offers: 3, accepted: 2, acceptance_rate: 0.6667 }, // 110k ✓ 112k ✓ 118k ✗ → 2/3
      { from: '130000.00', to: '140000.00', offers: 1, accepted: 0, acceptance_rate: 0 }, // 130k; 120–130k had none
    ]);
  });

  it('puts an offer on a band edge into the upper band, and keeps cents exact', () => {
    // Sorted: 50,000.50  60,000  70,000 → median 60,000 → width 5,000 (¾ of 6,000 = 4,500).
    const bands = bandsOf([{ salary: 50_000_50n, accepted: true }, offer(60_000, true), offer(70_000, false)]);
    expect(bands.map((b) => [b.from, b.to, b.offers, b.accepted])).toEqual([
      ['50000.00', '55000.00', 1, 1],
      ['60000.00', '65000.00', 1, 1], // 60,000 starts its band
      ['70000.00', '75000.00', 1, 0],
    ]);
  });
});

describe('GET /api/analytics/optimal-wage-range/', () => {
  let t: TestApp;
  let owner: HttpClient;
  const Y = 'date_from=2031-01-01&date_to=2031-12-31';

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.offsetMs = Date.parse('2031-12-31T12:00:00Z') - Date.now();
    const ownerRow = await insertUser(t.db, { userType: ['owner'] });
    owner = await signedInClient(t, ownerRow);
    const berlin = await insertRole(t.db, {
      name: 'Senior Backend Engineer',
      location: 'Berlin',
      salaryCurrency: 'EUR',
    });
    const munich = await insertRole(t.db, { name: 'Backend Engineer', location: 'Munich', salaryCurrency: 'EUR' });
    const design = await insertRole(t.db, { name: 'Product Designer', location: 'Berlin', salaryCurrency: 'EUR' });
    const answered = async (
      roleId: number,
      salary: number,
      answer: 'accepted' | 'declined' | 'withdrawn',
      day: string,
    ) => {
      const candidate = await insertCandidate(t.db);
      await insertPipeline(t.db, {
        roleId,
        candidateId: candidate.id,
        recruiterId: ownerRow.id,
        stage: 'offer',
        offeredSalary: String(salary),
        offerCurrency: 'EUR',
        offeredAt: new Date(`${day}T10:00:00Z`),
        offerAnswer: answer,
      });
    };
    // Backend engineers: five in Berlin, two in Munich.
    await answered(berlin.id, 100_000, 'declined', '2031-03-02');
    await answered(berlin.id, 105_000, 'accepted', '2031-03-09');
    await answered(berlin.id, 110_000, 'accepted', '2031-04-01');
    await answered(berlin.id, 112_000, 'accepted', '2031-05-12');
    await answered(berlin.id, 118_000, 'withdrawn', '2031-06-20');
    await answered(munich.id, 95_000, 'declined', '2031-07-01');
    await answered(munich.id, 130_000, 'declined', '2031-08-15');
    // Designers: four answers, one short of the sample.
    for (const [salary, answer] of [
      [70_000, 'accepted'],
      [72_000, 'accepted'],
      [75_000, 'declined'],
      [80_000, 'accepted'],
    ] as const) {
      await answered(design.id, salary, answer, '2031-09-01');
    }
    // Outside the range: not counted.
    await answered(design.id, 90_000, 'accepted', '2030-12-31');
    // Data analysts: nine of ten accepted around 60k, one accepted at 90k.
    const analyst = await insertRole(t.db, { name: 'Data Analyst', location: 'Berlin', salaryCurrency: 'EUR' });
    for (let i = 0; i < 10; i += 1)
      await answered(analyst.id, 60_000 + i * 100, i === 0 ? 'declined' : 'accepted', '2031-10-01');
    await answered(analyst.id, 90_000, 'accepted', '2031-10-02');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives each role family its bands, acceptance rates and best band, per location where the sample allows', async () => {
    const response = await owner.get(`/api/analytics/optimal-wage-range/?${Y}`);
    expect(response.status).toBe(200);
    const backend = roleFamilyOf('Senior Backend Engineer');
    expect(roleFamilyOf('Backend Engineer')).toBe(backend);
    const rows = (response.json.ranges as { role_family: string; location: string | null }[]).filter(
      (row) => row.role_family === backend,
    );
    // The family (all 7), Berlin (5: enough); Munich (2) gets no row of its own.
    expect(rows.map((row) => row.location)).toEqual([null, 'Berlin']);
    const [family, inBerlin] = rows;

    // All seven: 95 100 105 110 112 118 130 (k) → median 110k → width 10k.
    // 90–100k: 95✗ → 0/1; 100–110k: 100✗ 105✓ → 1/2; 110–120k: 110✓ 112✓ 118(withdrawn) → 2/3; 130–140k: 130✗ → 0/1.
    expect(family).toMatchObject({
      currency: 'EUR',
      sample_size: 7,
      accepted: 3,
      enough_data: true,
      message: null,
      bands: [
        { from: '90000.00', to: '100000.00', offers: 1, accepted: 0, acceptance_rate: 0 },
        { from: '100000.00', to: '110000.00', offers: 2, accepted: 1, acceptance_rate: 0.5 },
        { from: '110000.00', to: '120000.00', offers: 3, accepted: 2, acceptance_rate: 0.6667 },
        { from: '130000.00', to: '140000.00', offers: 1, accepted: 0, acceptance_rate: 0 },
      ],
      best_band: { from: '110000.00', to: '120000.00', offers: 3, accepted: 2, acceptance_rate: 0.6667 },
    });
    // Berlin: 100 105 110 112 118 → median 110k → width 10k. 100–110k: 1/2; 110–120k: 2/3 → best.
    expect(inBerlin).toMatchObject({
      sample_size: 5,
      accepted: 3,
      enough_data: true,
      bands: [
        { from: '100000.00', to: '110000.00', offers: 2, accepted: 1, acceptance_rate: 0.5 },
        { from: '110000.00', to: '120000.00', offers: 3, accepted: 2, acceptance_rate: 0.6667 },
      ],
      best_band: { from: '110000.00', acceptance_rate: 0.6667 },
    });
  });

  it('suggests the band nine of ten accepted, not the one with a single accepted offer', async () => {
    const response = await owner.get(`/api/analytics/optimal-wage-range/?${Y}`);
    const family = (response.json.ranges as { role_family: string; location: string | null }[]).find(
      (row) => row.role_family === roleFamilyOf('Data Analyst') && row.location === null,
    );
    // 11 offers, median 60,500 → width 5,000: 60–65k 9/10 (lower bound 0.60), 90–95k 1/1 (0.21).
    expect(family).toMatchObject({
      bands: [
        { from: '60000.00', offers: 10, accepted: 9, acceptance_rate: 0.9 },
        { from: '90000.00', offers: 1, accepted: 1, acceptance_rate: 1 },
      ],
      best_band: { from: '60000.00', to: '65000.00' },
    });
  });

  it('ranks bands by how sure their acceptance rate is: one accepted offer does not beat nine of ten', () => {
    expect(acceptanceLowerBound({ offers: 1, accepted: 1 })).toBeCloseTo(0.2065, 3);
    expect(acceptanceLowerBound({ offers: 10, accepted: 9 })).toBeCloseTo(0.5958, 3);
    expect(acceptanceLowerBound({ offers: 3, accepted: 2 })).toBeCloseTo(0.2077, 3);
    expect(acceptanceLowerBound({ offers: 0, accepted: 0 })).toBe(0);
    expect(acceptanceLowerBound({ offers: 4, accepted: 0 })).toBeCloseTo(0, 6);
  });

  it('says "too few offers" instead of guessing when a family has fewer than five answers in the range', async () => {
    const response = await owner.get(`/api/analytics/optimal-wage-range/?${Y}`);
    expect(response.json.min_sample).toBe(5);
    const designer = roleFamilyOf('Product Designer');
    const rows = (response.json.ranges as { role_family: string }[]).filter((row) => row.role_family === designer);
    // 70k ✓ 72k ✓ 75k ✗ 80k ✓ in 2031 (the 2030 offer is outside the range): 4 answers, 3 accepted.
    expect(rows).toEqual([
      expect.objectContaining({
        location: null,
        sample_size: 4,
        accepted: 3,
        enough_data: false,
        message: 'Only 4 answered offers; at least 5 are needed to suggest a range.',
        bands: [],
        best_band: null,
      }),
    ]);
    // Widening the range to take in the 2030 offer makes five: now the family gets bands.
    const wider = await owner.get('/api/analytics/optimal-wage-range/?date_from=2030-12-01&date_to=2031-12-31');
    const widened = (
      wider.json.ranges as { role_family: string; location: string | null; enough_data: boolean; sample_size: number }[]
    ).find((row) => row.role_family === designer && row.location === null);
    expect(widened).toMatchObject({ sample_size: 5, enough_data: true });
  });
});
