/**
 * Issue 9 §1.8 deployment settings, each through real HTTP on its own app: the CSP's WebSocket sources,
 * TRUST_PROXY (client IP and the Origin check behind a TLS-terminating proxy), PUBLIC_URL as the origin
 * the Origin check compares against, HSTS only for an https PUBLIC_URL, and /api/docs in production.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../factories/users.factory';
import { HttpClient } from '../test/http-client';
import { signedInClient } from '../test/sign-in';

const PUBLIC = 'https://recruit.example.com';
const apps: TestApp[] = [];
async function appWith(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env });
  apps.push(t);
  return t;
}
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

const directive = (csp: string, name: string) =>
  (
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ''
  )
    .split(/\s+/)
    .slice(1);

/** A harmless change (theme) with the given extra headers; the CSRF token is valid. */
async function changeTheme(t: TestApp, headers: Record<string, string>) {
  const client = await signedInClient(t, await insertUser(t.db));
  await client.get('/api/auth/csrf-token/');
  return client.request('PATCH', '/api/profile/', { body: { theme: 'dark' }, headers });
}

describe('deployment settings', { timeout: 120_000 }, () => {
  it('the CSP allows WebSockets to the app itself only (no ws:/wss: to any host)', async () => {
    const plain = await appWith();
    const csp =
      (await new HttpClient(plain.baseUrl).get('/api/auth/status/')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);

    const behind = await appWith({ PUBLIC_URL: PUBLIC });
    const cspPublic =
      (await new HttpClient(behind.baseUrl).get('/api/auth/status/')).headers.get('content-security-policy') ?? '';
    const connect = directive(cspPublic, 'connect-src');
    expect(connect).toEqual(["'self'", 'wss://recruit.example.com']);
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('HSTS only when PUBLIC_URL is https', async () => {
    const https = await appWith({ PUBLIC_URL: PUBLIC });
    expect(
      (await new HttpClient(https.baseUrl).get('/api/auth/status/')).headers.get('strict-transport-security'),
    ).toBe('max-age=31536000; includeSubDomains');
    const secureCookieOnly = await appWith({ PUBLIC_URL: 'http://intranet.example.com:3000', COOKIE_SECURE: 'true' });
    expect(
      (await new HttpClient(secureCookieOnly.baseUrl).get('/api/auth/status/')).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });

  it('PUBLIC_URL is what the Origin check compares against', async () => {
    const t = await appWith({ PUBLIC_URL: `${PUBLIC}/` });
    expect((await changeTheme(t, { origin: PUBLIC })).status).toBe(200);
    // The address the server happens to be reached at is not the app's origin once PUBLIC_URL is set.
    expect((await changeTheme(t, { origin: t.baseUrl })).status).toBe(403);
    expect((await changeTheme(t, { origin: 'https://evil.example.com' })).status).toBe(403);
    expect((await changeTheme(t, { origin: 'http://recruit.example.com' })).status).toBe(403);
  });

  it('TRUST_PROXY is off by default: forwarded headers change neither the client IP nor the Origin check', async () => {
    const t = await appWith();
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.get('/api/auth/csrf-token/');
    const login = await client.post(
      '/api/auth/login/',
      { email: user.email, password: DEFAULT_TEST_PASSWORD },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(login.status, login.text).toBe(200);
    const ips = ((await client.get('/api/sessions/')).json.sessions as { ip: string | null }[]).map(
      (session) => session.ip,
    );
    expect(ips).not.toContain('203.0.113.9');
    const host = new URL(t.baseUrl).host;
    expect((await changeTheme(t, { origin: `https://${host}`, 'x-forwarded-proto': 'https' })).status).toBe(403);
    expect((await changeTheme(t, { origin: t.baseUrl })).status).toBe(200);
  });

  it('with TRUST_PROXY the client IP and the Origin check work behind a TLS-terminating proxy', async () => {
    const t = await appWith({ TRUST_PROXY: 'loopback' });
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    await client.get('/api/auth/csrf-token/');
    const login = await client.post(
      '/api/auth/login/',
      { email: user.email, password: DEFAULT_TEST_PASSWORD },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(login.status, login.text).toBe(200);
    const ips = ((await client.get('/api/sessions/')).json.sessions as { ip: string | null }[]).map(
      (session) => session.ip,
    );
    expect(ips).toContain('203.0.113.9');
    // What nginx sends for https://recruit.example.com (see docs/sessions-and-security.md).
    const proxied = {
      origin: PUBLIC,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'recruit.example.com',
      'x-forwarded-for': '203.0.113.9',
    };
    expect((await changeTheme(t, proxied)).status).toBe(200);
    expect((await changeTheme(t, { ...proxied, origin: 'https://evil.example.com' })).status).toBe(403);
  });

  it('the API docs are public outside production only; in production they need a session', async () => {
    const production = await appWith({ NODE_ENV: 'production' });
    const anonymous = new HttpClient(production.baseUrl);
    for (const path of ['/api/docs/', '/api/openapi.json'])
      expect((await anonymous.get(path, { accept: 'text/html' })).status, path).toBe(401);
    const signedIn = await signedInClient(production, await insertUser(production.db, { userType: ['viewer'] }));
    expect((await signedIn.get('/api/docs/', { accept: 'text/html' })).status).toBe(200);
    expect((await signedIn.get('/api/openapi.json')).json.openapi).toMatch(/^3\./);

    const development = await appWith({ NODE_ENV: 'development' });
    expect((await new HttpClient(development.baseUrl).get('/api/docs/', { accept: 'text/html' })).status).toBe(200);
  });
});
