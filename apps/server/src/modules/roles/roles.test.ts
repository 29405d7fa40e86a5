import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline, insertSubmittal } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

let t: TestApp;
let owner: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;
let recruiterUser: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  recruiterUser = await insertUser(t.db, { userType: ['recruiter'], firstName: 'Rita', lastName: 'Recruiter' });
  recruiter = await signedInClient(t, recruiterUser);
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
});
afterAll(async () => {
  await t?.close();
});

const summaries = async (modelType: string, objectId: number) =>
  (
    (await owner.get(`/api/activity/?model_type=${modelType}&limit=100`)).json.results as {
      object_id: number;
      summary: string;
    }[]
  )
    .filter((row) => row.object_id === objectId)
    .map((row) => row.summary);

describe('roles', () => {
  it('a new role without a recruiter gets its creator when they recruit, nobody otherwise; null means nobody', async () => {
    const client = await insertClient(t.db);
    const mine = await recruiter.post('/api/roles/', { client_id: client.id, name: 'Data Analyst' });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.json.role.recruiter).toEqual({ id: recruiterUser.id, name: 'Rita Recruiter' });
    expect(
      (await recruiter.post('/api/roles/', { client_id: client.id, name: 'Data Analyst II', recruiter_id: null })).json
        .role.recruiter,
    ).toBeNull();
    expect(
      (await owner.post('/api/roles/', { client_id: client.id, name: 'Data Analyst III' })).json.role.recruiter,
    ).toBeNull();
    // The form starts from the same default.
    expect((await recruiter.get('/api/roles/form-data/')).json.default_recruiter_id).toBe(recruiterUser.id);
    expect((await owner.get('/api/roles/form-data/')).json.default_recruiter_id).toBeNull();
    // A full edit without the field clears it, as before.
    const put = await recruiter.request('PUT', `/api/roles/${mine.json.role.id}/`, {
      body: { client_id: client.id, name: 'Data Analyst' },
    });
    expect(put.json.role.recruiter).toBeNull();
  });

  it('creates a role with defaults from its client and shows the detail shape', async () => {
    const client = await insertClient(t.db, { name: 'Northstar Bank', currency: 'GBP' });
    const response = await recruiter.post('/api/roles/', {
      client_id: client.id,
      name: 'Senior Engineer',
      salary_min: 90000,
      salary_max: 110000,
      recruiter_id: recruiterUser.id,
    });
    expect(response.status, response.text).toBe(201);
    const role = response.json.role;
    expect(role).toMatchObject({
      name: 'Senior Engineer',
      state: 'open',
      client: { id: client.id, name: 'Northstar Bank', client_type: 'finders_fee' },
      close_reason: null,
      openings: 1,
      remote_type: 'onsite',
      salary_min: 90000,
      salary_max: 110000,
      salary_currency: 'GBP',
      recruiter: { id: recruiterUser.id, name: 'Rita Recruiter' },
      opened_at: new Date().toISOString().slice(0, 10),
      closed_at: null,
      description_file: null,
      qualifications_count: 0,
      notes_count: 0,
    });
    const detail = await viewer.get(`/api/roles/${role.id}/`);
    // The viewer reads the same role without its fee % override (decision 071).
    const { fee_percent_override: _override, ...withoutFee } = role;
    expect(detail.json).toEqual({ success: true, role: withoutFee });
    expect((await recruiter.get(`/api/roles/${role.id}/`)).json).toEqual({ success: true, role });
    expect(await summaries('role', role.id)).toEqual(['Created role Senior Engineer for Northstar Bank']);
    expect((await viewer.get('/api/roles/999999/')).json).toMatchObject({ code: 'ROLE_NOT_FOUND' });
  });

  it('refuses closed clients, unknown clients, bad salaries and viewers', async () => {
    const closed = await insertClient(t.db, { state: 'Closed' });
    const refused = await recruiter.post('/api/roles/', { client_id: closed.id, name: 'Analyst' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('CLIENT_NOT_ACTIVE');
    const unknown = await recruiter.post('/api/roles/', { client_id: 999999, name: 'Analyst' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.client_id).toBeDefined();
    const open = await insertClient(t.db);
    const salary = await recruiter.post('/api/roles/', {
      client_id: open.id,
      name: 'Analyst',
      salary_min: 10,
      salary_max: 5,
    });
    expect(salary.status).toBe(400);
    expect(Object.keys(salary.json.fields)).toEqual(['salary_max']);
    expect(
      (await recruiter.post('/api/roles/', { client_id: open.id, name: 'Analyst', recruiter_id: 999999 })).json.fields
        .recruiter_id,
    ).toBeDefined();
    expect((await viewer.post('/api/roles/', { client_id: open.id, name: 'Analyst' })).status).toBe(403);
  });

  it('full edit, inline field edits and their validation', async () => {
    const client = await insertClient(t.db);
    const role = await insertRole(t.db, {
      clientId: client.id,
      name: 'Data Analyst',
      salaryMin: '80000',
      salaryMax: '90000',
    });
    const put = await recruiter.request('PUT', `/api/roles/${role.id}/`, {
      body: {
        client_id: client.id,
        name: 'Lead Data Analyst',
        state: 'on_hold',
        openings: 2,
        remote_type: 'remote',
        salary_min: 95000,
        salary_max: 120000,
        priority: 'high',
        opened_at: '2025-01-15',
        indeed_posting: true,
      },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.json.role).toMatchObject({
      name: 'Lead Data Analyst',
      state: 'on_hold',
      openings: 2,
      remote_type: 'remote',
      salary_min: 95000,
      priority: 'high',
      opened_at: '2025-01-15',
      indeed_posting: true,
      salary_currency: 'USD',
    });
    expect(put.json.role.target_fill_date).toBeNull();
    const body = {
      client_id: client.id,
      name: 'Lead Data Analyst',
      state: 'on_hold',
      openings: 2,
      remote_type: 'remote',
      salary_min: 95000,
      salary_max: 120000,
      priority: 'high',
      opened_at: '2025-01-15',
      indeed_posting: true,
    };
    const target = await recruiter.request('PUT', `/api/roles/${role.id}/`, {
      body: { ...body, target_fill_date: '2025-03-31' },
    });
    expect(target.json.role.target_fill_date).toBe('2025-03-31');
    const early = await recruiter.request('PUT', `/api/roles/${role.id}/`, {
      body: { ...body, target_fill_date: '2025-01-14' },
    });
    expect(early.status, early.text).toBe(400);
    expect(early.json.fields).toEqual({
      target_fill_date: ['The target fill date cannot come before the opening date.'],
    });
    expect(
      (await recruiter.request('PUT', `/api/roles/${role.id}/`, { body: { ...body, target_fill_date: 'soon' } })).json
        .fields.target_fill_date,
    ).toEqual(['Enter a date.']);

    const name = await recruiter.patch(`/api/roles/${role.id}/field/`, {
      field: 'name',
      value: '  Principal Analyst ',
    });
    expect(name.status, name.text).toBe(200);
    expect(name.json.role.name).toBe('Principal Analyst');
    const openings = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'openings', value: '3' });
    expect(openings.json.role.openings).toBe(3);
    const fee = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'fee_percent_override', value: 25 });
    expect(fee.json.role.fee_percent_override).toBe(25);
    const flag = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'indeed_posting', value: false });
    expect(flag.json.role.indeed_posting).toBe(false);
    const cleared = await recruiter.patch(`/api/roles/${role.id}/field/`, {
      field: 'recruiter_id',
      value: recruiterUser.id,
    });
    expect(cleared.json.role.recruiter.id).toBe(recruiterUser.id);

    const bad = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'openings', value: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(['openings']);
    const badEnum = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'priority', value: 'whenever' });
    expect(Object.keys(badEnum.json.fields)).toEqual(['priority']);
    const unknownField = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'state', value: 'closed' });
    expect(unknownField.status).toBe(400);
    const minTooHigh = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'salary_min', value: 130000 });
    expect(minTooHigh.status).toBe(400);
    expect(Object.keys(minTooHigh.json.fields)).toEqual(['salary_min']);
    const maxTooLow = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'salary_max', value: 1000 });
    expect(Object.keys(maxTooLow.json.fields)).toEqual(['salary_max']);
    const maxOk = await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'salary_max', value: 140000 });
    expect(maxOk.json.role.salary_max).toBe(140000);
    expect((await viewer.patch(`/api/roles/${role.id}/field/`, { field: 'name', value: 'X' })).status).toBe(403);
    expect(await summaries('role', role.id)).toContain('Updated salary max of role Principal Analyst');
  });

  it('closes with a reason and reopens; dashboard and closed lists follow', async () => {
    const client = await insertClient(t.db, { name: 'Closing Co' });
    const other = await insertClient(t.db);
    const role = await insertRole(t.db, {
      clientId: client.id,
      name: 'Senior Engineer',
      recruiterId: recruiterUser.id,
    });
    await insertRole(t.db, { clientId: other.id });

    const filtered = await viewer.get(`/api/roles/dashboard/?client=${client.id}`);
    expect(filtered.json.count).toBe(1);
    expect(filtered.json.roles[0].id).toBe(role.id);
    const mine = await recruiter.get('/api/roles/dashboard/?recruiter=me');
    expect(mine.json.roles.map((row: { id: number }) => row.id)).toContain(role.id);
    expect((await viewer.get('/api/roles/dashboard/?recruiter=me')).json.count).toBe(0);

    expect((await recruiter.post(`/api/roles/${role.id}/close/`, {})).status).toBe(400);
    const closed = await recruiter.post(`/api/roles/${role.id}/close/`, { reason: 'filled', note: 'Great hire' });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.role).toMatchObject({ state: 'closed', close_reason: 'filled', close_note: 'Great hire' });
    expect(closed.json.role.closed_at).not.toBeNull();
    expect((await recruiter.post(`/api/roles/${role.id}/close/`, { reason: 'other' })).json.code).toBe(
      'ROLE_ALREADY_CLOSED',
    );
    expect((await viewer.get(`/api/roles/dashboard/?client=${client.id}`)).json.count).toBe(0);
    const closedList = await viewer.get(`/api/roles/closed/?client=${client.id}&ordering=-closed_at`);
    expect(closedList.json.roles.map((row: { id: number }) => row.id)).toEqual([role.id]);

    const reopened = await recruiter.post(`/api/roles/${role.id}/reopen/`);
    expect(reopened.status).toBe(200);
    expect(reopened.json.role).toMatchObject({ state: 'open', close_reason: null, close_note: '', closed_at: null });
    const again = await recruiter.post(`/api/roles/${role.id}/reopen/`);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('ROLE_NOT_CLOSED');
    expect(await summaries('role', role.id)).toEqual([
      'Reopened role Senior Engineer',
      'Closed role Senior Engineer (Filled by us)',
    ]);

    const searched = await viewer.get('/api/roles/dashboard/?search=closing%20co&ordering=priority');
    expect(searched.json.count).toBe(1);
    for (const ordering of ['name', '-client', 'opened_at', '-priority', 'closed_at']) {
      expect((await viewer.get(`/api/roles/dashboard/?ordering=${ordering}`)).status).toBe(200);
    }
  });

  it('form data, stats', async () => {
    const formData = await viewer.get('/api/roles/form-data/');
    expect(formData.status).toBe(200);
    expect(formData.json.recruiters.map((user: { name: string }) => user.name)).toContain('Rita Recruiter');
    expect(formData.json.clients.every((client: { state: string }) => client.state !== 'Closed')).toBe(true);
    expect(formData.json).toMatchObject({ default_currency: 'USD', remote_types: ['onsite', 'hybrid', 'remote'] });
    expect(formData.json.close_reasons[0]).toEqual({ value: 'filled', label: 'Filled by us' });

    const before = (await recruiter.get('/api/roles/stats/')).json.stats;
    const client = await insertClient(t.db, { state: 'Open' });
    await insertRole(t.db, { clientId: client.id, recruiterId: recruiterUser.id });
    await insertRole(t.db, { clientId: client.id, state: 'closed', openedAt: '2020-01-01' });
    const after = (await recruiter.get('/api/roles/stats/')).json.stats;
    expect(after).toEqual({
      open_roles: before.open_roles + 1,
      active_clients: before.active_clients + 1,
      roles_opened_this_month: before.roles_opened_this_month + 1,
      my_roles: before.my_roles + 1,
    });
  });

  it('"roles opened this month" counts exactly what ?opened=this_month lists, in the caller\'s time zone (issue 16 item 7)', async () => {
    const client = await insertClient(t.db, { state: 'Open' });
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    const fresh = await insertRole(t.db, { clientId: client.id, name: 'Fresh role', openedAt: thisMonth });
    await insertRole(t.db, {
      clientId: client.id,
      name: 'Filled this month',
      state: 'closed',
      closeReason: 'filled',
      openedAt: thisMonth,
    });
    await insertRole(t.db, { clientId: client.id, name: 'Old role', openedAt: '2020-01-01' });
    const stats = (await recruiter.get('/api/roles/stats/')).json.stats;
    const listed = (await recruiter.get('/api/roles/dashboard/?opened=this_month&page_size=100')).json;
    expect(listed.count).toBe(stats.roles_opened_this_month);
    expect(listed.roles.map((role: { id: number }) => role.id)).toContain(fresh.id);
    expect(listed.roles.map((role: { name: string }) => role.name)).not.toContain('Old role');
    expect(listed.roles.map((role: { name: string }) => role.name)).not.toContain('Filled this month');
    expect((await recruiter.get('/api/roles/dashboard/?opened=last_year')).status).toBe(400);
  });

  it('month start follows the profile time zone', async () => {
    const { monthStartFor } = await import('./roles.service');
    // 2026-03-31 23:30 UTC is already April 1st in Tokyo, still March in New York.
    const at = new Date('2026-03-31T23:30:00Z');
    expect(monthStartFor({ timeZone: 'Asia/Tokyo' }, at)).toBe('2026-04-01');
    expect(monthStartFor({ timeZone: 'America/New_York' }, at)).toBe('2026-03-01');
    expect(monthStartFor({ timeZone: 'Not/AZone' }, at)).toBe('2026-03-01');
  });

  it('the payout shows the real placement fee beside the estimate once placed (issue 16 item 6)', async () => {
    const client = await insertClient(t.db, { findersFeePercent: '20' });
    const role = await insertRole(t.db, { clientId: client.id, salaryMin: '90000', salaryMax: '105000', openings: 1 });
    const before = (await recruiter.get(`/api/roles/${role.id}/payout/`)).json.payout;
    expect(before).toMatchObject({ total: 21000, placed: null });
    const pipeline = await insertPipeline(t.db, { roleId: role.id, stage: 'offer' });
    await insertSubmittal(t.db, pipeline.id);
    const placed = await recruiter.post(`/api/pipelines/${pipeline.id}/actions/submittal-outcome/`, {
      version: 1,
      outcome: 'placed',
      salary: 99000,
      start_date: '2026-06-01',
    });
    expect(placed.status, placed.text).toBe(200);
    const after = (await recruiter.get(`/api/roles/${role.id}/payout/`)).json.payout;
    expect(after).toMatchObject({ total: 21000, placed: { placements: 1, fees: [{ currency: 'USD', total: 19800 }] } });
  });

  it("payout for finder's fee and retainer clients", async () => {
    const finders = await insertClient(t.db, { findersFeePercent: '20' });
    const role = await insertRole(t.db, {
      clientId: finders.id,
      salaryMin: '100000',
      salaryMax: '120000',
      openings: 2,
    });
    const payout = (await recruiter.get(`/api/roles/${role.id}/payout/`)).json.payout;
    expect(payout).toMatchObject({
      basis: 'finders_fee',
      currency: 'USD',
      fee_percent: 20,
      salary_basis: 120000,
      per_opening: 24000,
      openings: 2,
      total: 48000,
    });
    expect(payout.explanation).toContain('20 %');
    await recruiter.patch(`/api/roles/${role.id}/field/`, { field: 'fee_percent_override', value: 25 });
    expect((await recruiter.get(`/api/roles/${role.id}/payout/`)).json.payout).toMatchObject({
      fee_percent: 25,
      per_opening: 30000,
      total: 60000,
    });
    const noSalary = await insertRole(t.db, { clientId: finders.id, salaryMin: null, salaryMax: null });
    expect((await recruiter.get(`/api/roles/${noSalary.id}/payout/`)).json.payout).toMatchObject({
      salary_basis: null,
      per_opening: null,
      total: null,
    });

    const retainer = await insertClient(t.db, { clientType: 'retainer', retainerAmount: '30000', currency: 'EUR' });
    const first = await insertRole(t.db, { clientId: retainer.id });
    await insertRole(t.db, { clientId: retainer.id });
    await insertRole(t.db, { clientId: retainer.id, state: 'closed', closeReason: 'cancelled_by_client' });
    const share = (await recruiter.get(`/api/roles/${first.id}/payout/`)).json.payout;
    expect(share).toMatchObject({
      basis: 'retainer',
      currency: 'EUR',
      fee_percent: null,
      total: 15000,
      per_opening: 15000,
      openings: 1,
    });
    expect(share.explanation).toContain('2 roles');
    // A viewer gets no payout at all under the default setting (decision 071), nor 500 or a leak.
    expect((await viewer.get(`/api/roles/${first.id}/payout/`)).json).toEqual({ success: true, money_visible: false });
    expect((await viewer.get('/api/roles/999999/payout/')).status).toBe(404);
  });
});

describe('job qualifications', () => {
  it('adds, edits, reorders and deletes', async () => {
    const role = await insertRole(t.db, { name: 'Platform Engineer' });
    const add = async (name: string, kind = 'must_have') => {
      const response = await recruiter.post('/api/job-qualifications/', { role_id: role.id, name, kind });
      expect(response.status, response.text).toBe(201);
      return response.json.qualification as { id: number; position: number };
    };
    const a = await add('Kubernetes');
    const b = await add('Go', 'nice_to_have');
    const c = await add('Terraform');
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    expect((await viewer.get(`/api/roles/${role.id}/`)).json.role.qualifications_count).toBe(3);

    const got = await viewer.get(`/api/job-qualifications/${b.id}/`);
    expect(got.json.qualification).toMatchObject({
      id: b.id,
      role_id: role.id,
      name: 'Go',
      kind: 'nice_to_have',
      description: '',
    });
    const edited = await recruiter.request('PUT', `/api/job-qualifications/${b.id}/`, {
      body: { name: 'Go or Rust', description: '3+ years', kind: 'must_have' },
    });
    expect(edited.json.qualification).toMatchObject({ name: 'Go or Rust', description: '3+ years', kind: 'must_have' });
    expect((await recruiter.request('PUT', `/api/job-qualifications/${b.id}/`, { body: { name: '' } })).status).toBe(
      400,
    );

    const reordered = await recruiter.post(`/api/roles/${role.id}/qualifications/reorder/`, {
      ids: [c.id, a.id, b.id],
    });
    expect(reordered.status, reordered.text).toBe(200);
    expect(reordered.json.qualifications.map((row: { id: number }) => row.id)).toEqual([c.id, a.id, b.id]);
    const listed = await viewer.get(`/api/roles/${role.id}/qualifications/`);
    expect(listed.json.qualifications.map((row: { id: number; position: number }) => [row.id, row.position])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, 999999],
      [c.id, c.id, a.id],
    ]) {
      const wrong = await recruiter.post(`/api/roles/${role.id}/qualifications/reorder/`, { ids });
      expect(wrong.status).toBe(400);
      expect(wrong.json.fields.ids).toBeDefined();
    }

    const removed = await recruiter.request('DELETE', `/api/job-qualifications/${a.id}/`);
    expect(removed.status).toBe(200);
    expect((await viewer.get(`/api/job-qualifications/${a.id}/`)).status).toBe(404);
    const next = await add('Observability');
    expect(next.position).toBe(4);
    expect(
      (await recruiter.post('/api/job-qualifications/', { role_id: 999999, name: 'X' })).json.fields.role_id,
    ).toBeDefined();
    expect((await viewer.post('/api/job-qualifications/', { role_id: role.id, name: 'X' })).status).toBe(403);
    expect((await viewer.get('/api/roles/999999/qualifications/')).status).toBe(404);
    expect(await summaries('job_qualification', b.id)).toEqual([
      'Updated qualification Go or Rust of role Platform Engineer',
      'Added qualification Go to role Platform Engineer',
    ]);
  });
});

describe('job description', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not a pdf')]);

  async function upload(
    as: HttpClient,
    roleId: number,
    body: Buffer,
    filename: string,
    contentType: string,
    declared = body.length,
  ) {
    const target = await as.post(`/api/roles/${roleId}/job-description/upload-url/`, {
      filename,
      content_type: contentType,
      size: declared,
    });
    expect(target.status, target.text).toBe(200);
    const { url, headers, key } = target.json.upload as { url: string; headers: Record<string, string>; key: string };
    expect(key).toMatch(new RegExp(`^job-descriptions/${roleId}/`));
    const put = await fetch(new URL(url, t.baseUrl), {
      method: 'PUT',
      headers: { ...headers, cookie: as.cookieHeader(), 'x-csrftoken': as.cookies.get('csrftoken') ?? '' },
      body,
    });
    return { key, putStatus: put.status };
  }

  it('edits the text', async () => {
    const role = await insertRole(t.db);
    const put = await recruiter.request('PUT', `/api/roles/${role.id}/job-description/`, {
      body: { text: 'We are hiring.' },
    });
    expect(put.json).toEqual({ success: true, job_description: { text: 'We are hiring.', file: null } });
    expect((await viewer.get(`/api/roles/${role.id}/job-description/`)).json.job_description.text).toBe(
      'We are hiring.',
    );
    expect(
      (await viewer.request('PUT', `/api/roles/${role.id}/job-description/`, { body: { text: 'x' } })).status,
    ).toBe(403);
  });

  it('uploads a PDF, downloads it, replaces and removes it', async () => {
    const role = await insertRole(t.db);
    await recruiter.get('/api/auth/csrf-token/');
    const first = await upload(recruiter, role.id, PDF, '../../Senior Engineer.pdf', 'application/pdf');
    expect(first.putStatus).toBe(200);
    const confirmed = await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
      key: first.key,
      filename: '../../Senior Engineer.pdf',
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json.role.description_file).toMatchObject({
      filename: 'Senior Engineer.pdf',
      size: PDF.length,
      content_type: 'application/pdf',
    });

    const link = await viewer.get(`/api/roles/${role.id}/job-description/download-url/`);
    expect(link.status).toBe(200);
    const file = await fetch(new URL(link.json.url, t.baseUrl), { headers: { cookie: viewer.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment; filename="Senior Engineer.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    // Someone else's key is refused; a replacement deletes the old file.
    expect(
      (await owner.post(`/api/roles/${role.id}/job-description/confirm/`, { key: first.key, filename: 'x.pdf' }))
        .status,
    ).toBe(403);
    const text = await upload(recruiter, role.id, Buffer.from('Plain text job description ✓'), 'jd.txt', 'text/plain');
    const replaced = await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
      key: text.key,
      filename: 'jd',
    });
    expect(replaced.json.role.description_file).toMatchObject({ filename: 'jd.txt', content_type: 'text/plain' });
    expect(await t.app.deps.storage.head(first.key)).toBeNull();

    const removed = await recruiter.request('DELETE', `/api/roles/${role.id}/job-description/file/`);
    expect(removed.json.role.description_file).toBeNull();
    expect(await t.app.deps.storage.head(text.key)).toBeNull();
    expect((await viewer.get(`/api/roles/${role.id}/job-description/download-url/`)).status).toBe(404);
    expect(await summaries('role', role.id)).toContain(
      'Uploaded job description Senior Engineer.pdf for role ' + role.name,
    );
  });

  it('refuses wrong content (415), too large files (413) and bad declarations', async () => {
    const role = await insertRole(t.db);
    const fake = await upload(recruiter, role.id, PNG, 'image.pdf', 'application/pdf');
    const refused = await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
      key: fake.key,
      filename: 'image.pdf',
    });
    expect(refused.status).toBe(415);
    expect(await t.app.deps.storage.head(fake.key)).toBeNull();

    const docx = await upload(
      recruiter,
      role.id,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml word/document.xml')]),
      'jd.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(
      (await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, { key: docx.key, filename: 'jd.docx' }))
        .status,
    ).toBe(200);
    const zip = await upload(
      recruiter,
      role.id,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('other.xml')]),
      'x.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(
      (await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, { key: zip.key, filename: 'x.docx' }))
        .status,
    ).toBe(415);
    const binary = await upload(recruiter, role.id, Buffer.from([0x61, 0x00, 0x62]), 'x.txt', 'text/plain');
    expect(
      (await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, { key: binary.key, filename: 'x.txt' }))
        .status,
    ).toBe(415);

    // 11 MB written straight into storage under a valid key (the upload link itself caps the size).
    const big = await recruiter.post(`/api/roles/${role.id}/job-description/upload-url/`, {
      filename: 'big.pdf',
      content_type: 'application/pdf',
      size: 1000,
    });
    const bigKey = big.json.upload.key as string;
    await t.app.deps.storage.write(
      bigKey,
      Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(11 * 1024 * 1024)]),
      'application/pdf',
    );
    const tooLarge = await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
      key: bigKey,
      filename: 'big.pdf',
    });
    expect(tooLarge.status).toBe(413);
    expect(await t.app.deps.storage.head(bigKey)).toBeNull();

    const declared = await recruiter.post(`/api/roles/${role.id}/job-description/upload-url/`, {
      filename: 'big.pdf',
      content_type: 'application/pdf',
      size: 11 * 1024 * 1024,
    });
    expect(declared.status).toBe(400);
    const wrongType = await recruiter.post(`/api/roles/${role.id}/job-description/upload-url/`, {
      filename: 'a.png',
      content_type: 'image/png',
      size: 10,
    });
    expect(wrongType.status).toBe(400);
    expect(
      (
        await recruiter.post(`/api/roles/${role.id}/job-description/confirm/`, {
          key: `job-descriptions/${role.id}/nope.pdf`,
          filename: 'a.pdf',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await viewer.post(`/api/roles/${role.id}/job-description/upload-url/`, {
          filename: 'a.pdf',
          content_type: 'application/pdf',
          size: 10,
        })
      ).status,
    ).toBe(403);
  });
});

describe('delete for mistakes, archive otherwise (issue 16 item 4)', () => {
  it('a role without pipelines is deleted with its qualifications and notes; the check said what goes with it', async () => {
    const role = await insertRole(t.db, { name: 'Typo Role', descriptionText: 'About it' });
    expect(
      (await recruiter.post('/api/job-qualifications/', { role_id: role.id, name: 'Go', kind: 'must_have' })).status,
    ).toBe(201);
    expect((await recruiter.post(`/api/notes/role/${role.id}/`, { body: 'Oops' })).status).toBe(201);
    expect((await recruiter.get(`/api/roles/${role.id}/deletion/`)).json.check).toEqual({
      can_delete: true,
      blockers: [],
      removes: ['1 qualification', 'its job description', '1 note'],
      message:
        'Typo Role has no candidates in its pipeline, so it can be deleted with 1 qualification, its job description, 1 note. This cannot be undone.',
      archived: false,
      can_archive: false,
      archive_blocker: 'Close the role before archiving it.',
    });
    const deleted = await recruiter.request('DELETE', `/api/roles/${role.id}/`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true, message: 'The role was deleted.' });
    expect((await viewer.get(`/api/roles/${role.id}/`)).status).toBe(404);
    expect((await viewer.get(`/api/roles/${role.id}/qualifications/`)).status).toBe(404);
    expect((await viewer.get(`/api/notes/role/${role.id}/`)).status).toBe(404);
    expect((await recruiter.request('DELETE', `/api/roles/${role.id}/`)).status).toBe(404);
  });

  it('a role with pipelines is refused with true advice; closed, it archives, leaves Closed Roles, is found with the filter and restored', async () => {
    const client = await insertClient(t.db, { name: 'Archive Co' });
    const role = await insertRole(t.db, { clientId: client.id, name: 'Worked Role' });
    await insertPipeline(t.db, { roleId: role.id, state: 'closed' });
    const refused = await owner.request('DELETE', `/api/roles/${role.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      success: false,
      code: 'ROLE_HAS_PIPELINES',
      error:
        'Worked Role cannot be deleted: it has 1 candidate in its pipeline, and the agency keeps that history. Close it, then archive it instead: it leaves the lists, keeps its history and can be restored.',
    });
    const open = await recruiter.post(`/api/roles/${role.id}/archive/`);
    expect(open.status).toBe(409);
    expect(open.json).toMatchObject({ code: 'ROLE_ARCHIVE_NOT_CLOSED', error: 'Close the role before archiving it.' });

    expect((await recruiter.post(`/api/roles/${role.id}/close/`, { reason: 'filled' })).status).toBe(200);
    expect((await recruiter.get(`/api/roles/${role.id}/deletion/`)).json.check).toMatchObject({
      can_delete: false,
      can_archive: true,
      archive_blocker: null,
    });
    const archived = await recruiter.post(`/api/roles/${role.id}/archive/`);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json.role.archived_at).toEqual(expect.any(String));
    const closedNames = async (query = '') =>
      ((await viewer.get(`/api/roles/closed/?client=${client.id}${query}`)).json.roles as { name: string }[]).map(
        (row) => row.name,
      );
    expect(await closedNames()).toEqual([]);
    expect(await closedNames('&archived=true')).toEqual(['Worked Role']);
    expect(await closedNames('&archived=all')).toEqual(['Worked Role']);
    // Reopening waits for a restore; the record itself still reads.
    expect((await recruiter.post(`/api/roles/${role.id}/reopen/`)).json).toMatchObject({ code: 'ROLE_ARCHIVED' });
    expect((await viewer.get(`/api/roles/${role.id}/`)).json.role.archived_at).toEqual(expect.any(String));

    const restored = await recruiter.post(`/api/roles/${role.id}/restore/`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.role).toMatchObject({ archived_at: null, state: 'closed' });
    expect(await closedNames()).toEqual(['Worked Role']);
    expect((await recruiter.post(`/api/roles/${role.id}/restore/`)).json).toMatchObject({ code: 'ROLE_NOT_ARCHIVED' });
    expect((await viewer.post(`/api/roles/${role.id}/archive/`)).status).toBe(403);
    expect((await viewer.request('DELETE', `/api/roles/${role.id}/`)).status).toBe(403);
  });
});
