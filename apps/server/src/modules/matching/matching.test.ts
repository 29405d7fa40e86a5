import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertQualifications, insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { CandidateRow } from '../candidates/candidates.table';
import type { RoleRow } from '../roles/roles.table';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let role: RoleRow;
let otherRole: RoleRow;
const c: Record<string, CandidateRow> = {};

interface Result {
  candidate: { id: number; name: string };
  score: number;
  rank: number;
  factors: Array<{ key: string; contribution: number; weight: number; detail: string }>;
  evidence: Array<{ skill: string; snippet: string; start: number; end: number }>;
  missing: string[];
  in_pipeline: boolean;
  not_a_fit: { reason: string } | null;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  const client = await insertClient(t.db, { name: 'Datacorp' });
  role = await insertRole(t.db, {
    clientId: client.id,
    name: 'Senior Data Engineer',
    location: 'Berlin, Germany',
    remoteType: 'onsite',
    salaryMin: '60000',
    salaryMax: '80000',
    salaryCurrency: 'EUR',
  });
  otherRole = await insertRole(t.db, { clientId: client.id, name: 'Frontend Developer', location: 'Paris, France' });
  await insertQualifications(t.db, [
    { roleId: role.id, name: 'Python', kind: 'must_have', position: 0 },
    { roleId: role.id, name: 'SQL', kind: 'must_have', position: 1 },
    { roleId: role.id, name: 'Kubernetes', kind: 'must_have', position: 2 },
    { roleId: role.id, name: 'Airflow', kind: 'nice_to_have', position: 3 },
    { roleId: role.id, name: '5+ years of experience', kind: 'must_have', position: 4 },
    { roleId: otherRole.id, name: 'React', kind: 'must_have', position: 0 },
  ]);
  const base = {
    currentTitle: 'Senior Data Engineer',
    location: 'Berlin, Germany',
    yearsExperience: 7,
    desiredSalary: '70000',
    desiredSalaryCurrency: 'EUR',
    updatedAt: daysAgo(3),
  };
  c.ada = await insertCandidate(t.db, {
    ...base,
    firstName: 'Ada',
    lastName: 'Best',
    skills: ['Python', 'SQL', 'Kubernetes', 'Airflow'],
    resumeText: 'Built data pipelines in Python and Airflow.\nRan Kubernetes clusters for batch jobs.',
  });
  c.twin = await insertCandidate(t.db, {
    ...base,
    firstName: 'Tia',
    lastName: 'Twin',
    skills: ['Python', 'SQL', 'Kubernetes', 'Airflow'],
  });
  c.bob = await insertCandidate(t.db, {
    ...base,
    firstName: 'Bob',
    lastName: 'Partial',
    currentTitle: 'Data Engineer',
    yearsExperience: 4,
    skills: ['Python', 'SQL'],
  });
  c.dnc = await insertCandidate(t.db, {
    ...base,
    firstName: 'Dora',
    lastName: 'Noel',
    status: 'do_not_contact',
    skills: ['Python', 'SQL', 'Kubernetes', 'Airflow'],
  });
  c.java = await insertCandidate(t.db, {
    ...base,
    firstName: 'Jay',
    lastName: 'Script',
    currentTitle: 'Frontend Developer',
    location: 'Paris, France',
    skills: ['JavaScript', 'React'],
  });
  c.negative = await insertCandidate(t.db, {
    ...base,
    firstName: 'Nina',
    lastName: 'Negative',
    skills: ['Python', 'SQL'],
    resumeText: 'Python and SQL every day. I am not interested in Kubernetes or operations work.',
  });
  c.far = await insertCandidate(t.db, {
    ...base,
    firstName: 'Fay',
    lastName: 'Faraway',
    location: 'Sydney, Australia',
    desiredSalary: '150000',
    skills: ['Python', 'SQL', 'Kubernetes', 'Airflow'],
  });
});
afterAll(async () => {
  await t?.close();
});

const matches = async (client: HttpClient, query = '') => {
  const response = await client.get(`/api/roles/${role.id}/matches/${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as { results: Result[]; weights: Record<string, number>; salary_visible: boolean };
};
const ids = (results: Result[]) => results.map((result) => result.candidate.id);
const sumOf = (result: Result) => Math.round(result.factors.reduce((sum, f) => sum + f.contribution * 10, 0));

describe('role matches', () => {
  it('ranks the best fit first, breaks ties by id, and explains each result', async () => {
    const { results } = await matches(owner);
    expect(ids(results).slice(0, 2)).toEqual([c.ada!.id, c.twin!.id]);
    const [ada, twin] = results;
    expect(ada!.score).toBe(twin!.score);
    expect(ids(results)).not.toContain(c.java!.id);
    for (const result of results) expect(sumOf(result)).toBe(Math.round(result.score * 10));
    expect(ada!.missing).toEqual([]);
    const k8s = ada!.evidence.find((item) => item.skill === 'Kubernetes');
    expect(k8s?.snippet.slice(k8s.start, k8s.end)).toBe('Kubernetes');
    expect(k8s?.snippet).toContain('Ran Kubernetes clusters');
    const bob = results.find((result) => result.candidate.id === c.bob!.id);
    expect(bob!.missing).toEqual(['Kubernetes', 'Apache Airflow']);
    expect(bob!.score).toBeLessThan(ada!.score);
    expect(results.map((result) => result.rank)).toEqual(results.map((_, index) => index + 1));
  });

  it('does not count a skill named only in a "not interested" sentence', async () => {
    const { results } = await matches(owner);
    const nina = results.find((result) => result.candidate.id === c.negative!.id);
    expect(nina!.missing).toContain('Kubernetes');
  });

  it('ranks the wrong city and a salary far above the range lower', async () => {
    const { results } = await matches(owner);
    const fay = results.find((result) => result.candidate.id === c.far!.id)!;
    expect(fay.score).toBeLessThan(results[0]!.score - 10);
    expect(fay.factors.find((f) => f.key === 'location')!.contribution).toBe(0);
    expect(fay.factors.find((f) => f.key === 'salary')!.contribution).toBe(0);
  });

  it('gives the same answer byte for byte', async () => {
    const first = await owner.get(`/api/roles/${role.id}/matches/`);
    const second = await owner.get(`/api/roles/${role.id}/matches/`);
    expect(second.text).toBe(first.text);
  });

  it('leaves out do-not-contact candidates unless asked, and marks those in the pipeline', async () => {
    expect(ids((await matches(owner)).results)).not.toContain(c.dnc!.id);
    expect(ids((await matches(owner, '?include_excluded=true')).results)).toContain(c.dnc!.id);
    await insertPipeline(t.db, { roleId: role.id, candidateId: c.bob!.id });
    const bob = (await matches(owner)).results.find((result) => result.candidate.id === c.bob!.id);
    expect(bob!.in_pipeline).toBe(true);
  });

  it('pages with limit and offset', async () => {
    const all = ids((await matches(owner)).results);
    const page = await matches(owner, '?limit=2&offset=1');
    expect(ids(page.results)).toEqual(all.slice(1, 3));
    expect(page.results[0]!.rank).toBe(2);
  });

  it('sees a candidate’s changed skills in the next ranking', async () => {
    const before = (await matches(owner)).results.find((result) => result.candidate.id === c.bob!.id)!;
    const response = await recruiter.request('PUT', `/api/candidates/${c.bob!.id}/`, {
      body: {
        first_name: 'Bob',
        last_name: 'Partial',
        current_title: 'Data Engineer',
        location: 'Berlin, Germany',
        years_experience: 4,
        skills: ['Python', 'SQL', 'Kubernetes'],
        status: 'active',
      },
    });
    expect(response.status, response.text).toBe(200);
    const after = (await matches(owner)).results.find((result) => result.candidate.id === c.bob!.id)!;
    expect(after.missing).toEqual(['Apache Airflow']);
    expect(after.score).toBeGreaterThan(before.score);
  });
});

describe('salary visibility and permissions', () => {
  it('leaves the salary factor out for users not allowed to see money', async () => {
    const ownerView = await matches(owner);
    expect(ownerView.salary_visible).toBe(true);
    expect(ownerView.results[0]!.factors.map((f) => f.key)).toContain('salary');
    const viewerView = await matches(viewer);
    expect(viewerView.salary_visible).toBe(false);
    for (const result of viewerView.results) {
      expect(result.factors.map((f) => f.key)).not.toContain('salary');
      expect(sumOf(result)).toBe(Math.round(result.score * 10));
    }
  });

  it('lets readers read and only writers write', async () => {
    expect(
      (
        await viewer.post(`/api/roles/${role.id}/matches/feedback/`, {
          candidate_id: c.far!.id,
          verdict: 'not_a_fit',
          reason: 'x',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await viewer.request('PUT', `/api/roles/${role.id}/match-weights/`, {
          body: { weights: { ...(await matches(owner)).weights } },
        })
      ).status,
    ).toBe(403);
    expect((await new HttpClient(t.baseUrl).get(`/api/roles/${role.id}/matches/`)).status).toBe(401);
    expect((await viewer.get(`/api/candidates/${c.ada!.id}/matching-roles/`)).status).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses bad paging, unknown records and bad bodies', async () => {
    expect((await owner.get(`/api/roles/${role.id}/matches/?limit=0`)).status).toBe(400);
    expect((await owner.get(`/api/roles/${role.id}/matches/?limit=abc`)).status).toBe(400);
    expect((await owner.get(`/api/roles/999999/matches/`)).status).toBe(404);
    expect((await owner.get(`/api/roles/abc/matches/`)).status).toBe(400);
    expect((await owner.get(`/api/roles/${role.id}/matches/explain/`)).status).toBe(400);
    expect((await owner.get(`/api/roles/${role.id}/matches/explain/?candidate_id=999999`)).status).toBe(404);
    expect((await owner.get(`/api/candidates/999999/matching-roles/`)).status).toBe(404);
    const weights = (await matches(owner)).weights;
    const put = (body: unknown) => owner.request('PUT', `/api/roles/${role.id}/match-weights/`, { body });
    expect((await put({ weights: { ...weights, title: 101 } })).status).toBe(400);
    expect((await put({ weights: { ...weights, title: -1 } })).status).toBe(400);
    expect((await put({ weights: Object.fromEntries(Object.keys(weights).map((k) => [k, 0])) })).status).toBe(400);
    const unknownMust = await put({ weights, must_skills: ['Cobol'] });
    expect(unknownMust.status).toBe(400);
    expect(unknownMust.json.fields.must_skills).toBeDefined();
    const feedback = (body: unknown) => owner.post(`/api/roles/${role.id}/matches/feedback/`, body);
    expect((await feedback({ candidate_id: c.far!.id, verdict: 'great', reason: 'x' })).status).toBe(400);
    expect((await feedback({ candidate_id: c.far!.id, verdict: 'not_a_fit', reason: '  ' })).status).toBe(400);
    expect((await feedback({ candidate_id: 999999, verdict: 'not_a_fit', reason: 'x' })).status).toBe(404);
  });
});

describe('explain, feedback and weights', () => {
  it('explains why a candidate is ranked low, looked up by name', async () => {
    const response = await owner.get(`/api/roles/${role.id}/matches/explain/?name=${encodeURIComponent('jay script')}`);
    expect(response.status, response.text).toBe(200);
    expect(response.json.result.candidate.id).toBe(c.java!.id);
    expect(response.json.excluded_because).toMatch(/none of the role/);
    expect(response.json.reasons[0]).toMatch(/^Required skills: 0 of 3; missing Kubernetes, Python, SQL/);
    const dnc = await owner.get(`/api/roles/${role.id}/matches/explain/?candidate_id=${c.dnc!.id}`);
    expect(dnc.json.excluded_because).toMatch(/do not contact/);
    expect((await owner.get(`/api/roles/${role.id}/matches/explain/?name=Nobody%20Here`)).status).toBe(404);
  });

  it('stores "not a fit" and ranks the candidate lower for this role', async () => {
    const response = await recruiter.post(`/api/roles/${role.id}/matches/feedback/`, {
      candidate_id: c.ada!.id,
      verdict: 'not_a_fit',
      reason: 'Wants a fully remote job',
    });
    expect(response.status, response.text).toBe(200);
    const { results } = await matches(owner);
    expect(results[0]!.candidate.id).toBe(c.twin!.id);
    const ada = results.find((result) => result.candidate.id === c.ada!.id)!;
    expect(ada.not_a_fit).toEqual({ reason: 'Wants a fully remote job' });
    expect(ada.factors.at(-1)).toMatchObject({ key: 'feedback', detail: 'Wants a fully remote job' });
    expect(ada.factors.at(-1)!.contribution).toBeLessThan(0);
    expect(sumOf(ada)).toBe(Math.round(ada.score * 10));
    const history = await owner.get(`/api/activity/?limit=50`);
    expect(JSON.stringify(history.json)).toContain('not a fit for Senior Data Engineer');
  });

  it('saves weights on the role with its history, and a must drops candidates without the skill', async () => {
    const { weights } = await matches(owner);
    const response = await recruiter.request('PUT', `/api/roles/${role.id}/match-weights/`, {
      body: { weights: { ...weights, location: 0 }, must_skills: ['kubernetes'] },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.must_skills).toEqual(['Kubernetes']);
    const after = await matches(owner);
    expect(after.weights.location).toBe(0);
    expect(ids(after.results)).not.toContain(c.negative!.id);
    for (const result of after.results) expect(result.factors.map((f) => f.key)).not.toContain('location');
    const history = await owner.get(`/api/activity/?limit=50`);
    expect(JSON.stringify(history.json)).toContain('Location 10 → 0; must-have skills: Kubernetes');
  });
});

describe('matching roles for a candidate', () => {
  it('ranks the open roles that fit, with the same explanation', async () => {
    const response = await owner.get(`/api/candidates/${c.twin!.id}/matching-roles/`);
    expect(response.status, response.text).toBe(200);
    const [first] = response.json.results as Array<{
      role: { id: number };
      score: number;
      factors: Array<{ contribution: number }>;
      in_pipeline: boolean;
    }>;
    expect(first!.role.id).toBe(role.id);
    expect(Math.round(first!.factors.reduce((sum, f) => sum + f.contribution * 10, 0))).toBe(
      Math.round(first!.score * 10),
    );
    const jay = await owner.get(`/api/candidates/${c.java!.id}/matching-roles/`);
    expect(jay.json.results[0].role.id).toBe(otherRole.id);
  });
});
