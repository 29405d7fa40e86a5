/**
 * `npm run bench`: loads generated candidates into a fresh database (PGlite in memory, and PostgreSQL at
 * BENCH_DATABASE_URL in a database of its own) and prints p50/p95 server-side latency of the candidate
 * list (through app.inject, session cookie included) plus the PostgreSQL plan of the text search.
 *
 * BENCH_COUNT (default 100000) candidates on PostgreSQL; BENCH_PGLITE_COUNT (default 20000) on PGlite,
 * whose single-connection inserts with the trigram index run at ~1.6 ms a row (100k would take ~3 min).
 * BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1 leave one out.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { desc, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { parseEnv, type AppConfig } from '../config/env';
import { openPglite, openPostgres, type Database } from '../db/client';
import { generateCandidates } from '../modules/candidates/candidate-generator';
import { candidateListConditions, insertCandidateRows } from '../modules/candidates/candidates.repository';
import { candidatesTable } from '../modules/candidates/candidates.table';
import { createSession } from '../modules/sessions/sessions.service';
import { insertUser } from '../test/factories/users.factory';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const PGLITE_COUNT = Number(process.env.BENCH_PGLITE_COUNT ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const SEARCH = 'senior engineer python';
const print = (line: string) => void process.stdout.write(`${line}\n`);

const CASES: [string, string][] = [
  ['search (3 words)', `search=${encodeURIComponent(SEARCH)}`],
  ['search (1 rare word)', 'search=kowalski'],
  ['status=active', 'status=active'],
  ['skills=python,sql', 'skills=python&skills=sql'],
  ['experience=6-10', 'experience=6-10'],
  ['combined', `search=engineer&status=active&skills=aws&experience=3-5`],
  ['no filter, page 1', ''],
  ['no filter, page 50', 'page=50'],
];

interface Result {
  name: string;
  count: number;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rd_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    },
  };
}

async function load(database: Database, total: number): Promise<number> {
  const started = performance.now();
  const chunk = 10_000;
  for (let offset = 0; offset < total; offset += chunk) {
    await insertCandidateRows(database.db, generateCandidates(Math.min(chunk, total - offset), { seed: 1000 + offset, offset }));
  }
  return performance.now() - started;
}

async function measure(database: Database, dataDir: string): Promise<Result[]> {
  const config: AppConfig = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const app = await buildApp(config, { db: database.db });
  try {
    const user = await insertUser(database.db, { userType: ['viewer'] });
    const { token } = await createSession(database.db, { userId: user.id, rememberMe: false, ip: '127.0.0.1', userAgent: null, now: new Date() });
    const results: Result[] = [];
    for (const [name, query] of CASES) {
      const url = `/api/candidates/${query ? `?${query}` : ''}`;
      const times: number[] = [];
      let count = 0;
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, cookies: { sessionid: token } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) times.push(elapsed);
        count = (response.json() as { count: number }).count;
      }
      times.sort((a, b) => a - b);
      results.push({ name, count, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    return results;
  } finally {
    await app.close();
  }
}

async function explainSearch(url: string): Promise<string> {
  const database = openPostgres(url);
  const query = database.db
    .select({ id: candidatesTable.id, total: sql`count(*) over()` })
    .from(candidatesTable)
    .where(candidateListConditions({ search: SEARCH }))
    .orderBy(desc(candidatesTable.createdAt), desc(candidatesTable.id))
    .limit(10)
    .toSQL();
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${query.sql}`, query.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

function printTable(label: string, results: Result[]): void {
  print(`\n${label}`);
  print(`${'case'.padEnd(24)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const row of results) {
    print(`${row.name.padEnd(24)} ${String(row.count).padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)}`);
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
  print(`Candidate list bench: ${RUNS} runs per case after ${WARMUP} warm-up runs, latency through app.inject.`);
  try {
    if (process.env.BENCH_SKIP_PGLITE !== '1') {
      if (PGLITE_COUNT < 100_000) {
        print(`\nNOTE: PGlite loads ${PGLITE_COUNT.toLocaleString('en-US')} candidates, not 100,000: its inserts with the trigram index run at ~1.6 ms a row on one connection (100k ≈ 3 min). Set BENCH_PGLITE_COUNT=100000 for the full size.`);
      }
      const database = await openPglite();
      await database.migrate();
      const loadMs = await load(database, PGLITE_COUNT);
      print(`PGlite (in memory): loaded ${PGLITE_COUNT.toLocaleString('en-US')} candidates in ${(loadMs / 1000).toFixed(1)} s`);
      await database.db.execute(sql`ANALYZE candidates`);
      printTable(`PGlite, ${PGLITE_COUNT.toLocaleString('en-US')} candidates`, await measure(database, dataDir));
      await database.close();
    }
    if (process.env.BENCH_SKIP_POSTGRES !== '1') {
      const created = await createBenchDatabase();
      try {
        const database = openPostgres(created.url);
        await database.migrate();
        const loadMs = await load(database, PG_COUNT);
        print(`\nPostgreSQL: loaded ${PG_COUNT.toLocaleString('en-US')} candidates in ${(loadMs / 1000).toFixed(1)} s`);
        await database.db.execute(sql`VACUUM ANALYZE candidates`);
        const results = await measure(database, dataDir);
        await database.close();
        printTable(`PostgreSQL, ${PG_COUNT.toLocaleString('en-US')} candidates (target p95 < 50 ms)`, results);
        const slow = results.filter((row) => row.p95 >= 50);
        print(slow.length ? `Over target: ${slow.map((row) => row.name).join(', ')}` : 'Every case is under the 50 ms p95 target.');
        print(`\nEXPLAIN ANALYZE of the search "${SEARCH}" (page query) on PostgreSQL:\n${await explainSearch(created.url)}`);
      } finally {
        await created.drop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
