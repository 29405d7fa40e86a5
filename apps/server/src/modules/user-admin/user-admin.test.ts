import { eq } from 'drizzle-orm';
import { USER_ERRORS } from '@recruitdesk/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityTable } from '../activity/activity.table';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertUser } from '../../factories/users.factory';
import { signedInClient } from '../../test/sign-in';
import type { HttpClient } from '../../test/http-client';
import type { UserRow } from '../users/users.service';

let t: TestApp;
let owner: UserRow;
let ownerClient: HttpClient;
let superClient: HttpClient;
let superuser: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertUser(t.db, {
    firstName: 'Olga',
    lastName: 'Owner',
    userType: ['owner'],
    email: 'olga.owner@example.test',
    username: 'olga',
  });
  superuser = await insertUser(t.db, {
    firstName: 'Sam',
    lastName: 'Super',
    userType: ['superuser'],
    email: 'sam.super@example.test',
    username: 'sam',
  });
  ownerClient = await signedInClient(t, owner);
  superClient = await signedInClient(t, superuser);
});
afterAll(async () => {
  await t?.close();
});

describe('users list', () => {
  it('searches, filters, sorts and pages with a total count', async () => {
    const tag = 'zebrafinch';
    for (const [first, last, types, active] of [
      ['Anna', 'Zeller', ['recruiter'], true],
      ['Bruno', 'Young', ['viewer'], true],
      ['Carla', 'Xu', ['recruiter'], false],
    ] as const) {
      await insertUser(t.db, {
        firstName: first,
        lastName: last,
        userType: [...types],
        isActive: active,
        email: `${first.toLowerCase()}.${tag}@example.test`,
      });
    }
    const all = await ownerClient.get(`/api/users/?search=${tag}`);
    expect(all.status).toBe(200);
    expect(all.json.count).toBe(3);
    expect(all.json.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Anna', 'Bruno', 'Carla']);
    const byName = await ownerClient.get(`/api/users/?search=${tag}&ordering=-name`);
    expect(byName.json.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Carla', 'Bruno', 'Anna']);
    const recruiters = await ownerClient.get(`/api/users/?search=${tag}&user_type=recruiter`);
    expect(recruiters.json.count).toBe(2);
    const activeRecruiters = await ownerClient.get(`/api/users/?search=${tag}&user_type=recruiter&is_active=true`);
    expect(activeRecruiters.json.results.map((u: { first_name: string }) => u.first_name)).toEqual(['Anna']);
    const page2 = await ownerClient.get(`/api/users/?search=${tag}&page=2&page_size=2`);
    expect(page2.json).toMatchObject({ count: 3, results: [{ first_name: 'Carla' }] });
    const past = await ownerClient.get(`/api/users/?search=${tag}&page=9&page_size=2`);
    expect(past.json).toMatchObject({ count: 3, results: [] });
    const fullName = await superClient.get('/api/users/?search=anna%20zel');
    expect(fullName.json.count).toBe(1);
    const wildcard = await ownerClient.get('/api/users/?search=%25');
    expect(wildcard.json.count).toBe(0);
    expect((await ownerClient.get('/api/users/?ordering=password')).status).toBe(400);
    expect((await ownerClient.get('/api/users/?page_size=1000')).status).toBe(400);
  });

  it('detail shows the user and the live sessions count; unknown id 404', async () => {
    const target = await insertUser(t.db);
    await signedInClient(t, target);
    await signedInClient(t, target);
    const detail = await superClient.get(`/api/users/${target.id}/`);
    expect(detail.json).toMatchObject({
      success: true,
      user: { id: target.id, email: target.email },
      sessions_count: 2,
    });
    const missing = await ownerClient.get('/api/users/999999/');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe(USER_ERRORS.NOT_FOUND);
  });
});

describe('the read-only directory (spec §6: Users is shown to everyone)', () => {
  it('gives recruiters and viewers names, types and status only, searchable by name only', async () => {
    const tag = 'quokkadir';
    const colleague = await insertUser(t.db, {
      firstName: 'Quinn',
      lastName: `Ko ${tag}`,
      userType: ['recruiter'],
      email: `quinn.${tag}@example.test`,
      username: `quinn-${tag}`,
    });
    const unnamed = await insertUser(t.db, {
      firstName: '',
      lastName: '',
      userType: ['viewer'],
      email: `nameless.${tag}@example.test`,
      isActive: false,
    });
    for (const type of ['recruiter', 'viewer'] as const) {
      const me = await insertUser(t.db, { userType: [type] });
      const client = await signedInClient(t, me);
      const list = await client.get(`/api/users/?search=${tag}`);
      expect(list.status).toBe(200);
      expect(list.json).toMatchObject({ success: true, view: 'directory', count: 1 });
      expect(list.json.results).toEqual([
        {
          id: colleague.id,
          name: `Quinn Ko ${tag}`,
          initials: 'QK',
          role: 'recruiter',
          user_type: ['recruiter'],
          profile_picture_url: null,
          is_active: true,
        },
      ]);
      const everyone = await client.get('/api/users/?page_size=100&is_active=false');
      const entry = everyone.json.results.find((row: { id: number }) => row.id === unnamed.id);
      expect(entry).toMatchObject({ name: 'Unnamed user', is_active: false });
      const text = JSON.stringify(everyone.json);
      expect(text).not.toContain('@example.test');
      expect(text).not.toContain('last_login');
      // No probing for emails or usernames through the search, nor through an email ordering.
      expect((await client.get(`/api/users/?search=quinn.${tag}%40example`)).json.count).toBe(0);
      expect((await client.get(`/api/users/?search=quinn-${tag}`)).json.count).toBe(0);
      expect((await client.get(`/api/users/?search=${tag}&ordering=-email`)).json.results[0].id).toBe(colleague.id);
      // Detail and every change stay refused.
      expect((await client.get(`/api/users/${colleague.id}/`)).status).toBe(403);
      expect((await client.patch(`/api/users/${colleague.id}/role/`, { user_type: 'viewer' })).status).toBe(403);
      expect((await client.post(`/api/users/${colleague.id}/deactivate/`)).status).toBe(403);
      expect((await client.request('DELETE', `/api/users/${colleague.id}/`)).status).toBe(403);
      expect(
        (
          await client.post('/api/registration/invitations/', {
            email: `x.${tag}@invited.test`,
            user_type: 'recruiter',
          })
        ).status,
      ).toBe(403);
    }
    const admin = await ownerClient.get(`/api/users/?search=quinn.${tag}`);
    expect(admin.json).toMatchObject({ view: 'admin', count: 1, results: [{ email: `quinn.${tag}@example.test` }] });
  });
});

describe('changing access', () => {
  it('changes user types with one value or a list', async () => {
    const target = await insertUser(t.db);
    const single = await superClient.patch(`/api/users/${target.id}/role/`, { user_type: 'viewer' });
    expect(single.status).toBe(200);
    expect(single.json.user).toMatchObject({ user_type: ['viewer'], role: 'viewer' });
    const list = await superClient.patch(`/api/users/${target.id}/role/`, {
      user_type: ['recruiter', 'superuser', 'recruiter'],
    });
    expect(list.json.user).toMatchObject({ user_type: ['recruiter', 'superuser'], role: 'superuser' });
    expect((await superClient.patch(`/api/users/${target.id}/role/`, { user_type: [] })).status).toBe(400);
    expect((await superClient.patch(`/api/users/${target.id}/role/`, { user_type: 'god' })).status).toBe(400);
  });

  it('only an owner grants or changes owner', async () => {
    const target = await insertUser(t.db);
    const grant = await superClient.patch(`/api/users/${target.id}/role/`, { user_type: ['owner'] });
    expect(grant.status).toBe(403);
    expect(grant.json.error).toBe(USER_ERRORS.OWNER_ONLY);
    for (const [method, path] of [
      ['PATCH', `/api/users/${owner.id}/role/`],
      ['POST', `/api/users/${owner.id}/deactivate/`],
      ['DELETE', `/api/users/${owner.id}/`],
    ] as const) {
      const response = await superClient.request(method, path, {
        body: method === 'PATCH' ? { user_type: 'viewer' } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.json.error).toBe(USER_ERRORS.OWNER_ONLY);
    }
    const promoted = await ownerClient.patch(`/api/users/${target.id}/role/`, { user_type: ['owner'] });
    expect(promoted.json.user.role).toBe('owner');
  });

  it('keeps at least one active owner and refuses self-lockout', async () => {
    const fresh = await buildTestApp();
    try {
      const solo = await insertUser(fresh.db, { userType: ['owner'] });
      const client = await signedInClient(fresh, solo);
      for (const [method, path] of [
        ['PATCH', `/api/users/${solo.id}/role/`],
        ['POST', `/api/users/${solo.id}/deactivate/`],
        ['DELETE', `/api/users/${solo.id}/`],
      ] as const) {
        const response = await client.request(method, path, {
          body: method === 'PATCH' ? { user_type: 'superuser' } : undefined,
        });
        expect(response.status, `${method} ${path}`).toBe(409);
        expect(response.json.error).toBe(USER_ERRORS.LAST_OWNER);
      }
      const second = await insertUser(fresh.db, { userType: ['owner'] });
      const demote = await client.patch(`/api/users/${solo.id}/role/`, { user_type: 'recruiter' });
      expect(demote.status).toBe(409);
      expect(demote.json.error).toBe(USER_ERRORS.SELF_LOCKOUT);
      expect((await client.post(`/api/users/${solo.id}/deactivate/`)).json.error).toBe(USER_ERRORS.SELF_LOCKOUT);
      expect((await client.request('DELETE', `/api/users/${solo.id}/`)).json.error).toBe(USER_ERRORS.SELF_LOCKOUT);
      // Adding a type to yourself is fine; another owner may demote you.
      expect((await client.patch(`/api/users/${solo.id}/role/`, { user_type: ['owner', 'recruiter'] })).status).toBe(
        200,
      );
      const other = await signedInClient(fresh, second);
      expect((await other.patch(`/api/users/${solo.id}/role/`, { user_type: 'viewer' })).status).toBe(200);
      // Now `second` is the last owner and cannot be demoted by anyone.
      const last = await other.patch(`/api/users/${second.id}/role/`, { user_type: 'superuser' });
      expect(last.json.error).toBe(USER_ERRORS.LAST_OWNER);
      const sup = await insertUser(fresh.db, { userType: ['superuser'] });
      const supClient = await signedInClient(fresh, sup);
      const selfDrop = await supClient.patch(`/api/users/${sup.id}/role/`, { user_type: 'recruiter' });
      expect(selfDrop.status).toBe(409);
      expect(selfDrop.json.error).toBe(USER_ERRORS.SELF_LOCKOUT);
    } finally {
      await fresh.close();
    }
  });

  it('deactivation ends every session at once; reactivation lets them sign in again', async () => {
    const target = await insertUser(t.db);
    const a = await signedInClient(t, target);
    const b = await signedInClient(t, target);
    expect((await a.get('/api/auth/profile/')).status).toBe(200);
    const off = await superClient.post(`/api/users/${target.id}/deactivate/`);
    expect(off.json.user.is_active).toBe(false);
    expect((await a.get('/api/auth/profile/')).status).toBe(401);
    expect((await b.get('/api/auth/profile/')).status).toBe(401);
    expect((await superClient.get(`/api/users/${target.id}/`)).json.sessions_count).toBe(0);
    const on = await superClient.post(`/api/users/${target.id}/reactivate/`);
    expect(on.json.user.is_active).toBe(true);
  });

  it('delete keeps the activity author name and ends sessions', async () => {
    const target = await insertUser(t.db, { firstName: 'Dora', lastName: 'Deleted' });
    const client = await signedInClient(t, target);
    expect((await client.patch('/api/profile/', { theme: 'dark' })).status).toBe(200);
    const removed = await ownerClient.request('DELETE', `/api/users/${target.id}/`);
    expect(removed.json).toEqual({ success: true, message: 'The user was deleted.' });
    expect((await client.get('/api/auth/profile/')).status).toBe(401);
    expect((await ownerClient.get(`/api/users/${target.id}/`)).status).toBe(404);
    const rows = await t.db.select().from(activityTable).where(eq(activityTable.objectId, target.id));
    const own = rows.find((row) => row.modelType === 'profile');
    expect(own).toMatchObject({ actorId: null, actorName: 'Dora Deleted' });
  });
});

describe('activity of another user', () => {
  it('only owners and superusers may read it', async () => {
    const recruiter = await insertUser(t.db);
    const other = await insertUser(t.db);
    const client = await signedInClient(t, recruiter);
    expect((await client.get(`/api/activity/?actor_id=${recruiter.id}`)).status).toBe(200);
    const refused = await client.get(`/api/activity/?actor_id=${other.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toBe('You do not have permission to perform this action.');
    await ownerClient.patch(`/api/users/${other.id}/role/`, { user_type: 'viewer' });
    const feed = await superClient.get(`/api/activity/?actor_id=${owner.id}`);
    expect(feed.status).toBe(200);
    expect(feed.json.results.every((row: { actor: { id: number } }) => row.actor.id === owner.id)).toBe(true);
    expect(feed.json.results.length).toBeGreaterThan(0);
  });
});
