/**
 * `npm run bench`: loads generated candidates into a fresh database (PGlite in memory, and PostgreSQL at
 * BENCH_DATABASE_URL in a database of its own), 90% of them with 2–6 KB of realistic resume text, runs
 * ANALYZE, and prints p50/p95 server-side latency of the candidate list (through app.inject, session
 * cookie included) for text searches, each filter, combinations and unfiltered pages, then the
 * PostgreSQL plans (EXPLAIN ANALYZE, BUFFERS) of the page and count queries of the slowest cases.
 *
 * BENCH_COUNT (default 100000) candidates on PostgreSQL; BENCH_PGLITE_COUNT (default 20000) on PGlite
 * (one connection, ~4.5 ms a row with resumes: 100k takes ~8 minutes to load). BENCH_SKIP_PGLITE=1 /
 * BENCH_SKIP_POSTGRES=1 leave one out; BENCH_RUNS (default 60) runs per case; BENCH_EXPLAIN=all prints
 * every case's plans; BENCH_SHARED_BUFFERS (default EMBEDDED_SHARED_BUFFERS' 32MB) sizes PGlite's buffers,
 * BENCH_PGLITE_ON_DISK=1 puts its database in a directory (as the server's) instead of memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CandidateListQuerySchema } from '@recruitdesk/contracts/candidates';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { generateCandidates } from '../../src/modules/demo/candidate-generator';
import {
  candidateCountQuery,
  candidatePageQuery,
  candidateSearchTsquery,
  boundedWalkLimit,
  plannedSearch,
  SEARCH_GATHER_CAP,
  searchCountAndPageQuery,
  searchCountQuery,
  searchPageIdsQuery,
  searchPageJoinQuery,
  searchPageRowsQuery,
  searchPageStrategy,
  type CandidateListFilter,
} from '../../src/modules/candidates/candidate-list.repository';
import { skillSpellingCountsQuery } from '../../src/modules/candidates/candidates.repository';
import { candidatesTable } from '../../src/modules/candidates/candidates.table';
import { createSession } from '../../src/modules/sessions/sessions.service';
import { insertCandidates } from '../../src/factories/candidates.factory';
import { insertUser } from '../../src/factories/users.factory';
import { benchInvoices, formatInvoiceBench } from './invoices.bench';
import { benchPipelineBoard } from './pipeline-board.bench';
import { createBenchDatabase } from './bench-database';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const PGLITE_COUNT = Number(process.env.BENCH_PGLITE_COUNT ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
/** Share of candidates with a resume (2–6 KB of extracted text each, like real resumes). */
const RESUME_SHARE = 0.9;
const SEARCH = 'senior engineer python';
const print = (line: string) => void process.stdout.write(`${line}\n`);

/** The cases; `sample` is one loaded candidate (its email and phone are searched for). */
const casesFor = (sample: { email: string; phone: string }): [string, string][] => [
  ['search (3 words)', `search=${encodeURIComponent(SEARCH)}`],
  ['search (1 rare word)', 'search=kowalski'],
  ['search (resume-only rare)', 'search=vikajor'],
  ['search (common word)', 'search=experience'],
  ['search (prefix "kube")', 'search=kube'],
  ['search (2 letters "go")', 'search=go'],
  ['search (email)', `search=${encodeURIComponent(sample.email)}`],
  ['search (symbol "c++")', 'search=c%2B%2B'],
  ['search (phone digits)', `search=${encodeURIComponent(sample.phone.replace(/\D/g, '').slice(-10))}`],
  ['status=active', 'status=active'],
  ['skills=python,sql', 'skills=python&skills=sql'],
  ['experience=6-10', 'experience=6-10'],
  ['status=placed, page 20', 'status=placed&page=20'],
  ['status + skills', 'status=active&skills=python'],
  ['search + status', 'search=engineer&status=placed'],
  ['combined', `search=engineer&status=active&skills=aws&experience=3-5`],
  ['no filter, page 1', ''],
  ['no filter, page 50', 'page=50'],
];

interface Result {
  name: string;
  count: number;
  /** The count is the planner's estimate ("about"). */
  estimated?: boolean;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function load(database: Database, total: number): Promise<number> {
  const started = performance.now();
  const chunk = 10_000;
  for (let offset = 0; offset < total; offset += chunk) {
    await insertCandidates(
      database.db,
      generateCandidates(Math.min(chunk, total - offset), { seed: 1000 + offset, offset, resumeShare: RESUME_SHARE }),
    );
  }
  return performance.now() - started;
}

async function measure(database: Database, dataDir: string): Promise<{ results: Result[]; cases: [string, string][] }> {
  const config: AppConfig = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { db: database.db });
  try {
    const user = await insertUser(database.db, { userType: ['viewer'] });
    const { token } = await createSession(database.db, {
      userId: user.id,
      rememberMe: false,
      ip: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    });
    const results: Result[] = [];
    const [sample] = await database.db
      .select({ email: candidatesTable.email, phone: candidatesTable.phone })
      .from(candidatesTable)
      .orderBy(candidatesTable.id)
      .offset(4242)
      .limit(1);
    const cases = casesFor(sample ?? { email: 'nobody@example.test', phone: '' });
    for (const [name, query] of cases) {
      const url = `/api/candidates/${query ? `?${query}` : ''}`;
      const times: number[] = [];
      let count = 0;
      let estimated = false;
      for (let run = 0; run < WARMUP + RUNS; run += 1) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, cookies: { sessionid: token } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (run >= WARMUP) times.push(elapsed);
        const body = response.json() as { count: number; count_estimated?: boolean };
        count = body.count;
        estimated = body.count_estimated === true;
      }
      times.sort((a, b) => a - b);
      results.push({ name, count, estimated, p50: percentile(times, 50), p95: percentile(times, 95) });
    }
    results.push(
      ...(await measureSkillSuggestions(database, (url) =>
        app.inject({ method: 'GET', url, cookies: { sessionid: token } }),
      )),
    );
    return { results, cases };
  } finally {
    await app.close();
  }
}

/**
 * The skills filter's suggestions: reading the kept counts of every skill spelling (what a suggestion
 * costs when they are not cached: the first after start, a save, or a minute; decision 063) and the
 * endpoint as typing calls it (cached). `count` is the number of distinct spellings, then of suggestions.
 */
async function measureSkillSuggestions(
  database: Database,
  get: (url: string) => Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<Result[]> {
  const counted: number[] = [];
  let distinct = 0;
  for (let run = 0; run < 2 + Math.min(RUNS, 20); run += 1) {
    const started = performance.now();
    distinct = (await skillSpellingCountsQuery(database.db)).length;
    if (run >= 2) counted.push(performance.now() - started);
  }
  const typed: number[] = [];
  let suggestions = 0;
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    const url = `/api/candidates/skills/?q=${['p', 'py', 'pyt', 'kub', 'kubernets', 'sq'][run % 6]}`;
    const started = performance.now();
    const response = await get(url);
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (run >= WARMUP) typed.push(elapsed);
    suggestions = (response.json() as { skills: unknown[] }).skills.length;
  }
  counted.sort((a, b) => a - b);
  typed.sort((a, b) => a - b);
  return [
    {
      name: 'skills: read every skill count',
      count: distinct,
      p50: percentile(counted, 50),
      p95: percentile(counted, 95),
    },
    { name: 'skills: suggest (cached)', count: suggestions, p50: percentile(typed, 50), p95: percentile(typed, 95) },
  ];
}

/** The repository's filter for a case's query string, as the service builds it. */
function filterOf(query: string): CandidateListFilter {
  const parsed = CandidateListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return {
    search: parsed.search || undefined,
    status: parsed.status,
    skills: parsed.skills,
    experience: parsed.experience,
    ordering: parsed.ordering,
    limit: parsed.page_size,
    offset: (parsed.page - 1) * parsed.page_size,
  };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each case's queries as listCandidateRows runs them: without a search
 * the page and the count; with one, the plan `plannedSearch` picks, in a transaction with the same plan
 * hints: the bounded walk, the count and page from one statement, or the count and then the page of ids
 * (walk or collect); the joined page (and the count unless estimated) for other orderings.
 */
async function explainCases(url: string, cases: [string, string][]): Promise<string> {
  const database = openPostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: string[] = [];
  const explain = async (label: string, built: { sql: string; params: unknown[] }) => {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${built.sql}`,
      built.params,
    );
    out.push(`-- ${label}`, ...rows.map((row) => row['QUERY PLAN']), '');
  };
  try {
    for (const [name, query] of cases) {
      const filter = filterOf(query);
      const tsquery = candidateSearchTsquery(filter);
      if (!tsquery) {
        await explain(`${name}: page`, candidatePageQuery(database.db, filter).toSQL());
        await explain(`${name}: count`, candidateCountQuery(database.db, filter).toSQL());
        continue;
      }
      const planned = await plannedSearch(database.db, database.db, filter, tsquery);
      const label = `${name} (${planned.estimate} matches estimated${planned.estimateShown ? ', shown' : ''})`;
      await client.query('BEGIN');
      try {
        await client.query('SET LOCAL enable_seqscan = off');
        if (filter.ordering.replace(/^-/, '') !== 'created_at') {
          if (!planned.estimateShown) await explain(`${label}: count`, searchCountQuery(database.db, tsquery).toSQL());
          await explain(`${label}: page (joined)`, searchPageJoinQuery(database.db, tsquery, filter).toSQL());
        } else if (planned.plan === 'estimate') {
          const walkLimit = boundedWalkLimit({
            estimate: planned.estimate,
            rows: planned.rows,
            wanted: filter.offset + filter.limit,
          });
          await explain(
            `${label}: page (bounded walk of ${walkLimit} rows)`,
            searchPageRowsQuery(database.db, tsquery, { ...filter, walkLimit }).toSQL(),
          );
        } else if (planned.plan === 'gather') {
          await client.query('SET LOCAL enable_indexscan = off');
          await explain(
            `${label}: count and page (gather)`,
            searchCountAndPageQuery(database.db, tsquery, { ...filter, cap: SEARCH_GATHER_CAP }).toSQL(),
          );
        } else {
          const count = searchCountQuery(database.db, tsquery).toSQL();
          const matches = Number((await client.query<{ count: string }>(count.sql, count.params)).rows[0]?.count ?? 0);
          await explain(`${label}: count (${matches} matches)`, count);
          const strategy = searchPageStrategy({
            matches,
            rows: Math.max(planned.rows, matches),
            wanted: filter.offset + filter.limit,
          });
          if (strategy === 'collect') await client.query('SET LOCAL enable_indexscan = off');
          await explain(`${label}: page ids (${strategy})`, searchPageIdsQuery(database.db, tsquery, filter).toSQL());
        }
      } finally {
        await client.query('COMMIT');
      }
    }
    const { rows: sizes } = await client.query<{ name: string; size: string; total: string }>(
      `SELECT relname AS name, pg_size_pretty(pg_relation_size(oid)) AS size, pg_size_pretty(pg_total_relation_size(oid)) AS total FROM pg_class
       WHERE relname IN ('candidates', 'candidate_search') OR (relkind = 'i' AND relname LIKE 'candidate%') ORDER BY pg_total_relation_size(oid) DESC`,
    );
    out.push(
      '-- sizes (the table itself; with TOAST and indexes)',
      ...sizes.map((row) => `${row.name.padEnd(40)} ${row.size.padStart(8)} ${row.total.padStart(8)}`),
    );
    return out.join('\n');
  } finally {
    await client.end();
    await database.close();
  }
}

function printTable(label: string, results: Result[]): void {
  print(`\n${label}`);
  print(`${'case'.padEnd(28)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  for (const row of results) {
    print(
      `${row.name.padEnd(28)} ${`${row.estimated ? '~' : ''}${row.count}`.padStart(8)} ${row.p50.toFixed(1).padStart(8)} ${row.p95.toFixed(1).padStart(8)}`,
    );
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-'));
  print(`Candidate list bench: ${RUNS} runs per case after ${WARMUP} warm-up runs, latency through app.inject.`);
  try {
    if (process.env.BENCH_SKIP_PGLITE !== '1') {
      if (PGLITE_COUNT < 100_000) {
        print(
          `\nNOTE: PGlite loads ${PGLITE_COUNT.toLocaleString('en-US')} candidates, not 100,000 (one connection, ~4.5 ms a row with resumes: 100k takes ~8 minutes). Set BENCH_PGLITE_COUNT=100000 for the full size.`,
        );
      }
      // BENCH_PGLITE_ON_DISK=1: in a data directory, as the server opens it (evicted pages are read back
      // through the file system, not from memory).
      const onDisk = process.env.BENCH_PGLITE_ON_DISK === '1';
      const database = await openPglite(
        onDisk ? path.join(dataDir, 'pglite') : undefined,
        undefined,
        process.env.BENCH_SHARED_BUFFERS,
      );
      await database.migrate();
      const loadMs = await load(database, PGLITE_COUNT);
      print(
        `PGlite (${onDisk ? 'on disk' : 'in memory'}, ${process.env.BENCH_SHARED_BUFFERS ?? 'default'} shared buffers): loaded ${PGLITE_COUNT.toLocaleString('en-US')} candidates in ${(loadMs / 1000).toFixed(1)} s`,
      );
      await database.db.execute(sql`ANALYZE candidates, candidate_search`);
      printTable(
        `PGlite, ${PGLITE_COUNT.toLocaleString('en-US')} candidates`,
        (await measure(database, dataDir)).results,
      );
      printTable(
        'PGlite, pipeline board: one role with 500 pipelines',
        await benchPipelineBoard(database.db, { dataDir, runs: RUNS }),
      );
      await database.close();
    }
    if (process.env.BENCH_SKIP_POSTGRES !== '1') {
      const created = await createBenchDatabase(POSTGRES_URL);
      try {
        const database = openPostgres(created.url);
        await database.migrate();
        const loadMs = await load(database, PG_COUNT);
        print(`\nPostgreSQL: loaded ${PG_COUNT.toLocaleString('en-US')} candidates in ${(loadMs / 1000).toFixed(1)} s`);
        await database.db.execute(sql`VACUUM ANALYZE candidates, candidate_search`);
        const { results, cases } = await measure(database, dataDir);
        const board = await benchPipelineBoard(database.db, { dataDir, runs: RUNS });
        const invoices = await benchInvoices(database.db, { dataDir, runs: RUNS });
        await database.close();
        printTable(`PostgreSQL, ${PG_COUNT.toLocaleString('en-US')} candidates (target p95 < 50 ms)`, results);
        const slow = results.filter((row) => row.p95 >= 50);
        print(
          slow.length
            ? `Over target: ${slow.map((row) => row.name).join(', ')}`
            : 'Every case is under the 50 ms p95 target.',
        );
        printTable('PostgreSQL, pipeline board: one role with 500 pipelines (target p95 < 50 ms)', board);
        print(
          formatInvoiceBench('PostgreSQL, invoices: 50,000 invoices over 300 clients (target p95 ≤ 50 ms)', invoices),
        );
        const explained =
          process.env.BENCH_EXPLAIN === 'all'
            ? cases
            : cases.filter(([name]) => name === cases[0]?.[0] || slow.some((row) => row.name === name));
        print(`\nPostgreSQL plans:\n${await explainCases(created.url, explained)}`);
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
