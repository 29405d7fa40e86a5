import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql-helpers';
import type { TestApp } from './build-test-app';
import type { HttpClient } from './http-client';

// Test support for the agency export and its import (modules/agency-archive): binary downloads, multipart
// uploads and a checksum of a whole table.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function csrf(client: HttpClient): Promise<string> {
  if (!client.cookies.has('csrftoken')) await client.get('/api/auth/csrf-token/');
  return client.cookies.get('csrftoken') ?? '';
}

/** A GET whose body is bytes (the export's ZIP). */
export async function download(
  client: HttpClient,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { cookie: client.cookieHeader() } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** `POST /api/imports/agency/` with the archive as the multipart field `file`. */
export async function uploadArchive(client: HttpClient, bytes: Buffer, path = '/api/imports/agency/') {
  const form = new FormData();
  form.append('kind', 'agency');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'agency.zip');
  const token = await csrf(client);
  const response = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    body: form,
    headers: { cookie: client.cookieHeader(), 'x-csrftoken': token, accept: 'application/json' },
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any };
}

/** Every ordinary table of the test database. */
export async function tableNames(db: Db): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY 1`,
    ),
  ).map((row) => row.name);
}

/** A table's row count and an md5 of all its rows (every column, in a fixed order), with an optional filter. */
export async function tableChecksum(db: Db, table: string, where = sql`TRUE`): Promise<{ rows: number; md5: string }> {
  const [row] = rowsOf<{ rows: number; md5: string }>(
    await db.execute(
      sql`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS md5 FROM ${sql.identifier(table)} t WHERE ${where}`,
    ),
  );
  return row ?? { rows: 0, md5: '' };
}

/** Runs the jobs due (the export or the import) in this process. */
export const runJobs = (t: TestApp) => t.app.deps.jobs.drain();
