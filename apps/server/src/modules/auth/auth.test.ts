import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsTable } from '../sessions/sessions.table';
import { usersTable } from '../users/users.table';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-in, status, profile, sign-out', () => {
  it('signs in with a browser-session cookie and reports the user', async () => {
    const user = await insertUser(t.db, {
      email: 'Mixed.Case@Example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: ['recruiter'],
    });
    const client = new HttpClient(t.baseUrl);
    expect((await client.get('/api/auth/status/')).json).toEqual({ authenticated: false, user: null });

    const login = await client.login('mixed.case@example.test', DEFAULT_TEST_PASSWORD);
    expect(login.json.success).toBe(true);
    expect(login.json.session_max_age).toBeNull();
    expect(login.json.user).toMatchObject({
      id: user.id,
      email: 'mixed.case@example.test',
      name: 'Ada Lovelace',
      initials: 'AL',
      role: 'recruiter',
      user_role: 'recruiter',
    });
    expect(login.json.user.password_hash).toBeUndefined();
    const cookie = client.setCookie('sessionid') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(client.setCookie('csrftoken')).toBeDefined();

    const status = await client.get('/api/auth/status/');
    expect(status.json).toMatchObject({ authenticated: true, user: { id: user.id } });
    const profile = await client.get('/api/auth/profile/');
    expect(profile.status).toBe(200);
    expect(profile.json.user.last_login).not.toBeNull();

    const logout = await client.post('/api/auth/logout/');
    expect(logout.json).toEqual({ success: true, message: 'Signed out.' });
    expect(client.cookies.has('sessionid')).toBe(false);
    expect((await client.get('/api/auth/profile/')).status).toBe(401);
  });

  it('remember-me sets a 30-day cookie and session', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    const login = await client.login(user.email, DEFAULT_TEST_PASSWORD, true);
    expect(login.json.session_max_age).toBe(2592000);
    expect(client.setCookie('sessionid')).toMatch(/Max-Age=2592000/);
    const [session] = await t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, user.id));
    const days = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('wrong password, unknown email and inactive user get the same answer', async () => {
    const active = await insertUser(t.db);
    const inactive = await insertUser(t.db, { isActive: false });
    const client = new HttpClient(t.baseUrl);
    const answers = [
      await client.post('/api/auth/login/', { email: active.email, password: 'wrong-password-1' }),
      await client.post('/api/auth/login/', { email: 'nobody@example.test', password: 'wrong-password-1' }),
      await client.post('/api/auth/login/', { email: inactive.email, password: DEFAULT_TEST_PASSWORD }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        success: false,
        error: AUTH_MESSAGES.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('replaying the cookie after sign-out gets 401', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    const stolen = client.cookieHeader();
    await client.post('/api/auth/logout/');
    const replay = await client.get('/api/auth/profile/', { cookie: stolen });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ success: false, error: AUTH_MESSAGES.notAuthenticated, code: 'NOT_AUTHENTICATED' });
  });

  it('rotates the session at sign-in: the previous cookie dies', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    const before = client.cookieHeader();
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    expect(client.cookieHeader()).not.toBe(before);
    expect((await client.get('/api/auth/profile/', { cookie: before })).status).toBe(401);
    expect((await client.get('/api/auth/profile/')).status).toBe(200);
  });

  it("a deactivated user's session stops at once", async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    await t.db.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, user.id));
    expect((await client.get('/api/auth/profile/')).status).toBe(401);
    expect((await client.get('/api/auth/status/')).json).toEqual({ authenticated: false, user: null });
  });

  it('browser sessions expire after 8 idle hours; use slides the expiry', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    const [session] = await t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, user.id));
    const hours = (session!.expiresAt.getTime() - session!.lastSeenAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(8);

    // Idle for two minutes: the request slides last_seen and expiry forward.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db
      .update(sessionsTable)
      .set({ lastSeenAt: twoMinutesAgo, expiresAt: new Date(twoMinutesAgo.getTime() + 8 * 3_600_000) })
      .where(eq(sessionsTable.id, session!.id));
    expect((await client.get('/api/auth/profile/')).status).toBe(200);
    const [slid] = await t.db.select().from(sessionsTable).where(eq(sessionsTable.id, session!.id));
    expect(slid!.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());

    // Idle for more than 8 hours: gone.
    const nineHoursAgo = new Date(Date.now() - 9 * 3_600_000);
    await t.db
      .update(sessionsTable)
      .set({ lastSeenAt: nineHoursAgo, expiresAt: new Date(nineHoursAgo.getTime() + 8 * 3_600_000) })
      .where(eq(sessionsTable.id, session!.id));
    expect((await client.get('/api/auth/profile/')).status).toBe(401);
  });

  it('remember-me sessions end after 30 days even when used', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD, true);
    await t.db
      .update(sessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionsTable.userId, user.id));
    expect((await client.get('/api/auth/profile/')).status).toBe(401);
  });

  it('records sign-in and sign-out in the activity feed', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    await client.patch('/api/profile/', { theme: 'dark' });
    const feed = await client.get('/api/activity/?mine=true&limit=10');
    expect(feed.status).toBe(200);
    expect(feed.json.results.map((a: { verb: string }) => a.verb)).toEqual(['updated', 'signed_in']);
    expect(feed.json.results[0].actor).toEqual({ id: user.id, name: `${user.firstName} ${user.lastName}` });
    const paged = await client.get('/api/activity/?mine=true&limit=1');
    expect(paged.json.has_more).toBe(true);
    const before = await client.get(`/api/activity/?mine=true&before=${paged.json.results[0].id}`);
    expect(before.json.results.map((a: { verb: string }) => a.verb)).toEqual(['signed_in']);
  });

  it('PATCH /api/profile/ stores theme and time zone, refusing unknown zones', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    const ok = await client.patch('/api/profile/', { theme: 'dark', time_zone: 'Europe/London' });
    expect(ok.status).toBe(200);
    expect(ok.json.user).toMatchObject({ theme: 'dark', time_zone: 'Europe/London' });
    const bad = await client.patch('/api/profile/', { time_zone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.time_zone).toBeDefined();
    const badTheme = await client.patch('/api/profile/', { theme: 'neon' });
    expect(badTheme.status).toBe(400);
    expect(badTheme.json.fields.theme).toBeDefined();
    expect((await client.get('/api/auth/profile/')).json.user.theme).toBe('dark');
  });
});
