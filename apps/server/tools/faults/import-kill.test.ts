/**
 * kill -9 of the app server in the middle of an import (issue 31, decision 093), on the embedded database and
 * on PostgreSQL: after a restart the job resumes from its checkpoint once the dead worker's lease ends, and the
 * import finishes with exact counts: every row once, none twice, and no half row (each imported candidate has
 * its note and its undo record, written in the same batch transaction).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import { HttpClient } from '../../src/test/http-client';
import { eventually, signedInOwner, startServer, tempDir, type ServerProcess } from './harness';

const ROWS = 3_000;
/** Every 50th row has a bad email: refused, with a line in the report. */
const REFUSED = ROWS / 50;

function importCsv(): string {
  const lines = ['First name,Last name,Email,Hobby'];
  for (let i = 0; i < ROWS; i += 1)
    lines.push(`Kill,Import${i},${i % 50 === 49 ? `broken-${i}` : `kill.import${i}@faults.test`},hobby ${i}`);
  return `${lines.join('\n')}\n`;
}

async function uploadAndStart(client: HttpClient): Promise<number> {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  const form = new FormData();
  form.append('kind', 'candidates');
  form.append('file', new Blob([importCsv()]), 'kill.csv');
  const response = await fetch(`${client.baseUrl}/api/imports/`, {
    method: 'POST',
    body: form,
    headers: {
      accept: 'application/json',
      cookie: client.cookieHeader(),
      'x-csrftoken': client.cookies.get('csrftoken') ?? '',
    },
  });
  const body = (await response.json()) as { import: { id: number } };
  expect(response.status).toBe(201);
  const id = body.import.id;
  const started = await client.post(`/api/imports/${id}/start/`, {
    mapping: ['first_name', 'last_name', 'email', 'note'],
    duplicate_policy: 'skip',
  });
  expect(started.status, started.text).toBe(202);
  return id;
}

/** Kills the server once some batches have committed and some are left. */
async function killMidImport(server: ServerProcess, client: HttpClient, id: number): Promise<number> {
  const done = await eventually(
    async () => {
      const view = (await client.get(`/api/imports/${id}/`)).json.import as { progress: { done: number } };
      if (view.progress.done === 0) throw new Error('no batch yet');
      return view.progress.done;
    },
    120_000,
    50,
  );
  await server.kill9();
  expect(done).toBeLessThan(ROWS);
  return done;
}

function sameCookies(client: HttpClient, baseUrl: string): HttpClient {
  const copy = new HttpClient(baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function expectFinished(client: HttpClient, id: number) {
  const view = await eventually(
    async () => {
      const current = (await client.get(`/api/imports/${id}/`)).json.import;
      if (current.status !== 'succeeded') throw new Error(`still ${current.status} at ${current.progress.done}`);
      return current;
    },
    420_000,
    500,
  );
  expect(view.counts).toEqual({ created: ROWS - REFUSED, updated: 0, skipped: 0, refused: REFUSED });
  expect(view.progress).toMatchObject({ done: ROWS, total: ROWS });
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function expectExactlyOnce(query: Query, id: number) {
  const one = async (text: string) => Number((await query(text)).rows[0]?.n);
  expect(await one(`select count(*)::int as n from candidates where first_name = 'Kill'`)).toBe(ROWS - REFUSED);
  expect(await one(`select count(distinct lower(email))::int as n from candidates where first_name = 'Kill'`)).toBe(
    ROWS - REFUSED,
  );
  expect(await one(`select count(*)::int as n from import_row_results where import_id = ${id}`)).toBe(REFUSED);
  // No half row: each candidate has its note and its undo record, and nothing else has one.
  expect(
    await one(`select count(*)::int as n from candidates c where c.first_name = 'Kill' and (
      (select count(*) from notes n where n.model_type = 'candidate' and n.object_id = c.id) <> 1
      or not exists (select 1 from import_changes ic where ic.import_id = ${id} and ic.entity_id = c.id))`),
  ).toBe(0);
  expect(await one(`select count(*)::int as n from import_changes where import_id = ${id}`)).toBe(ROWS - REFUSED);
  expect(await one(`select count(*)::int as n from notes where body like 'Imported from kill.csv:%hobby %'`)).toBe(
    ROWS - REFUSED,
  );
}

describe('kill -9 during an import', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Generous: two server starts, the dead worker's 60 s lease, and the rows on a loaded machine.
  it('resumes after a restart with exact counts on the embedded database (PGlite)', { timeout: 900_000 }, async () => {
    const dataDir = tempDir('import-kill-pglite');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startServer({ dataDir });
    cleanups.push(() => first.kill9());
    const client = await signedInOwner(first.baseUrl);
    const id = await uploadAndStart(client);
    await killMidImport(first, client, id);

    const second = await startServer({ dataDir });
    cleanups.push(() => second.stop());
    await expectFinished(sameCookies(client, second.baseUrl), id);
    await second.stop();

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      await expectExactlyOnce(async (text) => {
        const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
        return { rows: result.rows };
      }, id);
    } finally {
      await database.close();
    }
  });

  it('resumes after a restart with exact counts on PostgreSQL', { timeout: 900_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const created = await createPostgresDatabase(adminUrl);
    cleanups.push(() => created.drop());
    const dataDir = tempDir('import-kill-pg');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: created.url, SECRET_KEY: 'fault-test-secret-key-0123456789abcdef' };
    const first = await startServer({ dataDir, env });
    cleanups.push(() => first.kill9());
    const client = await signedInOwner(first.baseUrl);
    const id = await uploadAndStart(client);
    await killMidImport(first, client, id);

    // Without the first server's local copy: the restarted job fetches the file from the storage.
    rmSync(path.join(dataDir, 'imports'), { recursive: true, force: true });
    const second = await startServer({ dataDir, env });
    cleanups.push(() => second.stop());
    await expectFinished(sameCookies(client, second.baseUrl), id);
    await second.stop();

    const db = new pg.Client({ connectionString: created.url });
    await db.connect();
    try {
      await expectExactlyOnce((text) => db.query(text), id);
    } finally {
      await db.end();
    }
  });
});
