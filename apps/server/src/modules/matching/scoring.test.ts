import { DEFAULT_MATCH_WEIGHTS, MATCH_FACTOR_KEYS } from '@recruitdesk/contracts/matching';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidates } from '../../factories/candidates.factory';
import { buildCandidate } from '../../factories/candidates.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { eq } from 'drizzle-orm';
import { saveProfiles } from './matching.repository';
import { candidatesSharing, leanScorer, profileIndex } from './profile-index';
import { candidateMatchProfilesTable } from './matching.table';
import {
  buildCandidateProfile,
  buildRoleProfile,
  resumeSkillKeys,
  titleLevel,
  titleTokens,
  type CandidateProfile,
  type RoleProfile,
} from './profiles';
import { compareRanked, scoreMatch, scorePlan } from './scoring';
import { termsFromNames } from './skill-terms';

const terms = termsFromNames(['Python', 'SQL', 'Kubernetes', 'Java', 'JavaScript', 'Airflow', 'Go', 'React', 'C++']);
const now = new Date('2026-06-01T12:00:00Z');

const role: RoleProfile = buildRoleProfile(
  terms,
  {
    id: 1,
    clientId: 1,
    name: 'Senior Backend Engineer',
    location: 'Berlin, Germany',
    remoteType: 'hybrid',
    salaryMin: '60000',
    salaryMax: '80000',
    salaryCurrency: 'EUR',
    descriptionText: '',
  },
  [
    { name: 'Python', description: '', kind: 'must_have' },
    { name: 'SQL and Kubernetes', description: '', kind: 'must_have' },
    { name: '5+ years building services', description: '', kind: 'must_have' },
    { name: 'Airflow', description: '', kind: 'nice_to_have' },
    { name: 'React', description: '', kind: 'nice_to_have' },
  ],
);

const candidate = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
  candidateId: 1,
  skills: ['kubernetes', 'python', 'sql'],
  level: 3,
  years: 6,
  salaryMinor: 7_000_000,
  salaryCurrency: 'EUR',
  locationTokens: ['berlin', 'germany'],
  titleTokens: ['back-end', 'engineer'],
  status: 'active',
  lastActivity: new Date('2026-05-20T00:00:00Z'),
  ...overrides,
});

const input = { now, salaryVisible: true };

const source = {
  id: 9,
  currentTitle: '',
  skills: [] as string[],
  resumeText: '',
  yearsExperience: 1,
  desiredSalary: '50000.50',
  desiredSalaryCurrency: 'EUR',
  location: 'Berlin, Germany',
  status: 'active',
  updatedAt: now,
};

describe('profiles', () => {
  it('reads the role’s requirements from its qualifications', () => {
    expect(role.required.map((s) => s.name)).toEqual(['Kubernetes', 'Python', 'SQL']);
    expect(role.nice.map((s) => s.name)).toEqual(['Apache Airflow', 'React']);
    expect(role.minYears).toBe(5);
    expect(role.level).toBe(3);
    expect(role.city).toBe('berlin');
    expect(role.titleTokens).toEqual(['back-end', 'engineer']);
  });

  it('matches skills as whole words, never by substring', () => {
    expect([...resumeSkillKeys(terms, 'Ten years of JavaScript.')]).toEqual(['javascript']);
    expect([...resumeSkillKeys(terms, 'Java, and some Go.')].sort()).toEqual(['go', 'java']);
    expect([...resumeSkillKeys(terms, 'Wrote C++ daily.')]).toEqual(['c++']);
    expect([...resumeSkillKeys(terms, 'Python daily. Not interested in Kubernetes.')]).toEqual(['python']);
    expect([...resumeSkillKeys(terms, 'Ran k8s clusters and wrote JS.')].sort()).toEqual(['javascript', 'kubernetes']);
    expect(buildCandidateProfile(terms, { ...source, skills: ['Postgres', 'golang'] }).skills).toEqual([
      'go',
      'postgresql',
    ]);
  });

  it('reads seniority and title words', () => {
    expect(titleLevel('Sr. Data Engineer')).toBe(3);
    expect(titleLevel('Junior Developer')).toBe(1);
    expect(titleLevel('Head of Data')).toBe(5);
    expect(titleTokens('Senior Backend Developer')).toEqual(['back-end', 'engineer']);
    const profile = buildCandidateProfile(terms, { ...source, skills: ['python', ' SQL '] });
    expect(profile).toMatchObject({ skills: ['python', 'sql'], level: 1, salaryMinor: 5_000_050 });
  });
});

describe('scoring', () => {
  it('adds the contributions up to the score', () => {
    const match = scoreMatch(role, candidate(), DEFAULT_MATCH_WEIGHTS, input);
    const sum = match.factors.reduce((total, factor) => total + Math.round(factor.contribution * 10), 0);
    expect(sum).toBe(match.scoreTenths);
    expect(match.score).toBeGreaterThan(80);
    expect(match.missing).toEqual(['Apache Airflow', 'React']);
  });

  it('weighs a missing required skill more than a present nice-to-have', () => {
    const allRequired = scoreMatch(role, candidate(), DEFAULT_MATCH_WEIGHTS, input).scoreTenths;
    const swapped = scoreMatch(
      role,
      candidate({ skills: ['airflow', 'python', 'react', 'sql'] }),
      { ...DEFAULT_MATCH_WEIGHTS, nice_skills: 100 },
      input,
    ).scoreTenths;
    const allRequiredHeavyNice = scoreMatch(
      role,
      candidate(),
      { ...DEFAULT_MATCH_WEIGHTS, nice_skills: 100 },
      input,
    ).scoreTenths;
    expect(swapped).toBeLessThan(allRequiredHeavyNice);
    expect(allRequired).toBeGreaterThan(0);
  });

  it('scores each factor as documented', () => {
    const factor = (c: CandidateProfile, key: string) =>
      scoreMatch(role, c, DEFAULT_MATCH_WEIGHTS, input).factors.find((f) => f.key === key)!.contribution;
    expect(factor(candidate({ locationTokens: ['sydney', 'australia'] }), 'location')).toBe(1);
    expect(factor(candidate({ salaryMinor: 15_000_000 }), 'salary')).toBe(0);
    expect(factor(candidate({ level: 1 }), 'seniority')).toBe(0);
    expect(factor(candidate({ years: 2 }), 'experience')).toBe(0);
    expect(factor(candidate({ status: 'placed', lastActivity: new Date('2026-05-25') }), 'availability')).toBe(0);
    expect(factor(candidate({ lastActivity: new Date('2023-01-01') }), 'recency')).toBe(0);
  });

  it('leaves salary out entirely when the reader may not see it', () => {
    const hidden = scoreMatch(role, candidate({ salaryMinor: 99_000_000 }), DEFAULT_MATCH_WEIGHTS, {
      now,
      salaryVisible: false,
    });
    expect(hidden.factors.map((f) => f.key)).not.toContain('salary');
    expect(scorePlan(role, DEFAULT_MATCH_WEIGHTS, false).weights.salary).toBe(0);
  });

  it('is deterministic and orders ties by id', () => {
    const a = JSON.stringify(scoreMatch(role, candidate(), DEFAULT_MATCH_WEIGHTS, input));
    const b = JSON.stringify(scoreMatch(role, candidate(), DEFAULT_MATCH_WEIGHTS, input));
    expect(a).toBe(b);
    const rows = [
      { id: 3, scoreTenths: 500 },
      { id: 1, scoreTenths: 500 },
      { id: 2, scoreTenths: 700 },
    ];
    expect(rows.sort(compareRanked).map((row) => row.id)).toEqual([2, 1, 3]);
  });
});

describe('the lean scorer and the profile index', () => {
  const skillKeys = ['python', 'sql', 'kubernetes', 'apache airflow', 'react', 'go', 'cobol'];
  const arbitraryProfile = fc.record({
    skills: fc.subarray(skillKeys).map((list) => [...list].sort()),
    level: fc.integer({ min: 0, max: 5 }),
    years: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    salaryMinor: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null }),
    salaryCurrency: fc.constantFrom('EUR', 'USD'),
    locationTokens: fc.subarray(['berlin', 'germany', 'paris', 'france']).map((list) => [...list].sort()),
    titleTokens: fc.subarray(['back-end', 'engineer', 'data']).map((list) => [...list].sort()),
    status: fc.constantFrom('active', 'placed', 'do_not_contact', 'archived'),
    ageDays: fc.integer({ min: 0, max: 1000 }),
  });
  type Sample = typeof arbitraryProfile extends fc.Arbitrary<infer T> ? T : never;
  const toProfile = (sample: Sample, id: number): CandidateProfile => ({
    candidateId: id,
    skills: sample.skills,
    level: sample.level,
    years: sample.years,
    salaryMinor: sample.salaryMinor,
    salaryCurrency: sample.salaryCurrency,
    locationTokens: sample.locationTokens,
    titleTokens: sample.titleTokens,
    status: sample.status,
    lastActivity: new Date(now.getTime() - sample.ageDays * 86_400_000 - 3_600_000),
  });

  it('scores exactly as scoreMatch, for any profile and weights', () => {
    fc.assert(
      fc.property(
        arbitraryProfile,
        fc.record(Object.fromEntries(MATCH_FACTOR_KEYS.map((key) => [key, fc.integer({ min: 0, max: 100 })]))),
        fc.boolean(),
        (sample, weights, salaryVisible) => {
          const w = weights as typeof DEFAULT_MATCH_WEIGHTS;
          const plan = scorePlan(role, w, salaryVisible);
          const profile = toProfile(sample, 1);
          expect(leanScorer(role, plan, now)(profile)).toBe(
            scoreMatch(role, profile, w, { now, salaryVisible }).scoreTenths,
          );
        },
      ),
      { numRuns: 500, seed: 42 },
    );
  });

  describe('on a database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('loads the profiles and then reads only what changed', async () => {
      await insertCandidates(
        t.db,
        Array.from({ length: 5 }, () => buildCandidate({ skills: ['Python'] })),
      );
      const ids = (await t.db.select({ id: candidateMatchProfilesTable.candidateId }).from(candidateMatchProfilesTable))
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const first = await profileIndex(t.db);
      expect(first.profiles.size).toBe(5);
      expect([...candidatesSharing(first, ['python'])].length).toBe(0); // stale stubs: not built yet
      await saveProfiles(
        t.db,
        ids
          .map((id, i) => toProfile(fc.sample(arbitraryProfile, { numRuns: 5, seed: 3 })[i]!, id))
          .map((p) => ({ ...p, skills: ['python'] })),
        now,
      );
      const second = await profileIndex(t.db);
      expect(second).toBe(first);
      expect([...candidatesSharing(second, ['python'])].map((p) => p.candidateId).sort((a, b) => a - b)).toEqual(ids);
      await t.db
        .update(candidateMatchProfilesTable)
        .set({ skills: ['go'] })
        .where(eq(candidateMatchProfilesTable.candidateId, ids[0]!));
      const third = await profileIndex(t.db);
      expect([...candidatesSharing(third, ['python'])].length).toBe(4);
      expect([...candidatesSharing(third, ['go'])].map((p) => p.candidateId)).toEqual([ids[0]]);
    });
  });
});
