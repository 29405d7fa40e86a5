import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClient } from '../../factories/clients.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';
import { currentWeek } from './job-postings.service';
import { addDays } from '@recruitdesk/money/dates';

// Issue 14, weekly job-board data: the overview, entry and form data, with the permission matrix.

let t: TestApp;
let recruiter: HttpClient;
let viewer: HttpClient;
let superuser: HttpClient;
let viewerUser: UserRow;
let ids: { posted: number; unposted: number; closed: number; clientId: number };

const WEEK = '2026-01-05'; // a Monday in the past, whatever today is
const figures = {
  status: 'active',
  daily_budget_minor: 2500,
  spend_minor: 14000,
  impressions: 4000,
  clicks: 200,
  apply_starts: 30,
  applies: 20,
};

beforeAll(async () => {
  t = await buildTestApp();
  const client = await insertClient(t.db, { name: 'Acme Widgets' });
  const posted = await insertRole(t.db, { clientId: client.id, name: 'Data Engineer', indeedPosting: true });
  const unposted = await insertRole(t.db, { clientId: client.id, name: 'Office Manager', indeedPosting: false });
  const closed = await insertRole(t.db, {
    clientId: client.id,
    name: 'Old Analyst',
    indeedPosting: true,
    state: 'closed',
    closedAt: new Date('2026-02-01T00:00:00Z'),
  });
  ids = { posted: posted.id, unposted: unposted.id, closed: closed.id, clientId: client.id };
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewerUser = await insertUser(t.db, { userType: ['viewer'] });
  viewer = await signedInClient(t, viewerUser);
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
});
afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  it('signed out: 401 on every job-posting endpoint', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    for (const path of [
      '/api/job-postings/overview/',
      '/api/job-postings/form-data/',
      '/api/job-postings/performance/',
    ]) {
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
    expect(
      (await anonymous.post('/api/job-postings/', { role_id: ids.posted, week_start: WEEK, ...figures })).status,
    ).toBe(401);
    expect((await anonymous.request('PUT', '/api/job-postings/1/', { body: figures })).status).toBe(401);
  });

  it('a viewer reads but cannot write; a change without the CSRF token is refused', async () => {
    expect((await viewer.get(`/api/job-postings/overview/?week=${WEEK}`)).status).toBe(200);
    expect((await viewer.get('/api/job-postings/form-data/')).status).toBe(200);
    const refused = await viewer.post('/api/job-postings/', { role_id: ids.posted, week_start: WEEK, ...figures });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ success: false, error: 'You do not have permission to perform this action.' });
    const noCsrf = await recruiter.request('POST', '/api/job-postings/', {
      body: { role_id: ids.posted, week_start: WEEK, ...figures },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
  });
});

describe('entering a week', () => {
  let postingId: number;

  it('the overview lists every posted role with an empty row, and not the unposted or closed ones', async () => {
    const res = await recruiter.get(`/api/job-postings/overview/?week=${WEEK}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      week_start: WEEK,
      week_end: '2026-01-11',
      current_week: currentWeek(t.app.deps),
      currency: 'USD',
    });
    expect(res.json.rows).toEqual([
      {
        role_id: ids.posted,
        role_name: 'Data Engineer',
        role_state: 'open',
        client_id: ids.clientId,
        client_name: 'Acme Widgets',
        indeed_posting: true,
        // No country anywhere (role, location, Settings): the page flags it (issue 29 item 7).
        feed_country: '',
        posting: null,
      },
    ]);
    expect(res.json.totals).toEqual({
      spend_minor: 0,
      daily_budget_minor: 0,
      impressions: 0,
      clicks: 0,
      apply_starts: 0,
      applies: 0,
      ctr: null,
      cost_per_click_minor: null,
      cost_per_apply_minor: null,
    });
  });

  it('a recruiter enters the week; it shows with totals and rates; the activity names the role', async () => {
    const res = await recruiter.post('/api/job-postings/', { role_id: ids.posted, week_start: WEEK, ...figures });
    expect(res.status).toBe(201);
    expect(res.json.posting).toMatchObject({ role_id: ids.posted, week_start: WEEK, currency: 'USD', ...figures });
    postingId = res.json.posting.id;
    const overview = await viewer.get(`/api/job-postings/overview/?week=${WEEK}`);
    expect(overview.json.rows[0].posting).toMatchObject({ id: postingId, spend_minor: 14000 });
    // 200 / 4000 = 0.05; 14000 / 200 = 70; 14000 / 20 = 700
    expect(overview.json.totals).toEqual({
      spend_minor: 14000,
      daily_budget_minor: 2500,
      impressions: 4000,
      clicks: 200,
      apply_starts: 30,
      applies: 20,
      ctr: 0.05,
      cost_per_click_minor: 70,
      cost_per_apply_minor: 700,
    });
    const activity = await recruiter.get(`/api/activity/?model_type=role&object_id=${ids.posted}`);
    expect(activity.json.results[0]).toMatchObject({
      model_type: 'job_posting',
      verb: 'created',
      object_id: postingId,
    });
    expect(activity.json.results[0].summary).toContain('Data Engineer');
  });

  it('the same role and week twice: 409', async () => {
    const res = await superuser.post('/api/job-postings/', { role_id: ids.posted, week_start: WEEK, ...figures });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ success: false, error: 'This role already has a row for that week.' });
  });

  it('updates the figures; a viewer cannot; a missing row is 404', async () => {
    const res = await recruiter.request('PUT', `/api/job-postings/${postingId}/`, {
      body: { ...figures, status: 'paused', clicks: 250 },
    });
    expect(res.status).toBe(200);
    expect(res.json.posting).toMatchObject({ status: 'paused', clicks: 250 });
    expect((await viewer.request('PUT', `/api/job-postings/${postingId}/`, { body: figures })).status).toBe(403);
    expect((await recruiter.request('PUT', '/api/job-postings/999999/', { body: figures })).status).toBe(404);
  });

  it('bad input: 400 with the field named, never a 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ role_id: ids.posted, week_start: '2026-01-06', ...figures }, 'week_start'],
      [{ role_id: ids.posted, week_start: '2026-02-30', ...figures }, 'week_start'],
      [{ role_id: ids.posted, week_start: WEEK, ...figures, clicks: -1 }, 'clicks'],
      [{ role_id: ids.posted, week_start: WEEK, ...figures, spend_minor: 12.5 }, 'spend_minor'],
      [{ role_id: ids.posted, week_start: WEEK, ...figures, status: 'running' }, 'status'],
      [{ role_id: ids.posted, week_start: addDays(currentWeek(t.app.deps), 7), ...figures }, 'week_start'],
      [{ role_id: ids.unposted, week_start: WEEK, ...figures }, 'role_id'],
      [{ role_id: ids.posted, week_start: WEEK, ...figures, role: 'extra' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await recruiter.post('/api/job-postings/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.success).toBe(false);
      if (field) expect(Object.keys(res.json.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await recruiter.post('/api/job-postings/', { role_id: 999999, week_start: WEEK, ...figures })).status).toBe(
      404,
    );
    expect((await recruiter.get('/api/job-postings/overview/?week=2026-01-07')).status).toBe(400);
    expect((await recruiter.get('/api/job-postings/overview/?week=nope')).status).toBe(400);
  });

  it('form data: the posted roles, their clients, the statuses and this week', async () => {
    const res = await recruiter.get('/api/job-postings/form-data/');
    expect(res.status).toBe(200);
    expect(res.json.current_week).toBe(currentWeek(t.app.deps));
    expect(res.json.statuses.map((s: { value: string }) => s.value)).toEqual(['active', 'paused', 'closed']);
    expect(res.json.roles.map((r: { id: number }) => r.id)).toEqual([ids.posted]);
    expect(res.json.clients).toEqual([{ id: ids.clientId, name: 'Acme Widgets' }]);
  });

  it('a role with a row stays in that week after posting is switched off', async () => {
    const role = await recruiter.request('PATCH', `/api/roles/${ids.posted}/field/`, {
      body: { field: 'indeed_posting', value: false },
    });
    expect(role.status).toBe(200);
    const res = await recruiter.get(`/api/job-postings/overview/?week=${WEEK}`);
    expect(res.json.rows.map((r: { role_id: number }) => r.role_id)).toEqual([ids.posted]);
    expect(res.json.rows[0].indeed_posting).toBe(false);
    const other = await recruiter.get(`/api/job-postings/overview/?week=${addDays(WEEK, 7)}`);
    expect(other.json.rows).toEqual([]);
    await recruiter.request('PATCH', `/api/roles/${ids.posted}/field/`, {
      body: { field: 'indeed_posting', value: true },
    });
  });
});
