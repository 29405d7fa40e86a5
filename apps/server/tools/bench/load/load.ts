/**
 * `npm run load` / `npm run soak` / `npm run load:embedded` (docs/performance.md, "Load and soak").
 *
 * load      PostgreSQL with the demo agency and LOAD_CANDIDATES (100,000) candidates; the built server
 *           (one; with LOAD_CLUSTER=1 then two behind nginx, scripts/cluster.mjs): the mixed workload of signed-in
 *           users at LOAD_CONNECTIONS (50) for LOAD_SECONDS (60); then per case (search and list page 1)
 *           beside a bare Fastify + pg route running the same search SQL, and the ratio ours / bare.
 * soak      the same data and one server: the mixed workload for SOAK_MINUTES (15), one line a minute
 *           with the server's RSS and the database's connections (pg_stat_activity); fails on any error.
 * embedded  the built server on PGlite (a fresh DATA_DIR, the demo agency): RSS at rest, the mixed
 *           workload at 10 connections for LOAD_SECONDS, RSS during and after.
 *
 * Environment: LOAD_SECONDS, LOAD_CASE_SECONDS (default min(20, LOAD_SECONDS)), LOAD_CONNECTIONS,
 * LOAD_USERS (6 sessions), LOAD_CANDIDATES, LOAD_DB (rd_load), LOAD_KEEP_DB=1 (reuse the data),
 * LOAD_PORT (3430: the server; +1 the bare route; +10 the cluster), LOAD_CLUSTER=1 (also the two
 * servers behind nginx, scripts/cluster.mjs), SOAK_MINUTES, LOAD_REDIS_URL (redis://127.0.0.1:6379 for the cluster).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverNodeArgs, serverProcessEnv } from '../../../../../scripts/server-env.mjs';
import { serverRoot } from '../../../src/config/paths';
import { connectionCount, LOAD_PASSWORD, LOAD_SECRET_KEY, prepareDatabase, type LoadDatabase } from './data';
import { figuresHeader, formatFigures, runLoad, type RunFigures } from './run';
import { killOnExit, rssMbOf, startServer, type ServerProcess } from './server-process';
import { mixedWorkload, numberedConnections, prepareFixtures, singleCase, type Fixtures } from './workload';

const env = process.env;
const SECONDS = Number(env.LOAD_SECONDS ?? 60);
const CASE_SECONDS = Number(env.LOAD_CASE_SECONDS ?? Math.min(20, SECONDS));
const CONNECTIONS = Number(env.LOAD_CONNECTIONS ?? 50);
const USERS = Number(env.LOAD_USERS ?? 6);
const PORT = Number(env.LOAD_PORT ?? 3430);
const SEARCH_CASE = '/api/candidates/?search=kowalski';
const repoRoot = path.resolve(serverRoot(), '..', '..');
const print = (line: string) => void process.stdout.write(`${line}\n`);
const mb = (value: number | null) => (value === null ? 'gone' : `${value.toFixed(0)} MB`);

async function ensureBuilt(): Promise<void> {
  const module = (await import(pathToFileURL(path.join(repoRoot, 'scripts', 'ensure-built.mjs')).href)) as {
    ensureAppBuilt(): void;
  };
  module.ensureAppBuilt();
}

function mixed(
  label: string,
  url: string,
  fixtures: Fixtures,
  connections: number,
  seconds: number,
): Promise<RunFigures> {
  return runLoad({
    label,
    url,
    connections,
    seconds,
    requests: mixedWorkload(fixtures, url),
    setupClient: numberedConnections(),
  });
}

function oneCase(
  label: string,
  url: string,
  fixtures: Fixtures,
  path: string,
  connections: number,
): Promise<RunFigures> {
  return runLoad({
    label,
    url,
    connections,
    seconds: CASE_SECONDS,
    requests: singleCase(fixtures, path),
    setupClient: numberedConnections(),
  });
}

async function startBare(database: LoadDatabase): Promise<{ url: string; stop(): void }> {
  const port = PORT + 1;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot(), 'tools', 'bench', 'load', 'bare-server.ts')],
    {
      env: { ...env, BARE_PORT: String(port), BARE_DATABASE_URL: database.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 240; tries += 1) {
    try {
      if ((await fetch(`${url}/search?q=kowalski`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the bare Fastify + pg server did not start');
}

function postgresServer(
  database: LoadDatabase,
  port: number,
  dataDir: string,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  return startServer({
    port,
    nodeArgs,
    logFile: path.join(dataDir, `server-${port}.log`),
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: env.LOAD_LOG_LEVEL ?? 'info',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SECRET_KEY: LOAD_SECRET_KEY,
    },
  });
}

function check(rows: RunFigures[]): number {
  const failed = rows.filter((row) => row.errors + row.timeouts + row.non2xx > 0);
  if (failed.length) print(`\nErrors or non-2xx answers in: ${failed.map((row) => row.label).join(', ')}`);
  return failed.length ? 1 : 0;
}

async function load(dataDir: string): Promise<number> {
  const database = await prepareDatabase({
    name: env.LOAD_DB ?? 'rd_load',
    candidates: Number(env.LOAD_CANDIDATES ?? 100_000),
    log: print,
  });
  const server = await postgresServer(database, PORT, dataDir);
  const rows: RunFigures[] = [];
  let bare: { url: string; stop(): void } | undefined;
  try {
    const fixtures = await prepareFixtures(server.url, { users: USERS, password: LOAD_PASSWORD, movers: CONNECTIONS });
    print(
      `\nOne server on PostgreSQL, ${database.candidates.toLocaleString('en-US')} candidates, ${fixtures.users.length} sessions, ${fixtures.pipelineIds.length} pipelines moving. RSS after start: ${mb(server.rssMb())}.`,
    );
    await mixed('warm-up', server.url, fixtures, 10, Math.min(5, SECONDS));
    print(`\n${figuresHeader}`);
    const show = (row: RunFigures) => {
      rows.push(row);
      print(formatFigures(row));
      return row;
    };
    show(await mixed('mixed workload, one server', server.url, fixtures, CONNECTIONS, SECONDS));
    print(
      `${' '.repeat(4)}RSS after the mixed run: ${mb(server.rssMb())}; database connections: ${await connectionCount(database.name)}`,
    );
    bare = await startBare(database);
    const ours50 = show(await oneCase('search "kowalski", one server', server.url, fixtures, SEARCH_CASE, CONNECTIONS));
    const bare50 = show(
      await oneCase('search "kowalski", bare Fastify + pg', bare.url, fixtures, '/search?q=kowalski', CONNECTIONS),
    );
    const ours10 = show(await oneCase('search "kowalski", one server', server.url, fixtures, SEARCH_CASE, 10));
    const bare10 = show(
      await oneCase('search "kowalski", bare Fastify + pg', bare.url, fixtures, '/search?q=kowalski', 10),
    );
    show(await oneCase('list page 1 (no filter), one server', server.url, fixtures, '/api/candidates/', 10));
    show(
      await oneCase(
        'list page 1 (status=active), one server',
        server.url,
        fixtures,
        '/api/candidates/?status=active',
        10,
      ),
    );
    print('\nRatio ours / bare for the same search SQL (the figure that holds on a noisy machine):');
    for (const [ours, base] of [
      [ours50, bare50],
      [ours10, bare10],
    ] as const) {
      print(
        `  ${String(ours.connections).padStart(2)} connections: p50 ${(ours.p50 / base.p50).toFixed(2)}×, p99 ${(ours.p99 / base.p99).toFixed(2)}×, throughput ${(base.perSecond / ours.perSecond).toFixed(2)}× (bare ${base.perSecond.toFixed(0)} req/s, ours ${ours.perSecond.toFixed(0)})`,
      );
    }
    print(`RSS of the server after the runs: ${mb(server.rssMb())}`);
  } finally {
    bare?.stop();
    await server.stop();
  }
  rows.push(...(await loadCluster(database)));
  return check(rows);
}

/** Two servers behind nginx (scripts/cluster.mjs), when it exists. */
async function loadCluster(database: LoadDatabase): Promise<RunFigures[]> {
  const script = path.join(repoRoot, 'scripts', 'cluster.mjs');
  if (env.LOAD_CLUSTER !== '1' || !existsSync(script)) {
    print(
      `\nTwo servers behind nginx: skipped (${existsSync(script) ? 'set LOAD_CLUSTER=1' : 'scripts/cluster.mjs is not there'}).`,
    );
    return [];
  }
  // nginx terminates TLS with a self-signed certificate made for the run.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  type Cluster = { url: string; serverUrls: string[]; stop(): Promise<void> };
  const { startCluster } = (await import(pathToFileURL(script).href)) as {
    startCluster(options: { port: number; servers: number; databaseUrl: string; redisUrl: string }): Promise<Cluster>;
  };
  const cluster = await startCluster({
    port: PORT + 10,
    servers: 2,
    databaseUrl: database.url,
    redisUrl: env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  try {
    const fixtures = await prepareFixtures(cluster.url, { users: USERS, password: LOAD_PASSWORD, movers: CONNECTIONS });
    await mixed('warm-up', cluster.url, fixtures, 10, Math.min(5, SECONDS));
    print(`\nTwo servers behind nginx (${cluster.serverUrls.join(', ')}):\n${figuresHeader}`);
    const rows = [
      await mixed('mixed workload, two servers + nginx', cluster.url, fixtures, CONNECTIONS, SECONDS),
      await oneCase('search "kowalski", two servers + nginx', cluster.url, fixtures, SEARCH_CASE, CONNECTIONS),
    ];
    for (const row of rows) print(formatFigures(row));
    print(`${' '.repeat(4)}database connections: ${await connectionCount(database.name)}`);
    return rows;
  } finally {
    await cluster.stop();
  }
}

async function soak(dataDir: string): Promise<number> {
  const minutes = Number(env.SOAK_MINUTES ?? 15);
  const database = await prepareDatabase({
    name: env.LOAD_DB ?? 'rd_load',
    candidates: Number(env.LOAD_CANDIDATES ?? 100_000),
    log: print,
  });
  const server = await postgresServer(database, PORT, dataDir);
  const rows: RunFigures[] = [];
  try {
    const fixtures = await prepareFixtures(server.url, { users: USERS, password: LOAD_PASSWORD, movers: CONNECTIONS });
    print(
      `\nSoak: the mixed workload at ${CONNECTIONS} connections for ${minutes} minutes, one server on PostgreSQL (${database.candidates.toLocaleString('en-US')} candidates).`,
    );
    print(`RSS at rest: ${mb(server.rssMb())}; database connections: ${await connectionCount(database.name)}\n`);
    print(`${'minute'.padEnd(8)}${figuresHeader.slice(44)}  ${'RSS'.padStart(7)}  db conns`);
    for (let minute = 1; minute <= minutes; minute += 1) {
      const row = await mixed(`minute ${minute}`, server.url, fixtures, CONNECTIONS, 60);
      rows.push(row);
      print(
        `${String(minute).padEnd(8)}${formatFigures(row).slice(44)}  ${mb(server.rssMb()).padStart(7)}  ${await connectionCount(database.name)}`,
      );
    }
    const total = rows.reduce((sum, row) => sum + row.requests, 0);
    print(
      `\n${total.toLocaleString('en-US')} requests; errors ${rows.reduce((sum, row) => sum + row.errors + row.timeouts, 0)}, non-2xx ${rows.reduce((sum, row) => sum + row.non2xx, 0)}.`,
    );
  } finally {
    await server.stop();
  }
  return check(rows);
}

async function embedded(dataDir: string): Promise<number> {
  const connections = Number(env.LOAD_CONNECTIONS ?? 10);
  const started = Date.now();
  const server = await startServer({
    port: PORT,
    logFile: path.join(dataDir, 'server.log'),
    nodeArgs: serverNodeArgs({}),
    // As `npm start` runs it: the embedded default's own command.
    env: serverProcessEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: env.LOAD_LOG_LEVEL ?? 'info',
      DATA_DIR: path.join(dataDir, 'data'),
      DEMO_PASSWORD: LOAD_PASSWORD,
      SECRET_KEY: LOAD_SECRET_KEY,
    }),
  });
  const rows: RunFigures[] = [];
  try {
    print(
      `Embedded database (PGlite), the demo agency: started and created in ${((Date.now() - started) / 1000).toFixed(0)} s; RSS ${mb(server.rssMb())}.`,
    );
    const fixtures = await prepareFixtures(server.url, { users: USERS, password: LOAD_PASSWORD, movers: connections });
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    print(`RSS at rest after sign-in: ${mb(server.rssMb())}`);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMbOf(server.pid) ?? 0);
    }, 1000);
    print(`\n${figuresHeader}`);
    try {
      for (const row of [
        await mixed('mixed workload, PGlite', server.url, fixtures, connections, SECONDS),
        await oneCase('search "kowalski", PGlite', server.url, fixtures, SEARCH_CASE, connections),
        await oneCase('list page 1 (no filter), PGlite', server.url, fixtures, '/api/candidates/', connections),
      ]) {
        rows.push(row);
        print(formatFigures(row));
      }
    } finally {
      clearInterval(sampler);
    }
    print(`\nRSS under the load: peak ${mb(peak)}; right after: ${mb(server.rssMb())}`);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    print(`RSS 30 s after the load: ${mb(server.rssMb())}`);
  } finally {
    await server.stop();
  }
  return check(rows);
}

async function main(): Promise<void> {
  const mode = process.argv[2] ?? 'load';
  if (!['load', 'soak', 'embedded'].includes(mode)) throw new Error(`unknown mode ${mode}: load, soak or embedded`);
  await ensureBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-load-'));
  print(
    `${new Date().toISOString()}: ${mode}, node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  try {
    process.exitCode =
      mode === 'soak' ? await soak(dataDir) : mode === 'embedded' ? await embedded(dataDir) : await load(dataDir);
  } finally {
    if (process.exitCode) print(`Server logs kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
