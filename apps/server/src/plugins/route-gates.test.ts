import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertUser } from '../factories/users.factory';
import type { HttpClient } from '../test/http-client';
import { signedInClient } from '../test/sign-in';

let t: TestApp;
let owner: HttpClient;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  await owner.get('/api/auth/csrf-token/');
});
afterAll(async () => {
  await t?.close();
});

type Answer = { status: number; cacheControl: string | undefined; body: string };

/** A raw request; fetch would normalise the path (dot segments), which is exactly what must be tested. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const url = new URL(t.baseUrl);
  const bodyHeaders: Record<string, string> = body
    ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
    : {};
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { accept: 'application/json', ...headers, ...bodyHeaders },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cacheControl: response.headers['cache-control'], body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Spellings of the same /api path that a router may decode, fold or refuse. */
const variants: Array<[string, (path: string) => string]> = [
  ['percent-encoded a', (p) => p.replace(/^\/api\//, '/%61pi/')],
  ['percent-encoded i', (p) => p.replace(/^\/api\//, '/ap%69/')],
  ['double-encoded', (p) => p.replace(/^\/api\//, '/%2561pi/')],
  ['upper case', (p) => p.replace(/^\/api\//, '/API/')],
  ['doubled slash', (p) => `/${p}`],
  ['dot segment', (p) => p.replace(/^\/api\//, '/api/./')],
  ['encoded dot-dot', (p) => p.replace(/^\/api\//, '/api/%2e%2e/api/')],
  ['dot-dot', (p) => p.replace(/^\/api\/([^/]+)\//, '/api/$1/../$1/')],
  ['encoded slash', (p) => p.replace(/^\/api\/([^/]+)\//, '/api/$1%2f')],
];

const probes: Array<{ name: string; send: (path: string) => Promise<Answer>; path: string; expected: number }> = [
  {
    name: 'sign-out with a session and no CSRF token',
    path: '/api/auth/logout/',
    send: (path) => raw('POST', path, { cookie: owner.cookieHeader() }),
    expected: 403,
  },
  {
    name: 'sign-in without a CSRF token (a public route)',
    path: '/api/auth/login/',
    send: (path) =>
      raw('POST', path, {}, JSON.stringify({ email: 'someone@example.test', password: 'whatever-password' })),
    expected: 403,
  },
  {
    name: 'a change from a foreign Origin with a valid token',
    path: '/api/profile/',
    send: (path) =>
      raw(
        'PATCH',
        path,
        {
          cookie: owner.cookieHeader(),
          'x-csrftoken': owner.cookies.get('csrftoken')!,
          origin: 'https://evil.example',
        },
        JSON.stringify({ theme: 'dark' }),
      ),
    expected: 403,
  },
  {
    name: 'the user list without a session',
    path: '/api/users/',
    send: (path) => raw('GET', path),
    expected: 401,
  },
  {
    name: 'the user list with a session (must be no-store)',
    path: '/api/users/',
    send: (path) => raw('GET', path, { cookie: owner.cookieHeader() }),
    expected: 200,
  },
];

describe('gates decide on the matched route, not the raw URL (security §6, §11)', () => {
  for (const probe of probes) {
    it(`${probe.name}: every spelling answers like the canonical path, or 404`, async () => {
      const canonical = await probe.send(probe.path);
      expect(canonical.status).toBe(probe.expected);
      expect(canonical.cacheControl).toBe('no-store');
      for (const [label, spell] of variants) {
        const path = spell(probe.path);
        expect(path, label).not.toBe(probe.path);
        const answer = await probe.send(path);
        if (answer.status === 404) {
          expect(JSON.parse(answer.body), `${label}: ${path}`).toEqual({ success: false, error: 'Not found.' });
          continue;
        }
        expect({ label, path, ...answer }).toEqual({ label, path, ...canonical });
      }
    });
  }

  it('the session survived every refused sign-out', async () => {
    expect((await owner.get('/api/auth/profile/')).status).toBe(200);
  });

  it('an unknown /api path with an HTML Accept header is a JSON 404, not the SPA page', async () => {
    for (const path of ['/API/nope/', '/%61pi/nope/', '//api/nope/']) {
      const answer = await raw('GET', path, { accept: 'text/html' });
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ success: false, error: 'Not found.' });
    }
  });
});
