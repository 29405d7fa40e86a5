import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../factories/users.factory';
import { HttpClient } from '../test/http-client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUSTED_ORIGINS: 'https://app.example.com' } });
});
afterAll(async () => {
  await t?.close();
});

const refused = { success: false, error: AUTH_MESSAGES.csrfFailed, code: 'CSRF_FAILED' };

async function signedIn() {
  const user = await insertUser(t.db);
  const client = new HttpClient(t.baseUrl);
  await client.login(user.email, DEFAULT_TEST_PASSWORD);
  return client;
}

describe('CSRF', () => {
  it('issues a readable csrftoken cookie bound to an httpOnly pre-session', async () => {
    const client = new HttpClient(t.baseUrl);
    const response = await client.get('/api/auth/csrf-token/');
    expect(response.json.csrf_token).toBe(client.cookies.get('csrftoken'));
    expect(client.setCookie('csrftoken')).not.toMatch(/HttpOnly/i);
    expect(client.setCookie('presession')).toMatch(/HttpOnly/i);
  });

  it('refuses sign-in without a token or with a wrong one', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    const body = { email: user.email, password: DEFAULT_TEST_PASSWORD };
    const none = await client.request('POST', '/api/auth/login/', { body, csrf: false });
    expect(none.status).toBe(403);
    expect(none.json).toEqual(refused);
    await client.get('/api/auth/csrf-token/');
    const cookie = client.cookies.get('csrftoken')!;
    const forged = `${cookie.split('.')[0]}.AAAA${cookie.split('.')[1]!.slice(4)}`;
    client.cookies.set('csrftoken', forged);
    expect(
      (await client.request('POST', '/api/auth/login/', { body, headers: { 'x-csrftoken': forged } })).status,
    ).toBe(403);
    client.cookies.set('csrftoken', cookie);
    // Header and cookie must match.
    expect((await client.request('POST', '/api/auth/login/', { body, headers: { 'x-csrftoken': 'x.y' } })).status).toBe(
      403,
    );
    expect((await client.request('POST', '/api/auth/login/', { body })).status).toBe(200);
  });

  it("refuses another session's token", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const bobsToken = bob.cookies.get('csrftoken')!;
    alice.cookies.set('csrftoken', bobsToken);
    const response = await alice.request('PATCH', '/api/profile/', {
      body: { theme: 'dark' },
      headers: { 'x-csrftoken': bobsToken },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual(refused);
  });

  it('a pre-login token stops working after sign-in; the response carries a fresh one', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.get('/api/auth/csrf-token/');
    const anonymous = client.cookies.get('csrftoken')!;
    await client.login(user.email, DEFAULT_TEST_PASSWORD);
    expect(client.cookies.get('csrftoken')).not.toBe(anonymous);
    expect(client.cookies.has('presession')).toBe(false);
    const stale = await client.request('PATCH', '/api/profile/', {
      body: { theme: 'dark' },
      headers: { 'x-csrftoken': anonymous, cookie: `${client.cookieHeader()}; csrftoken=${anonymous}` },
    });
    expect(stale.status).toBe(403);
    expect((await client.patch('/api/profile/', { theme: 'dark' })).status).toBe(200);
  });

  it('checks Origin and Sec-Fetch-Site on unsafe methods', async () => {
    const client = await signedIn();
    const patch = (headers: Record<string, string>) =>
      client.request('PATCH', '/api/profile/', {
        body: { theme: 'light' },
        headers: { ...headers, 'x-csrftoken': client.cookies.get('csrftoken')! },
      });
    expect((await patch({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await patch({ origin: 'null' })).status).toBe(403);
    expect((await patch({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await patch({ origin: t.baseUrl })).status).toBe(200);
    expect((await patch({ origin: 'https://app.example.com' })).status).toBe(200);
    expect((await patch({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await patch({})).status).toBe(200);
  });

  it('logout needs the token, works without a session and hands out an anonymous token', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    expect((await anonymous.request('POST', '/api/auth/logout/', { csrf: false })).status).toBe(403);
    const response = await anonymous.post('/api/auth/logout/');
    expect(response.status).toBe(200);
    expect(anonymous.setCookie('csrftoken')).toBeDefined();
    // The fresh token works for the next unsafe call (e.g. signing in again).
    const user = await insertUser(t.db);
    expect(
      (await anonymous.post('/api/auth/login/', { email: user.email, password: DEFAULT_TEST_PASSWORD })).status,
    ).toBe(200);
  });
});
