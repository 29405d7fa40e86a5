import { DEFAULT_MATCH_WEIGHTS, MATCH_FACTOR_KEYS } from '@recruitdesk/contracts/matching';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidates } from '../../factories/candidates.factory';
import { buildCandidate } from '../../factories/candidates.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { eq } from 'drizzle-orm';
import { rankProfiles, saveProfiles } from './matching.repository';
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
import { scoreSql } from './score-sql';
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

describe('the SQL score equals the JavaScript score', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const skillKeys = ['python', 'sql', 'kubernetes', 'airflow', 'react', 'go', 'cobol'];
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

  it('on generated profiles and weights', async () => {
    const count = 60;
    await insertCandidates(
      t.db,
      Array.from({ length: count }, () => buildCandidate()),
    );
    const samples = fc.sample(arbitraryProfile, { numRuns: count, seed: 42 });
    const profiles: CandidateProfile[] = samples.map((sample, index) => ({
      candidateId: index + 1,
      skills: sample.skills,
      level: sample.level,
      years: sample.years,
      salaryMinor: sample.salaryMinor,
      salaryCurrency: sample.salaryCurrency,
      locationTokens: sample.locationTokens,
      titleTokens: sample.titleTokens,
      status: sample.status,
      lastActivity: new Date(now.getTime() - sample.ageDays * 86_400_000 - 3_600_000),
    }));
    await saveProfiles(t.db, profiles, now);
    for (const p of profiles) {
      await t.db
        .update(candidateMatchProfilesTable)
        .set({ status: p.status, lastActivity: p.lastActivity })
        .where(eq(candidateMatchProfilesTable.candidateId, p.candidateId));
    }
    const weightSets = fc.sample(
      fc.record(Object.fromEntries(MATCH_FACTOR_KEYS.map((key) => [key, fc.integer({ min: 0, max: 100 })]))),
      { numRuns: 5, seed: 7 },
    ) as Array<typeof DEFAULT_MATCH_WEIGHTS>;
    for (const weights of [DEFAULT_MATCH_WEIGHTS, ...weightSets]) {
      for (const salaryVisible of [true, false]) {
        const plan = scorePlan(role, weights, salaryVisible);
        if (!plan.total) continue;
        const ranked = await rankProfiles(
          t.db,
          { score: scoreSql(role, plan, now), anySkills: [], mustSkills: [], includeExcluded: true },
          count,
        );
        const expected = profiles
          .map((p) => ({
            id: p.candidateId,
            scoreTenths: scoreMatch(role, p, weights, { now, salaryVisible }).scoreTenths,
          }))
          .sort(compareRanked);
        expect(ranked.map((row) => [row.id, row.score])).toEqual(expected.map((row) => [row.id, row.scoreTenths]));
      }
    }
  });
});
