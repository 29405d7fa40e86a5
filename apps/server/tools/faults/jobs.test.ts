/**
 * kill -9 of the app server in the middle of a long background job (the job runner, decision 091), on the
 * embedded database and on PostgreSQL: after a restart the job's lease runs out, the restarted server
 * claims it again and it completes exactly once. The slow job kind is the test-only one server.ts
 * registers when RECRUITDESK_TEST_JOB_KINDS=1 (src/lib/jobs/test-kinds.ts); it logs each start and finish
 * to DATA_DIR/test-jobs.log.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { SLOW_TEST_JOB_KIND, TEST_JOB_LOG } from '../../src/lib/jobs/test-kinds';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import { eventually, sleep, startServer, tempDir, type ServerProcess } from './harness';

const STEPS = 40;
const JOB_ENV = {
  RECRUITDESK_TEST_JOB_KINDS: '1',
  RECRUITDESK_TEST_JOB_LEASE_MS: '2000',
  RECRUITDESK_TEST_JOB_STEPS: String(STEPS),
  RECRUITDESK_TEST_JOB_STEP_MS: '250',
  JOBS_POLL_MS: '200',
};

const jobLog = (dataDir: string) =>
  existsSync(path.join(dataDir, TEST_JOB_LOG))
    ? readFileSync(path.join(dataDir, TEST_JOB_LOG), 'utf8').trim().split('\n').filter(Boolean)
    : [];

/** Starts a server, waits until its slow job is well under way, then kills it with SIGKILL. */
async function killDuringJob(dataDir: string, env: Record<string, string>): Promise<void> {
  const first = await startServer({ dataDir, env: { ...env, ...JOB_ENV } });
  try {
    await eventually(async () => expect(jobLog(dataDir)).toHaveLength(1), 60_000, 100);
    await sleep(2000); // some 8 of its 40 steps
    expect(jobLog(dataDir)).toHaveLength(1);
  } finally {
    await first.kill9();
  }
  expect((await first.exited).signal).toBe('SIGKILL');
}

/** Restarts and waits until the job has finished; the log must show one unfinished and one finished run. */
async function restartUntilDone(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const second = await startServer({ dataDir, env: { ...env, ...JOB_ENV } });
  await eventually(
    async () => expect(jobLog(dataDir).filter((line) => line.startsWith('done'))).toHaveLength(1),
    120_000,
    200,
  );
  // And it does not run again.
  await sleep(3000);
  await second.stop();
  const [start1, start2, done, ...rest] = jobLog(dataDir);
  const id = start1?.split(' ')[1];
  expect([start1, start2, done, ...rest]).toEqual([`start ${id} 1`, `start ${id} 2`, `done ${id} 2`]);
  return second;
}

function expectJobRows(rows: Record<string, unknown>[]) {
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    state: 'succeeded',
    attempts: 2,
    progress_done: STEPS,
    locked_by: null,
    error: null,
  });
}

const JOB_QUERY = `select state, attempts, progress_done, locked_by, error from jobs where kind = '${SLOW_TEST_JOB_KIND}'`;

describe('kill -9 during a background job', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('completes the job exactly once after a restart on the embedded database (PGlite)', async () => {
    const dataDir = tempDir('jobs-pglite');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killDuringJob(dataDir, {});
    await restartUntilDone(dataDir, {});

    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      const result = (await database.db.execute(sql.raw(JOB_QUERY))) as unknown as { rows: Record<string, unknown>[] };
      expectJobRows(result.rows);
    } finally {
      await database.close();
    }
  });

  it('completes the job exactly once after a restart on PostgreSQL', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const created = await createPostgresDatabase(adminUrl);
    cleanups.push(() => created.drop());
    const dataDir = tempDir('jobs-pg');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: created.url, SECRET_KEY: 'fault-test-secret-key-0123456789abcdef' };
    await killDuringJob(dataDir, env);
    await restartUntilDone(dataDir, env);

    const db = new pg.Client({ connectionString: created.url });
    await db.connect();
    try {
      expectJobRows((await db.query(JOB_QUERY)).rows);
    } finally {
      await db.end();
    }
  });
});
