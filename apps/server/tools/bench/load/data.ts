/**
 * The load scripts' PostgreSQL database: the demo agency (the same seed the embedded database gets on
 * its first start; the server itself never puts the demo on PostgreSQL) plus generated candidates up to LOAD_CANDIDATES
 * (default 100,000; 90% with resume text, as the candidate bench), then ANALYZE as after any bulk load.
 * LOAD_KEEP_DB=1 reuses the database when it already holds that many candidates (a re-run starts in
 * seconds); otherwise it is dropped and made again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../src/app';
import { parseEnv } from '../../../src/config/env';
import { openPostgres } from '../../../src/db/client';
import { insertCandidates } from '../../../src/factories/candidates.factory';
import { generateCandidates } from '../../../src/modules/demo/candidate-generator';
import { seedOnStart } from '../../../src/modules/demo/demo.service';

export const LOAD_PASSWORD = 'load-demo-password-42';
export const LOAD_SECRET_KEY = 'load-test-secret-key-0123456789abcdef-0123456789';

const ADMIN_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function candidateCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM candidates');
    return Number(rows[0]?.count ?? 0);
  } catch {
    return -1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The number of connections to `name` (pg_stat_activity), excluding the asking one. */
export async function connectionCount(name: string): Promise<number> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return Number(rows[0]?.count ?? 0);
  });
}

export interface LoadDatabase {
  name: string;
  url: string;
  candidates: number;
}

export async function prepareDatabase(options: {
  name: string;
  candidates: number;
  log: (line: string) => void;
}): Promise<LoadDatabase> {
  const { name, log } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`LOAD_DB must be a plain database name, not ${name}`);
  const url = databaseUrl(name);
  if (process.env.LOAD_KEEP_DB === '1') {
    const existing = await candidateCount(url);
    if (existing >= options.candidates) {
      log(`Reusing database ${name} (${existing.toLocaleString('en-US')} candidates; LOAD_KEEP_DB=1).`);
      return { name, url, candidates: existing };
    }
  }
  await withAdmin(async (client) => {
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-load-seed-'));
  const database = openPostgres(url);
  try {
    log(`Database ${name}: migrations and the demo agency…`);
    await database.migrate();
    const config = parseEnv({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD: LOAD_PASSWORD,
      SECRET_KEY: LOAD_SECRET_KEY,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp(config, { db: database.db });
    try {
      // 'pglite': the demo's branch of the first start (on PostgreSQL the server creates no demo).
      const seed = await seedOnStart(app.deps, 'pglite');
      if (seed.kind !== 'demo-created') throw new Error(`the demo agency was not created (${seed.kind})`);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const demo = await candidateCount(url);
  const missing = Math.max(0, options.candidates - demo);
  log(`Generating ${missing.toLocaleString('en-US')} candidates (the demo has ${demo.toLocaleString('en-US')})…`);
  try {
    const started = Date.now();
    const chunk = 10_000;
    for (let offset = 0; offset < missing; offset += chunk) {
      // Numbers from 1,000,000 on: the generated emails never meet the demo's.
      await insertCandidates(
        database.db,
        generateCandidates(Math.min(chunk, missing - offset), {
          seed: 7000 + offset,
          offset: 1_000_000 + offset,
          resumeShare: 0.9,
        }),
      );
    }
    await database.analyze();
    log(
      `Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s, then ANALYZE (what the app does after a bulk load).`,
    );
  } finally {
    await database.close();
  }
  return { name, url, candidates: await candidateCount(url) };
}
