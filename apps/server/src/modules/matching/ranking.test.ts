import { DEFAULT_MATCH_WEIGHTS, MATCH_FACTOR_KEYS, type MatchWeights } from '@recruitdesk/contracts/matching';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/seeded-random';
import { EXCLUDED_STATUSES } from './matching.repository';
import { indexOfProfiles } from './profile-index';
import type { CandidateProfile, RoleProfile } from './profiles';
import { topOfRole, TopRanked } from './ranking';
import { compareRanked, scoreMatch, scorePlan } from './scoring';

const now = new Date('2026-06-01T12:00:00Z');
const SKILLS = ['python', 'sql', 'kubernetes', 'apache airflow', 'react', 'go', 'java', 'javascript', 'rust', 'c++'];
const STATUSES = ['active', 'active', 'active', 'placed', 'do_not_contact', 'archived'];

function generate(seed: number, count: number) {
  const random = seededRandom(seed);
  const int = (max: number) => Math.floor(random() * max);
  const pick = <T>(list: readonly T[]) => list[int(list.length)] as T;
  const some = <T>(list: readonly T[], most: number) => [
    ...new Set(Array.from({ length: int(most + 1) }, () => pick(list))),
  ];
  const profiles: CandidateProfile[] = Array.from({ length: count }, (_, i) => ({
    // Ids out of order, so ties are not broken by insertion order by accident.
    candidateId: ((i * 7919) % count) + 1,
    skills: some(SKILLS, 4).sort(),
    level: int(6),
    years: random() < 0.2 ? null : int(15),
    salaryMinor: random() < 0.3 ? null : (40 + int(80)) * 100_000,
    salaryCurrency: pick(['EUR', 'USD']),
    locationTokens: some(['berlin', 'germany', 'paris', 'france'], 2).sort(),
    titleTokens: some(['back-end', 'engineer', 'data', 'analyst'], 2).sort(),
    status: pick(STATUSES),
    // Only a few distinct days, so many candidates tie on the score.
    lastActivity: new Date(now.getTime() - int(4) * 100 * 86_400_000 - 3_600_000),
  }));
  const required = some(SKILLS, 3);
  const nice = some(
    SKILLS.filter((key) => !required.includes(key)),
    2,
  );
  const role: RoleProfile = {
    roleId: 1,
    clientId: 1,
    required: required.map((key) => ({ key, name: key })),
    nice: nice.map((key) => ({ key, name: key })),
    must: random() < 0.3 && required.length ? [required[0] as string] : [],
    level: int(6),
    minYears: random() < 0.5 ? null : int(8),
    salaryMinMinor: 5_000_000,
    salaryMaxMinor: random() < 0.5 ? null : 8_000_000,
    salaryCurrency: 'EUR',
    city: random() < 0.3 ? null : 'berlin',
    region: ['germany'],
    remoteType: pick(['onsite', 'hybrid', 'remote']),
    titleTokens: some(['back-end', 'engineer', 'data'], 2),
  };
  const weights = Object.fromEntries(MATCH_FACTOR_KEYS.map((key) => [key, int(4) === 0 ? 0 : int(60)])) as MatchWeights;
  return { profiles, role, weights };
}

/** The straightforward ranking: every candidate the list can hold, scored by `scoreMatch`, sorted. */
function reference(
  profiles: CandidateProfile[],
  role: RoleProfile,
  weights: MatchWeights,
  salaryVisible: boolean,
  includeExcluded: boolean,
) {
  const keys = [...role.required, ...role.nice].map((skill) => skill.key);
  return profiles
    .filter((p) => !keys.length || keys.some((key) => p.skills.includes(key)))
    .filter((p) => includeExcluded || !(EXCLUDED_STATUSES as readonly string[]).includes(p.status))
    .map((p) => ({ id: p.candidateId, ...scoreMatch(role, p, weights, { now, salaryVisible }, { explain: false }) }))
    .filter((row) => !row.failsMust)
    .map((row) => ({ id: row.id, scoreTenths: row.scoreTenths }))
    .sort(compareRanked);
}

describe('the fast ranking', () => {
  it('gives the same ranking as the straightforward reference, for random candidates, roles and weights', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 120 }),
        fc.boolean(),
        fc.boolean(),
        (seed, count, keep, salaryVisible, includeExcluded) => {
          const { profiles, role, weights } = generate(seed, count);
          const index = indexOfProfiles(profiles);
          const expected = reference(profiles, role, weights, salaryVisible, includeExcluded);
          const { top, count: listed } = topOfRole(
            index,
            {
              role,
              plan: scorePlan(role, weights, salaryVisible),
              now,
              excludedStatuses: includeExcluded ? [] : EXCLUDED_STATUSES,
            },
            keep,
          );
          expect(listed).toBe(expected.length);
          expect(top).toEqual(expected.slice(0, keep));
        },
      ),
      { numRuns: 150, seed: 32 },
    );
  });

  it('ranks every candidate when the role names no skill, and again the same after profiles change', () => {
    const { profiles, weights } = generate(5, 200);
    const { role } = generate(6, 0);
    const bare: RoleProfile = { ...role, required: [], nice: [], must: [] };
    const index = indexOfProfiles(profiles);
    const scan = { role: bare, plan: scorePlan(bare, weights, true), now, excludedStatuses: EXCLUDED_STATUSES };
    expect(topOfRole(index, scan, 500).top).toEqual(reference(profiles, bare, weights, true, false));
    const withRole = { ...scan, role, plan: scorePlan(role, DEFAULT_MATCH_WEIGHTS, true) };
    const first = topOfRole(index, withRole, 30);
    expect(topOfRole(index, withRole, 30)).toEqual(first);
  });

  it('keeps the best pairs in a bounded heap, ties by id', () => {
    const top = new TopRanked(3);
    for (const [id, score] of [
      [5, 10],
      [2, 30],
      [9, 30],
      [1, 10],
      [4, 20],
      [3, 30],
    ] as const) {
      top.push(id, score);
    }
    expect(top.sorted()).toEqual([
      { id: 2, scoreTenths: 30 },
      { id: 3, scoreTenths: 30 },
      { id: 9, scoreTenths: 30 },
    ]);
  });
});
