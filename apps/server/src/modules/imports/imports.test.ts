// Over 400 lines: the Import API end to end (permissions, each bad input, preview, duplicate policies, the job,
// undo, the report, the history, saved mappings) shares one app and its helpers.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql-helpers';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertPipeline } from '../../factories/pipelines.factory';
import { insertRole } from '../../factories/roles.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { HttpClient as Client } from '../../test/http-client';
import { importRunSettings } from './imports.service';

let t: TestApp;
let owner: HttpClient;
let superuser: HttpClient;
let recruiter: HttpClient;
let viewer: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'], firstName: 'Olive', lastName: 'Owner' }));
  superuser = await signedInClient(t, await insertUser(t.db, { userType: ['superuser'] }));
  recruiter = await signedInClient(t, await insertUser(t.db, { userType: ['recruiter'] }));
  viewer = await signedInClient(t, await insertUser(t.db, { userType: ['viewer'] }));
  await owner.request('PUT', '/api/settings/agency/', {
    body: { agency_name: 'Test Agency', currency: 'EUR', default_finders_fee_percent: 18, invoice_issuer: {} },
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  importRunSettings.batchSize = 500;
  importRunSettings.afterBatch = null;
  importRunSettings.beforeCommit = null;
});

/** Sends the import form as the browser does: multipart with the CSRF header. */
async function upload(
  client: HttpClient,
  options: { kind?: string | null; name?: string | null; content?: string | Uint8Array; csrf?: boolean } = {},
) {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  const form = new FormData();
  if (options.kind !== null) form.append('kind', options.kind ?? 'candidates');
  if (options.name !== null) {
    const content = options.content ?? 'First name,Last name\nAda,Lovelace\n';
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), options.name ?? 'people.csv');
  }
  const headers: Record<string, string> = { accept: 'application/json', cookie: client.cookieHeader() };
  if (options.csrf !== false) headers['x-csrftoken'] = client.cookies.get('csrftoken') ?? '';
  const response = await fetch(`${t.baseUrl}/api/imports/`, { method: 'POST', body: form, headers });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any, text };
}

const csv = (rows: string[][]) => rows.map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')).join('\n') + '\n';

const CANDIDATE_HEADERS = ['First name', 'Last name', 'Email', 'Phone', 'Current company', 'Skills', 'Hobby'];
const CANDIDATE_MAPPING = ['first_name', 'last_name', 'email', 'phone', 'current_company', 'skills', 'note'];

/** Uploads, starts with the mapping and policy, runs the job; returns the finished import. */
async function importFile(
  content: string,
  options: { kind?: string; mapping?: string[]; policy?: string; client?: HttpClient; name?: string } = {},
) {
  const client = options.client ?? owner;
  const uploaded = await upload(client, { kind: options.kind ?? 'candidates', content, name: options.name ?? 'people.csv' });
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.json.import.id as number;
  const started = await client.post(`/api/imports/${id}/start/`, {
    mapping: options.mapping ?? CANDIDATE_MAPPING,
    duplicate_policy: options.policy ?? 'skip',
  });
  expect(started.status, started.text).toBe(202);
  await t.app.deps.jobs.drain();
  const view = await client.get(`/api/imports/${id}/`);
  expect(view.status).toBe(200);
  return view.json.import;
}

const count = async (table: string, where = 'true') =>
  Number(rowsOf<{ n: number }>(await t.db.execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0]?.n);

let unique = 0;
const nextEmail = () => `person${++unique}.${Date.now().toString(36)}@example.test`;

describe('imports: who may', () => {
  it('lets owners and superusers upload; refuses recruiters and viewers (403), strangers (401) and a missing CSRF token', async () => {
    expect((await upload(owner)).status).toBe(201);
    expect((await upload(superuser)).status).toBe(201);
    expect((await upload(recruiter)).status).toBe(403);
    expect((await upload(viewer)).status).toBe(403);
    expect((await upload(new Client(t.baseUrl))).status).toBe(401);
    expect((await upload(owner, { csrf: false })).status).toBe(403);
    for (const path of ['/api/imports/', '/api/import-mappings/']) {
      expect((await recruiter.get(path)).status).toBe(403);
      expect((await viewer.get(path)).status).toBe(403);
      expect((await new Client(t.baseUrl).get(path)).status).toBe(401);
      expect((await owner.get(path)).status).toBe(200);
    }
    const id = (await upload(owner)).json.import.id;
    const body = { mapping: ['first_name', 'last_name'], duplicate_policy: 'skip' };
    expect((await recruiter.post(`/api/imports/${id}/preview/`, body)).status).toBe(403);
    expect((await recruiter.post(`/api/imports/${id}/start/`, body)).status).toBe(403);
    expect((await viewer.get(`/api/imports/${id}/`)).status).toBe(403);
    expect((await recruiter.post(`/api/imports/${id}/undo/`)).status).toBe(403);
    expect((await recruiter.get(`/api/imports/${id}/report.csv`)).status).toBe(403);
    expect((await owner.request('POST', `/api/imports/${id}/start/`, { body, csrf: false })).status).toBe(403);
  });
});

describe('imports: bad input', () => {
  it('refuses an unknown kind, a missing file, a file over 50 MB, and a kind an archive is not', async () => {
    const wrongKind = await upload(owner, { kind: 'invoices' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json.fields.kind).toBeDefined();
    const noKind = await upload(owner, { kind: null });
    expect(noKind.status).toBe(400);
    const noFile = await upload(owner, { name: null });
    expect(noFile).toMatchObject({ status: 400, json: { code: 'NO_FILE' } });
    const big = new Uint8Array(50 * 1024 * 1024 + 10).fill(0x61);
    const tooBig = await upload(owner, { content: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toMatchObject({ success: false, code: 'FILE_TOO_LARGE' });
    expect(tooBig.json.error).toMatch(/50 MB/);
    expect((await upload(owner, { kind: 'agency', name: 'agency.zip' })).status).toBe(400);
  });

  it('refuses a mapping that is not one target per column, maps a field twice, misses a required field or names an unknown one', async () => {
    const id = (await upload(owner, { content: csv([CANDIDATE_HEADERS, ['Ada', 'Lovelace', '', '', '', '', '']]) })).json.import.id;
    const attempt = (mapping: string[]) => owner.post(`/api/imports/${id}/preview/`, { mapping, duplicate_policy: 'skip' });
    for (const mapping of [
      ['first_name', 'last_name'],
      ['first_name', 'first_name', 'email', 'phone', 'current_company', 'skills', 'note'],
      ['email', 'ignore', 'ignore', 'ignore', 'ignore', 'ignore', 'note'],
      ['first_name', 'last_name', 'shoe_size', 'phone', 'current_company', 'skills', 'note'],
    ]) {
      const response = await attempt(mapping);
      expect(response.status, JSON.stringify(mapping)).toBe(400);
      expect(response.json.code).toBe('BAD_MAPPING');
      expect(response.json.fields.mapping.length).toBeGreaterThan(0);
    }
    expect((await owner.post(`/api/imports/${id}/start/`, { mapping: ['first_name'], duplicate_policy: 'skip' })).status).toBe(400);
    expect((await owner.post(`/api/imports/${id}/start/`, { mapping: CANDIDATE_MAPPING, duplicate_policy: 'merge' })).status).toBe(400);
    expect((await owner.get('/api/imports/999999/')).status).toBe(404);
  });

  it('starts an import once: the second start is 409 and queues no second job', async () => {
    const id = (await upload(owner)).json.import.id;
    const body = { mapping: ['first_name', 'last_name'], duplicate_policy: 'skip' };
    const first = await owner.post(`/api/imports/${id}/start/`, body);
    expect(first.status).toBe(202);
    expect(first.json.import.status).toBe('queued');
    const second = await owner.post(`/api/imports/${id}/start/`, body);
    expect(second).toMatchObject({ status: 409, json: { code: 'ALREADY_STARTED' } });
    expect(await count('jobs', `kind = 'imports.run' and payload->>'importId' = '${id}'`)).toBe(1);
    await t.app.deps.jobs.drain();
  });
});
