/**
 * kill -9 of the app server in the middle of a stream of acknowledged writes, on the embedded database
 * and on PostgreSQL: after a restart every write that got a 2xx is there, and nothing is half-written
 * (each candidate has its "created" activity row, in the same transaction, and no row lacks its partner).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import { HttpClient } from '../../src/test/http-client';
import { signedInOwner, startServer, tempDir, type ServerProcess } from './harness';

const WRITERS = 4;
/** Acknowledged writes before the kill; the stream goes on while the process dies. */
const ACKED_BEFORE_KILL = 40;

interface Stream {
  acked: Map<number, string>;
  /** Sent and never answered: each may or may not have committed. */
  unanswered: string[];
  refused: { status: number; text: string }[];
}

/** Writers that create candidates until the server stops answering. */
function writeUntilDeath(client: HttpClient, onAck: (count: number) => void): { done: Promise<void>; stream: Stream } {
  const stream: Stream = { acked: new Map(), unanswered: [], refused: [] };
  const writer = async (w: number) => {
    for (let i = 0; ; i++) {
      const lastName = `Crash-${w}-${i}`;
      let response;
      try {
        response = await client.post('/api/candidates/', { first_name: 'Fault', last_name: lastName });
      } catch {
        stream.unanswered.push(lastName);
        return;
      }
      if (response.status === 201 || response.status === 200) {
        stream.acked.set(Number(response.json.candidate.id), lastName);
        onAck(stream.acked.size);
      } else {
        stream.refused.push({ status: response.status, text: response.text.slice(0, 300) });
        return;
      }
    }
  };
  return { done: Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w))).then(() => {}), stream };
}

async function crashDuringWrites(server: ServerProcess): Promise<{ stream: Stream; client: HttpClient }> {
  const client = await signedInOwner(server.baseUrl);
  let killing: Promise<void> | undefined;
  const { done, stream } = writeUntilDeath(client, (count) => {
    if (count >= ACKED_BEFORE_KILL && !killing) killing = server.kill9();
  });
  await done;
  await killing;
  const ended = await server.exited;
  expect(ended.signal).toBe('SIGKILL');
  expect(stream.refused).toEqual([]);
  expect(stream.acked.size).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
  return { stream, client };
}

/** What a restarted server answers: every acknowledged candidate, by id, with its name. */
async function expectAckedReadable(client: HttpClient, stream: Stream) {
  for (const [id, lastName] of stream.acked) {
    const response = await client.get(`/api/candidates/${id}/`);
    expect(response.status, `candidate ${id} (${lastName}) after the restart`).toBe(200);
    expect(response.json.candidate.last_name).toBe(lastName);
  }
  // And the restarted server takes writes again.
  expect((await client.post('/api/candidates/', { first_name: 'Fault', last_name: 'After-restart' })).status).toBe(201);
}

/** A client with the same cookies (session and CSRF) talking to another server process. */
function sameCookies(client: HttpClient, baseUrl: string): HttpClient {
  const copy = new HttpClient(baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Counted in the database itself once the server is stopped. */
async function expectNothingHalfWritten(query: Query, stream: Stream) {
  const { rows: candidates } = await query(`select id, last_name from candidates where last_name like 'Crash-%'`);
  const stored = new Map(candidates.map((row) => [Number(row.id), String(row.last_name)]));
  for (const [id, lastName] of stream.acked) expect(stored.get(id), `acknowledged candidate ${id}`).toBe(lastName);
  // Every stored candidate was either acknowledged or in flight when the process died.
  const inFlight = new Set(stream.unanswered);
  const acked = new Set(stream.acked.values());
  for (const lastName of stored.values()) expect(acked.has(lastName) || inFlight.has(lastName), lastName).toBe(true);
  expect(stored.size).toBeGreaterThanOrEqual(stream.acked.size);
  expect(stored.size).toBeLessThanOrEqual(stream.acked.size + stream.unanswered.length);
  // The candidate and its activity row commit together: no candidate without it, no row without a candidate.
  const { rows: orphans } = await query(`
    select 'candidate without activity' as kind, c.id from candidates c
      where c.last_name like 'Crash-%'
        and not exists (select 1 from activity a where a.model_type = 'candidate' and a.verb = 'created' and a.object_id = c.id)
    union all
    select 'activity without candidate', a.object_id from activity a
      where a.model_type = 'candidate' and a.verb = 'created' and a.summary like '%Crash-%'
        and not exists (select 1 from candidates c where c.id = a.object_id)`);
  expect(orphans).toEqual([]);
}

describe('kill -9 during acknowledged writes', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('loses no acknowledged write on the embedded database (PGlite)', async () => {
    const dataDir = tempDir('crash-pglite');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startServer({ dataDir });
    cleanups.push(() => first.kill9());
    const { stream, client } = await crashDuringWrites(first);

    const second = await startServer({ dataDir });
    cleanups.push(() => second.stop());
    // The session made before the crash is still valid: sessions are rows like any other write.
    const again = sameCookies(client, second.baseUrl);
    await expectAckedReadable(again, stream);
    await second.stop();

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      await expectNothingHalfWritten(async (text) => {
        const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
        return { rows: result.rows };
      }, stream);
    } finally {
      await database.close();
    }
  });

  it('loses no acknowledged write on PostgreSQL', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const created = await createPostgresDatabase(adminUrl);
    cleanups.push(() => created.drop());
    const dataDir = tempDir('crash-pg');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: created.url, SECRET_KEY: 'fault-test-secret-key-0123456789abcdef' };
    const first = await startServer({ dataDir, env });
    cleanups.push(() => first.kill9());
    const { stream, client } = await crashDuringWrites(first);

    const second = await startServer({ dataDir, env });
    cleanups.push(() => second.stop());
    const again = sameCookies(client, second.baseUrl);
    await expectAckedReadable(again, stream);
    await second.stop();

    const db = new pg.Client({ connectionString: created.url });
    await db.connect();
    try {
      await expectNothingHalfWritten((text) => db.query(text), stream);
    } finally {
      await db.end();
    }
  });
});
