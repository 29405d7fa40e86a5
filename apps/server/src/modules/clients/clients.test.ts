import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
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
  await owner.request('PUT', '/api/settings/agency/', {
    body: {
      agency_name: 'Test Agency',
      currency: 'EUR',
      default_finders_fee_percent: 18,
      default_payment_terms_days: 45,
      invoice_issuer: {},
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const activityFor = async (modelType: string, objectId: number) =>
  (
    (await owner.get(`/api/activity/?model_type=${modelType}&limit=50`)).json.results as {
      object_id: number;
      summary: string;
    }[]
  ).filter((row) => row.object_id === objectId);

describe('clients', () => {
  it("creates a finder's fee client with defaults from the agency settings", async () => {
    const response = await recruiter.post('/api/clients/', {
      name: 'Acme Corp',
      client_type: 'finders_fee',
      industry: 'Technology',
      contact_name: 'Ann Lee',
      contact_email: 'ann@acme.example',
      retainer_amount: 5000,
      retainer_instalments: [{ label: 'All', percent: 100, milestone: 'on_signing' }],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.client).toMatchObject({
      name: 'Acme Corp',
      client_type: 'finders_fee',
      state: 'Open',
      finders_fee_percent: 18,
      guarantee_days: null,
      retainer_amount: null,
      retainer_instalments: [],
      payment_terms_days: 45,
      currency: 'EUR',
      owner: { id: recruiterUser.id, name: 'Rita Recruiter' },
      active_roles_count: 0,
      roles_count: 0,
    });
    const id = response.json.client.id as number;
    expect((await viewer.get(`/api/clients/${id}/`)).json.client.name).toBe('Acme Corp');
    expect((await activityFor('client', id)).map((row) => row.summary)).toContain('Created client Acme Corp');
  });

  it("creates a retainer client and nulls the finder's fee terms", async () => {
    const response = await owner.post('/api/clients/', {
      name: 'Beacon Health',
      client_type: 'retainer',
      finders_fee_percent: 25,
      guarantee_days: 60,
      retainer_amount: '45000',
      retainer_instalments: [
        { label: 'Signing', percent: 40, milestone: 'on_signing' },
        { label: 'Shortlist', percent: 60, milestone: 'on_shortlist' },
      ],
      currency: 'usd',
      payment_terms_days: 14,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.client).toMatchObject({
      client_type: 'retainer',
      finders_fee_percent: null,
      guarantee_days: null,
      retainer_amount: 45000,
      currency: 'USD',
      payment_terms_days: 14,
    });
    expect(response.json.client.retainer_instalments).toHaveLength(2);
  });

  it('validates fee terms by type', async () => {
    const missing = await owner.post('/api/clients/', { name: 'No Amount Inc', client_type: 'retainer' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields)).toEqual(['retainer_amount']);
    const badSplit = await owner.post('/api/clients/', {
      name: 'Bad Split Inc',
      client_type: 'retainer',
      retainer_amount: 1000,
      retainer_instalments: [{ label: 'Half', percent: 50, milestone: 'on_signing' }],
    });
    expect(badSplit.status).toBe(400);
    expect(badSplit.json.fields.retainer_instalments).toEqual(['The instalments must add up to 100 %.']);
    const badFields = await owner.post('/api/clients/', {
      name: '',
      client_type: 'other',
      website: 'nope',
      contact_email: 'x',
      finders_fee_percent: 101,
    });
    expect(badFields.status).toBe(400);
    expect(Object.keys(badFields.json.fields).sort()).toEqual([
      'client_type',
      'contact_email',
      'finders_fee_percent',
      'name',
      'website',
    ]);
    const badOwner = await owner.post('/api/clients/', {
      name: 'Ghost Owner',
      client_type: 'finders_fee',
      owner_id: 999999,
    });
    expect(badOwner.status).toBe(400);
    expect(badOwner.json.fields.owner_id).toBeDefined();
  });

  it('accepts only http and https website addresses (create and edit)', async () => {
    for (const website of [
      'javascript:alert(document.cookie)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://files.example.com',
      'mailto:boss@example.com',
    ]) {
      const refused = await owner.post('/api/clients/', {
        name: `Scheme ${website.slice(0, 12)}`,
        client_type: 'finders_fee',
        website,
      });
      expect(refused.status, website).toBe(400);
      expect(refused.json.fields.website).toEqual(['Enter a full address such as https://example.com.']);
    }
    const created = await owner.post('/api/clients/', {
      name: 'Plain Web Co',
      client_type: 'finders_fee',
      website: '  https://plain.example.com/about  ',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.client.website).toBe('https://plain.example.com/about');
    const edit = { name: 'Plain Web Co', client_type: 'finders_fee' };
    const edited = await owner.patch(`/api/clients/${created.json.client.id}/`, {
      ...edit,
      website: 'javascript:alert(1)',
    });
    expect(edited.status).toBe(400);
    expect(edited.json.fields.website).toBeDefined();
    const fixed = await owner.patch(`/api/clients/${created.json.client.id}/`, {
      ...edit,
      website: 'http://plain.example.com',
    });
    expect(fixed.status, fixed.text).toBe(200);
  });

  it('refuses a duplicate name, whatever the case', async () => {
    await insertClient(t.db, { name: 'Duplicate Co' });
    const response = await owner.post('/api/clients/', { name: 'duplicate co', client_type: 'finders_fee' });
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({
      success: false,
      code: 'CLIENT_NAME_TAKEN',
      error: 'A client with this name already exists.',
    });
  });

  it('updates with a full object, changes state and lists with counts and filters', async () => {
    const client = await insertClient(t.db, {
      name: 'Zephyr Logistics',
      industry: 'Logistics',
      location: 'Denver, CO',
    });
    await insertRole(t.db, { clientId: client.id, state: 'open' });
    await insertRole(t.db, { clientId: client.id, state: 'on_hold' });
    await insertRole(t.db, { clientId: client.id, state: 'closed', closeReason: 'filled' });

    const updated = await recruiter.patch(`/api/clients/${client.id}/`, {
      name: 'Zephyr Logistics Group',
      client_type: 'finders_fee',
      industry: 'Logistics',
      finders_fee_percent: 21.5,
      guarantee_days: 120,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.client).toMatchObject({
      name: 'Zephyr Logistics Group',
      finders_fee_percent: 21.5,
      guarantee_days: 120,
      location: '',
      active_roles_count: 2,
      roles_count: 3,
    });
    const clash = await recruiter.patch(`/api/clients/${client.id}/`, {
      name: 'ACME CORP',
      client_type: 'finders_fee',
    });
    expect(clash.status).toBe(409);

    const state = await recruiter.post(`/api/clients/${client.id}/state/`, { state: 'On Hold' });
    expect(state.status).toBe(200);
    expect(state.json.client.state).toBe('On Hold');
    expect((await recruiter.post(`/api/clients/${client.id}/state/`, { state: 'Paused' })).status).toBe(400);
    expect((await activityFor('client', client.id)).map((row) => row.summary)).toEqual([
      'Changed client Zephyr Logistics Group from Open to On Hold',
      'Updated client Zephyr Logistics Group',
    ]);

    const search = await viewer.get('/api/clients/?search=zephyr');
    expect(search.json.count).toBe(1);
    expect(search.json.clients[0]).toMatchObject({ id: client.id, active_roles_count: 2, roles_count: 3 });
    expect((await viewer.get('/api/clients/?search=logistics&state=On%20Hold')).json.count).toBe(1);
    expect((await viewer.get('/api/clients/?search=zephyr&state=Open')).json.count).toBe(0);
    const active = await viewer.get('/api/clients/?has_active_roles=true&ordering=-active_roles_count');
    expect(active.json.clients[0].id).toBe(client.id);
    expect(active.json.clients.every((row: { active_roles_count: number }) => row.active_roles_count > 0)).toBe(true);
    const retainers = await viewer.get('/api/clients/?client_type=retainer');
    expect(retainers.json.clients.every((row: { client_type: string }) => row.client_type === 'retainer')).toBe(true);
    const paged = await viewer.get('/api/clients/?page_size=1&page=2&ordering=-name');
    expect(paged.json.clients).toHaveLength(1);
    expect(paged.json.count).toBeGreaterThan(2);
    const past = await viewer.get('/api/clients/?page_size=1&page=999');
    expect(past.json).toMatchObject({ clients: [], count: paged.json.count });
    expect((await viewer.get('/api/clients/?ordering=bogus')).status).toBe(400);

    const roles = await viewer.get(`/api/clients/${client.id}/roles/`);
    expect(roles.status).toBe(200);
    expect(roles.json.count).toBe(3);
    expect(roles.json.roles.map((role: { state: string }) => role.state).sort()).toEqual(['closed', 'on_hold', 'open']);
  });

  it('orders by the newest active role for the Active Clients panel', async () => {
    const hour = 60 * 60 * 1000;
    const older = await insertClient(t.db, { name: 'Panel Older', state: 'Open' });
    const newer = await insertClient(t.db, { name: 'Panel Newer', state: 'Open' });
    const closedOnly = await insertClient(t.db, { name: 'Panel Closed Roles', state: 'Open' });
    await insertRole(t.db, { clientId: older.id, createdAt: new Date(Date.now() - 5 * hour) });
    await insertRole(t.db, { clientId: older.id, createdAt: new Date(Date.now() - 4 * hour) });
    await insertRole(t.db, { clientId: newer.id, createdAt: new Date(Date.now() + hour) });
    await insertRole(t.db, { clientId: closedOnly.id, state: 'closed', createdAt: new Date(Date.now() + 2 * hour) });

    const response = await viewer.get(
      '/api/clients/?state=Open&has_active_roles=true&ordering=-recent_roles&page_size=15',
    );
    expect(response.status).toBe(200);
    const names = (response.json.clients as { name: string }[]).map((client) => client.name);
    expect(names[0]).toBe('Panel Newer');
    expect(names.indexOf('Panel Older')).toBeGreaterThan(0);
    expect(names).not.toContain('Panel Closed Roles');
  });

  it("lists one client's history with model_type and object_id", async () => {
    const first = (await recruiter.post('/api/clients/', { name: 'History One', client_type: 'finders_fee' })).json
      .client.id as number;
    const second = (await recruiter.post('/api/clients/', { name: 'History Two', client_type: 'finders_fee' })).json
      .client.id as number;
    await recruiter.post(`/api/clients/${first}/state/`, { state: 'On Hold' });

    const response = await viewer.get(`/api/activity/?model_type=client&object_id=${first}&limit=50`);
    expect(response.status).toBe(200);
    const rows = response.json.results as { object_id: number; summary: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.object_id === first)).toBe(true);
    expect(rows.some((row) => row.object_id === second)).toBe(false);

    const missingType = await viewer.get(`/api/activity/?object_id=${first}`);
    expect(missingType.status).toBe(400);
    expect(missingType.json.fields.object_id).toEqual(['Give model_type with object_id.']);
  });

  it('deletes only clients without roles (and their notes)', async () => {
    const withRoles = await insertClient(t.db);
    await insertRole(t.db, { clientId: withRoles.id });
    const refused = await owner.request('DELETE', `/api/clients/${withRoles.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('CLIENT_HAS_HISTORY');

    const empty = await insertClient(t.db, { name: 'Short Lived LLC' });
    expect((await recruiter.post(`/api/notes/client/${empty.id}/`, { body: 'Goodbye' })).status).toBe(201);
    // The confirmation knows beforehand: nothing blocks, the note goes with it.
    expect((await recruiter.get(`/api/clients/${empty.id}/deletion/`)).json).toEqual({
      success: true,
      check: {
        can_delete: true,
        blockers: [],
        removes: ['1 note'],
        message: 'Short Lived LLC has no roles, so it can be deleted with its 1 note. This cannot be undone.',
        archived: false,
        can_archive: true,
        archive_blocker: null,
      },
    });
    const deleted = await recruiter.request('DELETE', `/api/clients/${empty.id}/`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, message: 'The client was deleted.' });
    expect((await viewer.get(`/api/clients/${empty.id}/`)).json).toMatchObject({ code: 'CLIENT_NOT_FOUND' });
    expect((await viewer.get(`/api/notes/client/${empty.id}/`)).status).toBe(404);
    expect((await activityFor('client', empty.id)).map((row) => row.summary)).toContain(
      'Deleted client Short Lived LLC',
    );
  });

  describe('archive instead of delete (issue 16 item 4)', () => {
    it('a client with closed roles: the check and the refusal say what blocks and advise archiving, which works and is restorable', async () => {
      const client = await insertClient(t.db, { name: 'Closed Shop Ltd' });
      const role = await insertRole(t.db, { clientId: client.id, state: 'closed', closeReason: 'filled' });
      await insertRole(t.db, { clientId: client.id, state: 'closed', closeReason: 'cancelled_by_client' });
      await insertPipeline(t.db, { roleId: role.id });
      const check = (await recruiter.get(`/api/clients/${client.id}/deletion/`)).json.check;
      const message =
        'Closed Shop Ltd cannot be deleted: it has 2 roles and 1 candidate in their pipelines, and the agency keeps that history. Archive it instead: it leaves the lists, keeps its history and can be restored.';
      expect(check).toEqual({
        can_delete: false,
        blockers: [
          { kind: 'roles', count: 2, label: '2 roles' },
          { kind: 'pipelines', count: 1, label: '1 candidate in their pipelines' },
        ],
        removes: [],
        message,
        archived: false,
        can_archive: true,
        archive_blocker: null,
      });
      // The refusal gives the same true advice, in the spec's error shape; nothing is deleted.
      const refused = await owner.request('DELETE', `/api/clients/${client.id}/`);
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({ success: false, error: message, code: 'CLIENT_HAS_HISTORY' });
      expect((await viewer.get(`/api/clients/${client.id}/`)).status).toBe(200);

      const archived = await recruiter.post(`/api/clients/${client.id}/archive/`);
      expect(archived.status, archived.text).toBe(200);
      expect(archived.json.client.archived_at).toEqual(expect.any(String));
      expect((await recruiter.post(`/api/clients/${client.id}/archive/`)).json).toMatchObject({
        code: 'CLIENT_ALREADY_ARCHIVED',
      });
      const names = async (query: string) =>
        ((await viewer.get(`/api/clients/?search=Closed%20Shop${query}`)).json.clients as { name: string }[]).map(
          (row) => row.name,
        );
      expect(await names('')).toEqual([]);
      expect(await names('&archived=true')).toEqual(['Closed Shop Ltd']);
      expect(await names('&archived=all')).toEqual(['Closed Shop Ltd']);
      expect((await viewer.get('/api/clients/?archived=maybe')).status).toBe(400);
      // No new roles for an archived client; it is not offered in the role form.
      const formClients = (await recruiter.get('/api/roles/form-data/')).json.clients as { id: number }[];
      expect(formClients.map((row) => row.id)).not.toContain(client.id);
      const newRole = await recruiter.post('/api/roles/', { client_id: client.id, name: 'Too late' });
      expect(newRole.status).toBe(409);
      expect(newRole.json.code).toBe('CLIENT_NOT_ACTIVE');
      expect((await recruiter.get(`/api/clients/${client.id}/deletion/`)).json.check).toMatchObject({
        archived: true,
        can_archive: false,
        message: expect.stringMatching(/It is archived already/),
      });

      const restored = await recruiter.post(`/api/clients/${client.id}/restore/`);
      expect(restored.status, restored.text).toBe(200);
      expect(restored.json.client.archived_at).toBeNull();
      expect(await names('')).toEqual(['Closed Shop Ltd']);
      expect((await recruiter.post(`/api/clients/${client.id}/restore/`)).json).toMatchObject({
        code: 'CLIENT_NOT_ARCHIVED',
      });
      expect((await activityFor('client', client.id)).map((row) => row.summary)).toEqual(
        expect.arrayContaining(['Archived client Closed Shop Ltd', 'Restored client Closed Shop Ltd from the archive']),
      );
    });

    it('a client with an active role: archiving needs the role closed first, and both the check and the refusal say so', async () => {
      const client = await insertClient(t.db, { name: 'Busy Works' });
      await insertRole(t.db, { clientId: client.id, state: 'open' });
      const check = (await recruiter.get(`/api/clients/${client.id}/deletion/`)).json.check;
      expect(check).toMatchObject({
        can_delete: false,
        can_archive: false,
        blockers: [{ kind: 'roles', count: 1, label: '1 role (1 active)' }],
        archive_blocker: 'Close its 1 active role first: an archived client has no active roles.',
        message:
          'Busy Works cannot be deleted: it has 1 role (1 active), and the agency keeps that history. Close its 1 active role first, then archive the client instead: it leaves the lists, keeps its history and can be restored.',
      });
      const refused = await recruiter.post(`/api/clients/${client.id}/archive/`);
      expect(refused.status).toBe(409);
      expect(refused.json).toEqual({
        success: false,
        code: 'CLIENT_HAS_ACTIVE_ROLES',
        error: 'Busy Works has active roles. Close its 1 active role first: an archived client has no active roles.',
      });
    });

    it('viewers may not check, archive, restore or delete; unknown clients are 404', async () => {
      const client = await insertClient(t.db);
      expect((await viewer.get(`/api/clients/${client.id}/deletion/`)).status).toBe(403);
      expect((await viewer.post(`/api/clients/${client.id}/archive/`)).status).toBe(403);
      expect((await viewer.post(`/api/clients/${client.id}/restore/`)).status).toBe(403);
      expect((await viewer.request('DELETE', `/api/clients/${client.id}/`)).status).toBe(403);
      expect((await owner.get('/api/clients/999999/deletion/')).status).toBe(404);
      expect((await owner.post('/api/clients/999999/archive/')).status).toBe(404);
      expect((await owner.post('/api/clients/abc/restore/')).status).toBe(400);
    });
  });

  it('404s and viewer 403s', async () => {
    expect((await viewer.get('/api/clients/999999/')).status).toBe(404);
    expect((await viewer.get('/api/clients/999999/roles/')).status).toBe(404);
    expect((await owner.patch('/api/clients/999999/', { name: 'X', client_type: 'finders_fee' })).status).toBe(404);
    expect((await viewer.post('/api/clients/', { name: 'Viewer Co', client_type: 'finders_fee' })).status).toBe(403);
    expect((await viewer.get('/api/clients/abc/')).status).toBe(400);
  });

  it('fuzz: client and role bodies never produce a 500', async () => {
    const client = await insertClient(t.db);
    const role = await insertRole(t.db, { clientId: client.id });
    await owner.get('/api/auth/csrf-token/');
    const targets = fc.constantFrom(
      ['POST', '/api/clients/'],
      ['PATCH', `/api/clients/${client.id}/`],
      ['POST', `/api/clients/${client.id}/state/`],
      ['POST', '/api/roles/'],
      ['PUT', `/api/roles/${role.id}/`],
      ['PATCH', `/api/roles/${role.id}/field/`],
      ['POST', `/api/roles/${role.id}/close/`],
      ['POST', '/api/job-qualifications/'],
      ['POST', `/api/roles/${role.id}/qualifications/reorder/`],
      ['POST', `/api/roles/${role.id}/job-description/upload-url/`],
      ['POST', `/api/roles/${role.id}/job-description/confirm/`],
      ['POST', `/api/notes/role/${role.id}/`],
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          name: fc.oneof(fc.string(), fc.anything()),
          client_type: fc.constantFrom('finders_fee', 'retainer', 'x'),
          state: fc.string(),
          finders_fee_percent: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
          retainer_amount: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
          retainer_instalments: fc.oneof(
            fc.anything(),
            fc.array(
              fc.record({ label: fc.string(), percent: fc.oneof(fc.double(), fc.string()), milestone: fc.string() }),
            ),
          ),
          owner_id: fc.oneof(fc.integer(), fc.constant(null), fc.string()),
          currency: fc.string(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          client_id: fc.oneof(fc.constant(client.id), fc.integer(), fc.string()),
          name: fc.string(),
          salary_min: fc.oneof(fc.double(), fc.integer(), fc.constant(null), fc.string()),
          salary_max: fc.oneof(fc.double(), fc.integer(), fc.constant(null)),
          openings: fc.oneof(fc.integer(), fc.double()),
          recruiter_id: fc.oneof(fc.integer(), fc.constant(null)),
          opened_at: fc.string(),
          field: fc.constantFrom(
            'name',
            'openings',
            'salary_min',
            'salary_max',
            'recruiter_id',
            'indeed_posting',
            'priority',
            'nope',
          ),
          value: fc.anything(),
          reason: fc.string(),
          ids: fc.array(fc.integer()),
          key: fc.string(),
          filename: fc.string(),
          content_type: fc.string(),
          size: fc.oneof(fc.integer(), fc.double()),
          body: fc.string(),
          role_id: fc.oneof(fc.integer(), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(targets, body, async ([method, url], value) => {
        const raw = JSON.stringify(value);
        const response = await owner.request(method!, url!, raw === undefined ? {} : { rawBody: raw });
        expect(response.status, `${method} ${url} ${raw} → ${response.text}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
