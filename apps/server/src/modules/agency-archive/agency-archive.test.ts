import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCandidate } from '../../factories/candidates.factory';
import { insertClient } from '../../factories/clients.factory';
import { insertUser } from '../../factories/users.factory';
import { rowsOf } from '../../db/sql-helpers';
import { download, runJobs, tableChecksum, uploadArchive } from '../../test/agency-archive';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import type { UserRow } from '../users/users.service';

// Exports and the agency archive's import through real HTTP: who may, the one-time link, and every way an
// archive is refused before anything is written (the round trip itself: agency-round-trip.test.ts).

let source: TestApp;
let target: TestApp;
let owner: HttpClient;
let ownerRow: UserRow;
let archive: Buffer;
const clients: Record<'superuser' | 'recruiter' | 'viewer', HttpClient> = {} as never;

beforeAll(async () => {
  source = await buildTestApp();
  target = await buildTestApp();
  ownerRow = await insertUser(source.db, { userType: ['owner'] });
  owner = await signedInClient(source, ownerRow);
  for (const type of ['superuser', 'recruiter', 'viewer'] as const)
    clients[type] = await signedInClient(source, await insertUser(source.db, { userType: [type] }));
  const client = await insertClient(source.db, { name: 'Archive Test Client' });
  await insertCandidate(source.db, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' });
  expect(client.id).toBeGreaterThan(0);
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

/** A fresh owner on the (empty) target, signed in. */
async function targetOwner(): Promise<{ client: HttpClient; row: UserRow }> {
  await target.db.execute(sql`DELETE FROM users`);
  const row = await insertUser(target.db, { userType: ['owner'] });
  return { client: await signedInClient(target, row), row };
}

/** The import's job after it ran: its state and error. */
async function importOutcome(client: HttpClient, bytes: Buffer) {
  const queued = await uploadArchive(client, bytes);
  if (queued.status !== 201) return { status: queued.status, code: queued.json?.code as string | undefined };
  await runJobs(target);
  const done = (await client.get(`/api/imports/${queued.json.import.id}/`)).json.import;
  return { status: queued.status, state: done.status as string, error: done.error as string | null };
}

async function rezip(bytes: Buffer, change: (zip: JSZip) => Promise<void> | void): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  await change(zip);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('agency exports', { timeout: 120_000 }, () => {
  it('are for the owner only: superusers, recruiters and viewers get 403, the route and the list alike', async () => {
    for (const client of Object.values(clients)) {
      expect((await client.post('/api/exports/')).status).toBe(403);
      expect((await client.get('/api/exports/')).status).toBe(403);
      expect((await client.get('/api/exports/1/')).status).toBe(403);
    }
  });

  it('run as a job, then download once: a second download is refused with 410', async () => {
    const started = await owner.post('/api/exports/');
    expect(started.status).toBe(202);
    expect(started.json.export).toMatchObject({ state: 'queued', download_url: null });
    // One at a time.
    expect((await owner.post('/api/exports/')).json.code).toBe('EXPORT_RUNNING');
    await runJobs(source);
    const done = (await owner.get(`/api/exports/${started.json.export.id}/`)).json.export;
    expect(done).toMatchObject({ state: 'succeeded', downloaded_at: null, expired: false });
    expect(done.download_url).toMatch(/^\/api\/exports\/download\/[^/]+\/$/);
    expect(done.summary.rows).toBeGreaterThan(0);

    // The link is bound to the owner it was shown to: a superuser cannot use it.
    expect((await download(clients.superuser, done.download_url)).status).toBe(403);

    const first = await download(owner, done.download_url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/zip');
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="recruitdesk-export-/);
    archive = first.bytes;
    const zip = await JSZip.loadAsync(archive);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({ format: 'recruitdesk-agency-archive', format_version: 1 });
    const tables = manifest.tables.map((table: { name: string }) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'clients', 'candidates', 'activity']));
    for (const left of ['sessions', 'uploads', 'invitations', 'jobs', 'agency_exports'])
      expect(tables).not.toContain(left);
    const users = (await zip.file('tables/users.ndjson')!.async('string'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(users.find((user: { id: number }) => user.id === ownerRow.id)).toMatchObject({
      email: ownerRow.email,
      password_hash: expect.stringMatching(/^\$argon2id\$/),
    });

    const second = await download(owner, done.download_url);
    expect(second.status).toBe(410);
    const after = (await owner.get(`/api/exports/${started.json.export.id}/`)).json.export;
    expect(after).toMatchObject({ download_url: null, downloaded_at: expect.any(String) });
    const list = (await owner.get('/api/exports/')).json;
    expect(list.count).toBe(1);
    expect(list.exports[0]).toMatchObject({ id: started.json.export.id, state: 'succeeded' });
  });

  it('refuse a link whose signature was changed (404)', async () => {
    const forged = '/api/exports/download/eyJlIjoxLCJ1IjoxLCJleHAiOjQxMDI0NDQ4MDB9.forged/';
    expect((await download(owner, forged)).status).toBe(404);
  });
});

describe('importing an agency archive', { timeout: 120_000 }, () => {
  it('is for the owner only: a superuser gets 403', async () => {
    const superuser = await signedInClient(target, await insertUser(target.db, { userType: ['superuser'] }));
    expect((await uploadArchive(superuser, archive)).status).toBe(403);
  });

  it('is refused with 409 into a RecruitDesk that already holds records', async () => {
    const refused = await uploadArchive(owner, archive);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('TARGET_NOT_EMPTY');
  });

  it('refuses a tampered archive (a changed row) and writes nothing', async () => {
    const { client } = await targetOwner();
    const tampered = await rezip(archive, async (zip) => {
      const text = await zip.file('tables/candidates.ndjson')!.async('string');
      zip.file('tables/candidates.ndjson', text.replace('Lovelace', 'Lovelacf'));
    });
    const outcome = await importOutcome(client, tampered);
    expect(outcome).toMatchObject({ status: 201, state: 'failed' });
    expect(outcome.error).toMatch(/changed after it was exported/);
    expect((await tableChecksum(target.db, 'candidates')).rows).toBe(0);
    expect((await tableChecksum(target.db, 'clients')).rows).toBe(0);
    // The importing owner is still there and still signed in.
    expect((await client.get('/api/auth/profile/')).status).toBe(200);
  });

  it('refuses an archive with a path that leaves it (zip slip), an unknown version, or an extra file', async () => {
    const { client } = await targetOwner();
    const slip = await rezip(archive, (zip) => {
      zip.file('../../evil.txt', 'owned');
    });
    expect(await importOutcome(client, slip)).toMatchObject({ status: 400, code: 'ARCHIVE_UNSAFE_PATH' });
    const slipFile = await rezip(archive, (zip) => {
      zip.file('files/../../evil.txt', 'owned');
    });
    expect(await importOutcome(client, slipFile)).toMatchObject({ status: 400, code: 'ARCHIVE_UNSAFE_PATH' });
    const version = await rezip(archive, async (zip) => {
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
      zip.file('manifest.json', JSON.stringify({ ...manifest, format_version: 2 }));
    });
    expect(await importOutcome(client, version)).toMatchObject({ status: 400, code: 'ARCHIVE_VERSION_UNSUPPORTED' });
    const extra = await rezip(archive, (zip) => {
      zip.file('tables/extra.ndjson', '{}\n');
    });
    expect(await importOutcome(client, extra)).toMatchObject({ status: 400, code: 'ARCHIVE_UNEXPECTED_ENTRY' });
    const notZip = Buffer.from('id,name\n1,Ada\n');
    expect(await importOutcome(client, notZip)).toMatchObject({ status: 400, code: 'ARCHIVE_UNREADABLE' });
    expect((await tableChecksum(target.db, 'clients')).rows).toBe(0);
  });

  it('imports an untouched archive into an empty RecruitDesk', async () => {
    const { client } = await targetOwner();
    // Through the imports route, kind `agency` (the imports module hands it over, decision 008).
    const queued = await uploadArchive(client, archive, '/api/imports/');
    expect(queued.status).toBe(201);
    expect(queued.json.import).toMatchObject({ kind: 'agency', format: 'zip', status: 'queued' });
    await runJobs(target);
    const names = rowsOf<{ name: string }>(await target.db.execute(sql`SELECT name FROM clients`));
    expect(names.map((row) => row.name)).toEqual(['Archive Test Client']);
  });
});
