import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertGeneratedCandidates } from '../test/generated-candidates';
import { insertUser } from '../factories/users.factory';
import { signedInClient } from '../test/sign-in';
import { COMPRESS_THRESHOLD } from './compression';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain HTTP GET that neither asks for nor undoes any encoding (fetch would do both). */
function rawGet(baseUrl: string, pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  return response.body.toString();
}

const varyTokens = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((token) => token.trim());

describe('built assets: the pre-compressed copies by Accept-Encoding, cached by kind', () => {
  let t: TestApp;
  const script = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const indexHtml = `<!doctype html><html lang="en"><head><title>RecruitDesk SPA</title></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    // What `vite build` leaves in dist/ (apps/web/build/precompress.ts writes the .br and .gz copies).
    const webDir = path.join(process.env.TMPDIR ?? '/tmp', `rd-web-${process.pid}-${Date.now()}`);
    mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    const files: Record<string, string> = {
      'index.html': indexHtml,
      'assets/index-abc123.js': script,
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(webDir, name), text);
      writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends brotli to browsers that accept it, gzip to those that accept only gzip, the file itself to the rest', async () => {
    const asset = '/assets/index-abc123.js';
    const br = await rawGet(t.baseUrl, asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(decoded(br)).toBe(script);

    const gzip = await rawGet(t.baseUrl, asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script);

    const refused = await rawGet(t.baseUrl, asset, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const identity = await rawGet(t.baseUrl, asset);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(script);

    // Every variant says it depends on Accept-Encoding, so a shared cache never mixes them up.
    for (const response of [br, gzip, refused, identity]) {
      expect(varyTokens(response)).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html, directly or as any client route, is compressed and revalidated on every load', async () => {
    for (const page of ['/', '/dashboard', '/candidates?page=2']) {
      const response = await rawGet(t.baseUrl, page, {
        accept: 'text/html',
        'accept-encoding': 'br, gzip',
      });
      expect(response.status, page).toBe(200);
      expect(response.headers['content-encoding'], page).toBe('br');
      expect(response.headers['content-type'], page).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], page).toBe('no-cache');
      expect(varyTokens(response), page).toContain('accept-encoding');
      expect(decoded(response), page).toBe(indexHtml);
    }
    const plain = await rawGet(t.baseUrl, '/dashboard', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(indexHtml);
  });

  it('a small file without copies goes out as it is', async () => {
    const response = await rawGet(t.baseUrl, '/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString()).toContain('<svg');
  });
});

describe('API responses: JSON compressed above the threshold, stored files as they are', () => {
  let t: TestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await insertUser(t.db, { userType: ['owner'] });
    await insertGeneratedCandidates(t.db, 20);
    cookie = (await signedInClient(t, owner)).cookieHeader();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compresses a JSON list above the threshold by Accept-Encoding and keeps the API headers', async () => {
    const list = '/api/candidates/?page_size=20';
    const plain = await rawGet(t.baseUrl, list, { cookie, accept: 'application/json' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const json = JSON.parse(plain.body.toString());
    expect(json.results).toHaveLength(20);

    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await rawGet(t.baseUrl, list, {
        cookie,
        accept: 'application/json',
        'accept-encoding': accept,
      });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varyTokens(response)).toContain('accept-encoding');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      // The API's own headers survive: no-store and the request id.
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(Number(response.headers['content-length'] ?? response.body.length)).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(json);
    }
  });

  it('leaves JSON below the threshold and error answers below it uncompressed', async () => {
    const small = await rawGet(t.baseUrl, '/api/auth/status/', {
      cookie,
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ authenticated: true });

    const anonymous = await rawGet(t.baseUrl, '/api/candidates/', {
      accept: 'application/json',
      'accept-encoding': 'br, gzip',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-encoding']).toBeUndefined();
  });

  it('sends a stored file byte for byte with its length, whatever the browser accepts', async () => {
    const owner = await insertUser(t.db, { userType: ['owner'] });
    const text = 'Resume of a candidate. '.repeat(200);
    const key = `compression/${owner.id}/resume.txt`;
    const storage = t.app.deps.storage;
    await storage.write(key, Buffer.from(text), 'text/plain');
    const link = await storage.createDownloadUrl({
      key,
      userId: owner.id,
      disposition: 'attachment',
      contentType: 'text/plain',
      expiresInSeconds: 600,
    });
    const ownerCookie = (await signedInClient(t, owner)).cookieHeader();
    const response = await rawGet(t.baseUrl, new URL(link, t.baseUrl).pathname, {
      cookie: ownerCookie,
      'accept-encoding': 'br, gzip',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(text.length));
    expect(response.body.toString()).toBe(text);
  });
});
