import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../config/paths';
import { openPostgres, STARTUP_LOCK_KEY } from './client';

/**
 * Servers starting together on one PostgreSQL migrate once (decision 046). Runs on TEST_DATABASE_URL, or
 * on the local PostgreSQL when it answers (skipped only when neither is there, as the Redis tests are).
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `rd_test_lock_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
let reachable = false;

async function admin<T>(work: (client: pg.Client) => Promise<T>, connectionString = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  try {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    reachable = true;
  } catch (error) {
    if (process.env.TEST_DATABASE_URL) throw error;
  }
});

afterAll(async () => {
  if (!reachable) return;
  await admin(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
  });
});

describe('the start-up lock on PostgreSQL', () => {
  it('two servers migrating a fresh database at once both succeed and apply each migration once', async (context) => {
    if (!reachable) return context.skip('no PostgreSQL on 127.0.0.1:5432 and TEST_DATABASE_URL unset');
    const [first, second] = [openPostgres(url), openPostgres(url)];
    try {
      await Promise.all([first.migrate(), second.migrate()]);
      const journal = JSON.parse(readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      };
      const on = (query: string) => admin((client) => client.query(query), url);
      // drizzle's own bookkeeping table: one row per applied migration.
      const rows = await on('select hash, count(*)::text as n from drizzle.__drizzle_migrations group by hash');
      expect(rows.rows).toHaveLength(journal.entries.length);
      expect(rows.rows.every((row) => row.n === '1')).toBe(true);
      // Statistics were taken after migrating (the planner's row counts are known, decision 023).
      const users = await on("select reltuples from pg_class where relname = 'users'");
      expect(Number(users.rows[0]?.reltuples)).toBeGreaterThanOrEqual(0);
      // The lock is released afterwards: no session holds it.
      const held = await on(
        "select count(*)::text as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(held.rows[0]?.n).toBe('0');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('exclusive: a second holder waits until the first has finished', async (context) => {
    if (!reachable) return context.skip('no PostgreSQL on 127.0.0.1:5432 and TEST_DATABASE_URL unset');
    const database = openPostgres(url);
    const events: string[] = [];
    const low = Number(STARTUP_LOCK_KEY & 0xffffffffn);
    try {
      let second: Promise<void> | undefined;
      await database.exclusive(async () => {
        events.push('first in');
        second = database.exclusive(async () => {
          events.push('second in');
        });
        // Wait until PostgreSQL shows the second request queued behind the first (not granted).
        for (;;) {
          const waiting = await admin((client) =>
            client.query<{ n: string }>(
              "select count(*)::text as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted and database = (select oid from pg_database where datname = $2)",
              [low, name],
            ),
          );
          if (waiting.rows[0]?.n === '1') break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        events.push('first out');
      });
      await second;
      expect(events).toEqual(['first in', 'first out', 'second in']);
    } finally {
      await database.close();
    }
  });
});
