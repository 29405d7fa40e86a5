import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from './app';
import { ConfigError, parseEnv } from './config/env';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { HttpClient } from './test/http-client';

type SeenRoute = { method: string | string[]; url: string; config?: { public?: boolean } };
const seen: SeenRoute[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    deps: {
      // Keep the route objects: later onRoute hooks may still adjust their config.
      onRoute: (route) => void seen.push(route),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('bad input never gives a 500', () => {
  it('answers 400 with fields for missing, wrong-typed and oversized values', async () => {
    const client = new HttpClient(t.baseUrl);
    const missing = await client.post('/api/auth/login/', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      success: false,
      error: 'Please correct the highlighted fields.',
      code: 'VALIDATION_FAILED',
    });
    expect(Object.keys(missing.json.fields).sort()).toEqual(['email', 'password']);

    const wrongTypes = await client.post('/api/auth/login/', { email: 42, password: ['x'], remember_me: 'yes' });
    expect(wrongTypes.status).toBe(400);
    expect(Object.keys(wrongTypes.json.fields).sort()).toEqual(['email', 'password', 'remember_me']);

    const huge = await client.post('/api/auth/password-reset/', { email: `${'a'.repeat(10_000)}@example.test` });
    expect(huge.status).toBe(400);
    expect(huge.json.fields.email).toBeDefined();

    const array = await client.post('/api/auth/login/', [{ email: 'a@b.c' }]);
    expect(array.status).toBe(400);
    expect(array.json.fields.non_field_errors).toBeDefined();

    const badQuery = await client.get('/api/auth/status/?limit=abc');
    expect(badQuery.status).toBe(200);
  });

  it('answers malformed JSON, oversize bodies and unknown content types', async () => {
    const client = new HttpClient(t.baseUrl);
    const malformed = await client.request('POST', '/api/auth/login/', { rawBody: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toMatchObject({ success: false, error: 'Malformed JSON in request body.' });
    const tooLarge = await client.request('POST', '/api/auth/login/', {
      rawBody: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(tooLarge.status).toBe(413);
    const xml = await client.request('POST', '/api/auth/login/', {
      rawBody: '<a/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    expect(xml.json.success).toBe(false);
  });

  it('fuzz: login and reset bodies never produce a 500', async () => {
    const client = new HttpClient(t.baseUrl);
    await client.get('/api/auth/csrf-token/');
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          email: fc.oneof(fc.string(), fc.emailAddress(), fc.anything()),
          password: fc.oneof(fc.string(), fc.anything()),
          remember_me: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record({ uid: fc.string(), token: fc.string(), new_password: fc.string() }, { requiredKeys: [] }),
    );
    const paths = fc.constantFrom('/api/auth/login/', '/api/auth/password-reset/', '/api/auth/password-reset/confirm/');
    await fc.assert(
      fc.asyncProperty(paths, body, async (url, value) => {
        const raw = JSON.stringify(value);
        const response = await client.request('POST', url, raw === undefined ? {} : { rawBody: raw });
        expect(response.status).not.toBe(500);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});

describe('HTTP surface', () => {
  it('unknown /api paths give a JSON 404', async () => {
    const response = await new HttpClient(t.baseUrl).get('/api/nope/');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ success: false, error: 'Not found.' });
  });

  it('sends the security headers and no-store on the API', async () => {
    const response = await new HttpClient(t.baseUrl).get('/api/auth/status/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('health and readiness', async () => {
    const client = new HttpClient(t.baseUrl);
    expect((await client.get('/healthz')).json).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).json).toEqual({ status: 'ready' });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const client = new HttpClient(t.baseUrl);
    const doc = await client.get('/api/openapi.json');
    expect(doc.status).toBe(200);
    for (const url of [
      '/api/auth/login/',
      '/api/auth/logout/',
      '/api/auth/csrf-token/',
      '/api/auth/status/',
      '/api/auth/profile/',
      '/api/auth/password-reset/',
      '/api/auth/password-reset/confirm/',
      '/api/activity/',
      '/api/profile/',
    ]) {
      expect(Object.keys(doc.json.paths)).toContain(url);
    }
    const docs = await client.get('/api/docs/', { accept: 'text/html' });
    expect(docs.status).toBe(200);
  });

  it('deny by default: every non-public /api route answers 401 without a session', async () => {
    const routes = seen.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, public: route.config?.public === true })),
    );
    const apiRoutes = routes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(apiRoutes.length).toBeGreaterThan(5);
    const publicUrls = apiRoutes.filter((route) => route.public).map((route) => route.url);
    expect(publicUrls).toEqual(
      expect.arrayContaining(['/api/auth/login/', '/api/auth/status/', '/api/auth/csrf-token/']),
    );
    const checked: string[] = [];
    for (const route of apiRoutes.filter((r) => !r.public)) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
      const response = await fetch(`${t.baseUrl}${url}`, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{}',
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked).toEqual(
      expect.arrayContaining(['GET /api/auth/profile/', 'GET /api/activity/', 'PATCH /api/profile/']),
    );
  });

  it('without a web build, GET / explains how to build it', async () => {
    const response = await new HttpClient(t.baseUrl).get('/', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('npm run build');
  });

  it('redacts reset and invitation tokens from logged URLs', () => {
    expect(redactUrl('/auth/reset-password/MTI/abc-def?x=1')).toBe('/auth/reset-password/MTI/[redacted]?x=1');
    expect(redactUrl('/auth/register-from-token/secret123')).toBe('/auth/register-from-token/[redacted]');
    expect(redactUrl('/api/auth/login/')).toBe('/api/auth/login/');
  });
});

describe('SPA', () => {
  it('serves index.html for client routes and keeps /api 404s JSON', async () => {
    const webDir = path.join(t.dataDir, 'web');
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>RecruitDesk SPA</title>');
    writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
    const spa = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
    try {
      const client = new HttpClient(spa.baseUrl);
      const root = await client.get('/', { accept: 'text/html' });
      expect(root.text).toContain('RecruitDesk SPA');
      const page = await client.get('/dashboard', { accept: 'text/html,application/xhtml+xml' });
      expect(page.status).toBe(200);
      expect(page.text).toContain('RecruitDesk SPA');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const asset = await client.get('/assets/app-123.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await client.get('/assets/missing.js', { accept: 'text/html' })).status).toBe(404);
      const api = await client.get('/api/nope', { accept: 'text/html' });
      expect(api.status).toBe(404);
      expect(api.json).toEqual({ success: false, error: 'Not found.' });
    } finally {
      await spa.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request when the app closes', async () => {
    const app = await buildTestApp();
    const client = new HttpClient(app.baseUrl);
    await client.get('/api/auth/csrf-token/');
    const url = new URL(`${app.baseUrl}/api/auth/password-reset/`);
    const body = JSON.stringify({ email: 'in-flight@example.test' });
    const responded = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            cookie: client.cookieHeader(),
            'x-csrftoken': client.cookies.get('csrftoken')!,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = app.close();
    const result = await responded;
    await closing;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text).success).toBe(true);
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc', DATA_DIR: t.dataDir })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc', DATA_DIR: t.dataDir })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => parseEnv({ COOKIE_SECURE: 'maybe', DATA_DIR: t.dataDir })).toThrow(/COOKIE_SECURE/);
    expect(() => parseEnv({ TRUSTED_ORIGINS: 'not a url', DATA_DIR: t.dataDir })).toThrow(/TRUSTED_ORIGINS/);
    expect(() =>
      parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/db', DATA_DIR: t.dataDir }),
    ).toThrow(/SECRET_KEY/);
    for (const size of ['32', '32mb', '0MB', '-1MB', '32 MB', '1TB']) {
      expect(() => parseEnv({ EMBEDDED_SHARED_BUFFERS: size, DATA_DIR: t.dataDir })).toThrow(
        /^Invalid environment variable EMBEDDED_SHARED_BUFFERS: must be a size such as 32MB/,
      );
    }
    expect(parseEnv({ DATA_DIR: t.dataDir }).embeddedSharedBuffers).toBe('32MB');
    expect(parseEnv({ EMBEDDED_SHARED_BUFFERS: '256MB', DATA_DIR: t.dataDir }).embeddedSharedBuffers).toBe('256MB');
  });

  it('persists a generated secret key so restarts keep sessions', () => {
    const dir = path.join(t.dataDir, 'secret-test');
    const first = parseEnv({ DATA_DIR: dir }).secretKey;
    expect(parseEnv({ DATA_DIR: dir }).secretKey).toBe(first);
    expect(parseEnv({ DATA_DIR: dir, SECRET_KEY: 'k'.repeat(40) }).secretKey).toBe('k'.repeat(40));
  });

  it('the server exits 1 with the message on a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      // Generous: tsx compiles the server first, which took over 30 s on a loaded 2-core machine.
      timeout: 150_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid environment variable PORT:');
  }, 180_000);
});
