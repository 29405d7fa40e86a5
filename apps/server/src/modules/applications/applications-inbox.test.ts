import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication } from '../../factories/applications.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { placementsTable } from '../pipelines/pipelines.table';

// Issue 29 item k: the agency-wide inbox (every application across roles, paged and filtered) and roles
// whose openings are all filled leaving the careers pages and the feed.

let t: TestApp;
let owner: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

type Listed = { results: { name: string; role: { id: number }; client: { id: number } }[]; count: number };

describe('the agency-wide inbox', () => {
  it('lists every role’s applications, paged, and filters by role, client, status and applicant', async () => {
    const acme = await insertClient(t.db, { name: 'Inbox Acme' });
    const globex = await insertClient(t.db, { name: 'Inbox Globex' });
    const welder = await insertRole(t.db, { clientId: acme.id, name: 'Inbox Welder' });
    const analyst = await insertRole(t.db, { clientId: globex.id, name: 'Inbox Analyst' });
    await insertApplication(t.db, { roleId: welder.id, firstName: 'Maya', lastName: 'Lindqvist' });
    await insertApplication(t.db, { roleId: welder.id, firstName: 'Omar', lastName: 'Haddad', status: 'rejected' });
    await insertApplication(t.db, { roleId: analyst.id, firstName: 'Ines', lastName: 'Moreau', email: 'ines@m.test' });

    const all = (await owner.get('/api/applications/?status=all&page_size=2')).json as Listed;
    expect(all.count).toBe(3);
    expect(all.results).toHaveLength(2);
    const second = (await owner.get('/api/applications/?status=all&page_size=2&page=2')).json as Listed;
    expect(second.results).toHaveLength(1);

    const ofRole = (await owner.get(`/api/applications/?status=all&role=${welder.id}`)).json as Listed;
    expect(ofRole.results.map((row) => row.name).sort()).toEqual(['Maya Lindqvist', 'Omar Haddad']);
    const ofClient = (await owner.get(`/api/applications/?client=${globex.id}`)).json as Listed;
    expect(ofClient.results.map((row) => row.name)).toEqual(['Ines Moreau']);
    const fresh = (await owner.get(`/api/applications/?status=new&role=${welder.id}`)).json as Listed;
    expect(fresh.results.map((row) => row.name)).toEqual(['Maya Lindqvist']);
    expect(((await viewer.get('/api/applications/?status=all&search=lindq')).json as Listed).count).toBe(1);
    expect(((await viewer.get('/api/applications/?status=all&search=maya%20l')).json as Listed).count).toBe(1);
    expect(((await viewer.get('/api/applications/?status=all&search=INES@M')).json as Listed).count).toBe(1);
    expect(((await viewer.get('/api/applications/?status=all&search=100%25')).json as Listed).count).toBe(0);
  });

  it('refuses bad filters with 400 and the signed-out with 401', async () => {
    for (const query of ['role=abc', 'client=0', 'status=maybe', 'page=0', `search=${'x'.repeat(201)}`])
      expect((await owner.get(`/api/applications/?${query}`)).status, query).toBe(400);
    expect((await new HttpClient(t.baseUrl).get('/api/applications/')).status).toBe(401);
  });
});

describe('a filled role', () => {
  it('leaves the careers pages and the feed once every opening is placed, and its page answers 404', async () => {
    const role = await insertRole(t.db, { name: 'Filled Forklift Driver', indeedPosting: true, openings: 2 });
    const place = async () => {
      const pipeline = await insertPipeline(t.db, { roleId: role.id, stage: 'placed' });
      await t.db
        .insert(placementsTable)
        .values({ pipelineId: pipeline.id, salary: '50000', startDate: '2026-12-01', fee: '10000' });
    };
    const listed = async () => (await (await fetch(`${t.baseUrl}/careers`)).text()).includes(role.name);
    const fed = async () => (await (await fetch(`${t.baseUrl}/feeds/indeed.xml`)).text()).includes(role.name);
    await place();
    expect(await listed()).toBe(true);
    expect(await fed()).toBe(true);
    await place();
    expect(await listed()).toBe(false);
    expect(await fed()).toBe(false);
    expect((await fetch(`${t.baseUrl}/careers/${role.id}`)).status).toBe(404);
  });
});
