import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@recruitdesk/contracts/common';
import { insertApplication } from '../../factories/applications.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertQualifications, insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { RoleRow } from '../roles/roles.table';

let t: TestApp;
let owner: HttpClient;
let data: RoleRow;
let platform: RoleRow;
let frontend: RoleRow;

interface RoleResult {
  role: { id: number; name: string };
  score: number;
  evidence: Array<{ skill: string }>;
  in_pipeline: boolean;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  const client = await insertClient(t.db, { name: 'Streamworks' });
  data = await insertRole(t.db, { clientId: client.id, name: 'Data Engineer', remoteType: 'remote' });
  platform = await insertRole(t.db, { clientId: client.id, name: 'Platform Engineer', remoteType: 'remote' });
  frontend = await insertRole(t.db, { clientId: client.id, name: 'Frontend Developer', remoteType: 'remote' });
  await insertQualifications(t.db, [
    { roleId: data.id, name: 'Python', kind: 'must_have', position: 0 },
    { roleId: data.id, name: 'SQL', kind: 'must_have', position: 1 },
    { roleId: platform.id, name: 'Kubernetes', kind: 'must_have', position: 0 },
    { roleId: platform.id, name: 'Python', kind: 'must_have', position: 1 },
    { roleId: frontend.id, name: 'React', kind: 'must_have', position: 0 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const roleIds = (results: RoleResult[]) => results.map((result) => result.role.id);

describe('suggested roles for a new candidate', () => {
  it('ranks a candidate created a moment ago by their skills, leaving out the role asked', async () => {
    const created = await owner.post('/api/candidates/', {
      first_name: 'Nova',
      last_name: 'Newcomer',
      skills: ['Python', 'SQL', 'Kubernetes'],
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { candidate: { id: number } }).candidate.id;
    // No background pass has run: the first answer builds the profile itself.
    const first = await owner.get(`/api/candidates/${id}/matching-roles/?limit=3`);
    expect(first.status, first.text).toBe(200);
    const results = first.json.results as RoleResult[];
    expect(roleIds(results).slice(0, 2).sort()).toEqual([data.id, platform.id].sort());
    expect(results[0]!.score).toBeGreaterThan(results[2]?.score ?? 0);
    const other = await owner.get(`/api/candidates/${id}/matching-roles/?limit=3&exclude_role_id=${data.id}`);
    expect(other.status, other.text).toBe(200);
    expect(roleIds(other.json.results as RoleResult[])).not.toContain(data.id);
    expect(roleIds(other.json.results as RoleResult[])[0]).toBe(platform.id);
  });

  it('refuses a bad role to leave out', async () => {
    const created = await owner.post('/api/candidates/', { first_name: 'Bad', last_name: 'Input' });
    const id = (created.json as { candidate: { id: number } }).candidate.id;
    for (const bad of ['abc', '0', String(MAX_ID + 1)]) {
      const response = await owner.get(`/api/candidates/${id}/matching-roles/?exclude_role_id=${bad}`);
      expect(response.status, bad).toBe(400);
    }
  });
});

describe('other roles that fit an application', () => {
  it('ranks the other open roles by the resume before conversion, and by the candidate after', async () => {
    const application = await insertApplication(t.db, {
      roleId: data.id,
      resumeText: 'Five years of Python and SQL. Ran Kubernetes clusters for our data platform.',
      resumeHasText: true,
    });
    const before = await owner.get(`/api/applications/${application.id}/matching-roles/`);
    expect(before.status, before.text).toBe(200);
    expect(before.json.candidate_id).toBeNull();
    const results = before.json.results as RoleResult[];
    expect(roleIds(results)).not.toContain(data.id);
    expect(roleIds(results)[0]).toBe(platform.id);
    expect(results[0]!.evidence.map((e) => e.skill)).toContain('Kubernetes');

    const converted = await owner.post(`/api/applications/${application.id}/convert/`, {});
    expect(converted.status, converted.text).toBe(200);
    const after = await owner.get(`/api/applications/${application.id}/matching-roles/?limit=2`);
    expect(after.status, after.text).toBe(200);
    expect(after.json.candidate_id).toEqual(expect.any(Number));
    expect(roleIds(after.json.results as RoleResult[])).not.toContain(data.id);
  });

  it('answers 404 for an unknown application and 400 for a bad id', async () => {
    expect((await owner.get('/api/applications/999999/matching-roles/')).status).toBe(404);
    expect((await owner.get(`/api/applications/${MAX_ID + 1}/matching-roles/`)).status).toBe(400);
    expect((await owner.get(`/api/applications/1/matching-roles/?limit=0`)).status).toBe(400);
  });
});
