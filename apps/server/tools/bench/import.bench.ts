/**
 * `npm run bench:import`: generates a CSV of 100,000 candidates × 25 columns, imports it through the import
 * service and its job (upload → start → the job run to the end) into a fresh PostgreSQL database (at
 * BENCH_DATABASE_URL) and a fresh embedded one (PGlite on disk, as the server keeps it), and prints for each
 * the seconds, rows per second and the peak RSS of the process that runs it (sampled every 250 ms: the server,
 * and for PGlite the database too, live in it; each database in its own child process started with the Node
 * options and environment `npm start` gives the server, scripts/server-env.mjs); then checks that the search
 * finds an imported candidate.
 *
 * Targets (issue 31): ≤ 120 s on PostgreSQL, ≤ 240 s embedded, ≤ 500 MB throughout.
 * BENCH_IMPORT_ROWS (default 100000); BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1 leave one out.
 */
import { fork } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CandidateListQuerySchema } from '@recruitdesk/contracts/candidates';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { rowsOf } from '../../src/db/sql-helpers';
import { listCandidates } from '../../src/modules/candidates/candidates.service';
import { startImport, uploadImport } from '../../src/modules/imports/imports.service';
import { insertUser } from '../../src/factories/users.factory';
import { createBenchDatabase } from './bench-database';
import { serverNodeArgs, serverProcessEnv } from '../../../../scripts/server-env.mjs';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const print = (line: string) => void process.stdout.write(`${line}\n`);

const HEADERS = [
  'First name',
  'Last name',
  'E-mail',
  'Phone',
  'City',
  'Current title',
  'Current employer',
  'LinkedIn',
  'Key skills',
  'Years of experience',
  'Desired pay',
  'Status',
  'Source',
  'Date added',
  'Owner',
  'Notes',
  'Citizenship',
  'Notice period',
  'Relocate',
  'Languages',
  'Referred by',
  'Travel',
  'Education',
  'Last contacted',
  'Internal id',
];
const MAPPING = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'location',
  'current_title',
  'current_company',
  'linkedin_url',
  'skills',
  'years_experience',
  'desired_salary',
  'status',
  'source',
  'created_at',
  'ignore',
  'notes',
  'note',
  'note',
  'note',
  'note',
  'note',
  'ignore',
  'note',
  'ignore',
  'ignore',
];

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Edsger',
  'Radia',
  'Guido',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Dijkstra',
];
const TITLES = ['Software Engineer', 'Data Analyst', 'Product Manager', 'DevOps Engineer', 'Designer', 'QA Lead'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises'];
const SKILLS = ['Python', 'TypeScript', 'SQL', 'AWS', 'Kubernetes', 'React', 'Go', 'Java', 'Terraform', 'Figma'];
const CITIES = ['Seattle, WA', 'Austin, TX', 'Berlin', 'London', 'Toronto', 'Lisbon'];

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The CSV: unique emails and phones (up to 8 million rows), 1 % of rows with a bad email (refused), as a stream. */
async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write(`${HEADERS.map(quote).join(',')}\n`);
  for (let i = 0; i < rows; i += 1) {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[(i * 7) % LAST.length]}${i}`;
    const skills = [
      SKILLS[i % SKILLS.length],
      SKILLS[(i * 3 + 1) % SKILLS.length],
      SKILLS[(i * 5 + 2) % SKILLS.length],
    ];
    const cells = [
      first,
      last,
      i % 100 === 99 ? `broken-email-${i}` : `${first.toLowerCase()}.${last.toLowerCase()}@bench.example`,
      // Unique per row (a repeated phone is a duplicate, skipped): area code from i / 10,000, line from i.
      `(${200 + Math.floor(i / 10_000)}) 555-${String(i % 10_000).padStart(4, '0')}`,
      CITIES[i % CITIES.length]!,
      TITLES[i % TITLES.length]!,
      COMPANIES[i % COMPANIES.length]!,
      `https://www.linkedin.com/in/${first.toLowerCase()}-${last.toLowerCase()}`,
      [...new Set(skills)].join(', '),
      String(i % 30),
      String(40_000 + (i % 100) * 1000),
      i % 10 === 0 ? 'Placed' : 'Active',
      'Old CRM',
      `2021-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      'Sam Owner',
      i % 4 === 0
        ? `Met at the ${2020 + (i % 5)} meetup; follow up about ${TITLES[(i + 1) % TITLES.length]} roles.`
        : '',
      i % 3 === 0 ? 'EU' : 'US',
      `${(i % 3) + 1} months`,
      i % 2 === 0 ? 'Yes' : 'No',
      'English, Spanish',
      i % 9 === 0 ? 'Pat Referrer' : '',
      '25%',
      'BSc Computer Science',
      '2024-05-01',
      `OC-${i}`,
    ];
    await write(`${cells.map(quote).join(',')}\n`);
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

interface Result {
  label: string;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  counts: { created: number; updated: number; skipped: number; refused: number };
  searchFound: boolean;
}

async function benchOne(label: string, csvFile: string, open: (dataDir: string) => Promise<Database>): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-import-'));
  const config: AppConfig = {
    ...parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    }),
  };
  const database = await open(dataDir);
  const app = await buildApp(config, { db: database.db });
  await app.ready();
  const deps = app.deps;
  const owner = await insertUser(deps.db, { userType: ['owner'] });
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let atPeak = baseline;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peak) [peak, atPeak] = [usage.rss, usage];
  }, 250);
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  try {
    const upload = path.join(dataDir, 'upload.csv');
    await copyFile(csvFile, upload);
    const started = performance.now();
    const view = await uploadImport(deps, owner, 'candidates', {
      path: upload,
      filename: 'bench.csv',
      size: statSync(upload).size,
    });
    await startImport(deps, owner, view.id, { mapping: MAPPING, duplicate_policy: 'skip' });
    await deps.jobs.drain();
    const seconds = (performance.now() - started) / 1000;
    print(
      `${label}: RSS ${mb(baseline.rss)} before the import, peak ${mb(peak)} ` +
        `(JS heap ${mb(atPeak.heapUsed)}, array buffers incl. the embedded database ${mb(atPeak.arrayBuffers)})`,
    );
    const [row] = rowsOf<Record<string, number | string>>(
      await deps.db.execute(
        sql`select created_count as "createdCount", updated_count as "updatedCount", skipped_count as "skippedCount",
          refused_count as "refusedCount", status from imports where id = ${view.id}`,
      ),
    );
    const { createdCount, updatedCount, skippedCount, refusedCount, status } = row ?? {};
    if (status !== 'succeeded') throw new Error(`the import ended ${String(status)}`);
    // The last good row: its last name (e.g. Allen99998) is no other row's prefix, so its email finds only it.
    const i = ROWS - 2;
    const probe = `${FIRST[i % FIRST.length]!.toLowerCase()}.${LAST[(i * 7) % LAST.length]!.toLowerCase()}${i}@bench.example`;
    const found = await listCandidates(deps, owner, CandidateListQuerySchema.parse({ search: probe }));
    return {
      label,
      seconds,
      rowsPerSecond: ROWS / seconds,
      peakRssMb: peak / 1024 / 1024,
      counts: {
        created: Number(createdCount),
        updated: Number(updatedCount),
        skipped: Number(skippedCount),
        refused: Number(refusedCount),
      },
      searchFound: found.results.some((row) => row.email === probe),
    };
  } finally {
    clearInterval(sampler);
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs this script again with BENCH_PREPARE_DIR: it creates and migrates the embedded database there, then exits. */
function prepareInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_PREPARE_DIR: dir },
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing the database: exit ${code}`))));
  });
}

/** One database's run, in a child process started with the Node options and environment the server gets. */
function benchInChild(which: 'postgres' | 'pglite', csvFile: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: serverProcessEnv({ ...process.env, BENCH_IMPORT_ONE: which, BENCH_IMPORT_CSV: csvFile }),
      execArgv: [
        '--import',
        'tsx',
        ...serverNodeArgs(
          which === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : { ...process.env, DATABASE_URL: undefined },
        ),
      ],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let result: Result | undefined;
    child.stdout?.setEncoding('utf8');
    let buffered = '';
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        if (line.startsWith('RESULT ')) result = JSON.parse(line.slice('RESULT '.length)) as Result;
        else print(line);
      }
    });
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the ${which} run ended with exit code ${code} and no result`)),
    );
  });
}

/** The child's part: one database, the result as a `RESULT {json}` line. */
async function runOne(which: 'postgres' | 'pglite', csvFile: string): Promise<void> {
  let result: Result;
  if (which === 'postgres') {
    const created = await createBenchDatabase(POSTGRES_URL);
    try {
      result = await benchOne('PostgreSQL', csvFile, async () => {
        const database = openPostgres(created.url);
        await database.migrate();
        return database;
      });
    } finally {
      await created.drop();
    }
  } else {
    result = await benchOne('PGlite (on disk)', csvFile, async (dataDir) => {
      // Created and migrated in a child process, as the server does (decision 066): the memory initdb
      // leaves in PGlite's WASM heap goes with the child.
      await prepareInChild(path.join(dataDir, 'db'));
      return openPglite(path.join(dataDir, 'db'));
    });
  }
  print(`RESULT ${JSON.stringify(result)}`);
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'rd-bench-import-csv-'));
  const csvFile = path.join(work, 'candidates.csv');
  try {
    const generating = performance.now();
    await writeCsv(csvFile, ROWS);
    print(
      `Generated ${ROWS.toLocaleString('en-US')} rows × ${HEADERS.length} columns ` +
        `(${(statSync(csvFile).size / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
    const results: Result[] = [];
    if (process.env.BENCH_SKIP_POSTGRES !== '1') results.push(await benchInChild('postgres', csvFile));
    if (process.env.BENCH_SKIP_PGLITE !== '1') results.push(await benchInChild('pglite', csvFile));
    print('');
    print(`Load average ${loadavg()[0]!.toFixed(1)} at the end.`);
    print('| database | seconds | rows/s | peak RSS | created | refused | search finds an imported row |');
    print('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const r of results)
      print(
        `| ${r.label} | ${r.seconds.toFixed(1)} | ${Math.round(r.rowsPerSecond).toLocaleString('en-US')} | ` +
          `${Math.round(r.peakRssMb)} MB | ${r.counts.created.toLocaleString('en-US')} | ${r.counts.refused.toLocaleString('en-US')} | ${r.searchFound ? 'yes' : 'NO'} |`,
      );
    const failed = results.filter(
      (r) => !r.searchFound || r.peakRssMb > 500 || r.seconds > (r.label === 'PostgreSQL' ? 120 : 240),
    );
    if (failed.length) {
      print(
        `\nOver target: ${failed.map((r) => r.label).join(', ')} (≤ 120 s PostgreSQL, ≤ 240 s embedded, ≤ 500 MB).`,
      );
      process.exitCode = 1;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const prepareDir = process.env.BENCH_PREPARE_DIR;
if (prepareDir) {
  const database = await openPglite(prepareDir);
  await database.migrate();
  await database.close();
} else if (process.env.BENCH_IMPORT_ONE === 'postgres' || process.env.BENCH_IMPORT_ONE === 'pglite') {
  await runOne(process.env.BENCH_IMPORT_ONE, process.env.BENCH_IMPORT_CSV ?? '');
} else {
  await main();
}
