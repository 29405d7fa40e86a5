// `npm run lighthouse`: Lighthouse's mobile run (the default config: simulated slow 4G and a 4× slower CPU)
// of the sign-in page, the dashboard, the candidate list and the active roles, on the production build
// served the way the browser tests serve it, in the Chromium the tests use, signed in as the demo owner.
// Prints each page's performance and accessibility scores, LCP and the bytes on the wire (the median of
// `--runs=N`, default 3: the scores move with the machine's load). Reports go to e2e/.lighthouse/.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { chromium } from '@playwright/test';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumExecutable } from './browser';
import { longTasksAfterFirstPaint } from './lighthouse-trace';

const here = import.meta.dirname;
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'] as const;
  }),
);
const RUNS = Math.max(1, Number(args.get('runs') ?? 3));
/** `--traces` keeps each run's trace and prints its long tasks after the first paint (lighthouse-trace.ts). */
const TRACES = args.has('traces');
const longTasks: string[] = [];
// Not the browser tests' port, so a test run elsewhere does not collide with this one.
process.env.E2E_PORT ??= '3190';
const { default: playwrightConfig, E2E_PORT, DEMO_PASSWORD } = await import('./playwright.config');
const BASE = `http://localhost:${E2E_PORT}`;
const OWNER = 'owner@demo.test';

/** The sign-in page is measured signed out, the others signed in. */
const ALL_PAGES = [
  { path: '/auth/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/candidates', signedIn: true },
  { path: '/jobs/active', signedIn: true },
] as const;
/** `--pages=/dashboard,/candidates` measures only those. */
const only = args.get('pages')?.split(',');
const PAGES = only ? ALL_PAGES.filter((page) => only.includes(page.path)) : ALL_PAGES;

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  scriptKb: number;
  totalKb: number;
  failing: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The built app on a fresh embedded database, started exactly as playwright.config.ts starts it. */
async function startServer(): Promise<ChildProcess> {
  for (const built of ['../apps/server/dist/server.js', '../apps/web/dist/index.html']) {
    if (!existsSync(path.join(here, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  const webServer = playwrightConfig.webServer;
  if (!webServer || Array.isArray(webServer)) throw new Error('playwright.config.ts has no single webServer');
  const child = spawn(webServer.command, {
    cwd: here,
    shell: true,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...webServer.env },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready in 60 s');
}

function figures(result: RunnerResult): Figures {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as {
      items?: { resourceType: string; transferSize: number }[];
    }
  )?.items;
  const bytes = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? NaN;
  const failing = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id}: ${a.title}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    scriptKb: bytes('script') / 1000,
    totalKb: bytes('total') / 1000,
    failing,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const server = await startServer();
  const debuggingPort = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-profile-'));
  // A persistent context is the browser's default context, the one Lighthouse opens its tab in, so the
  // session cookie and the persisted sign-in that the page below creates are the ones Lighthouse sees.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await chromiumExecutable(),
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
    headless: true,
  });
  const reports = path.join(here, '.lighthouse');
  await mkdir(reports, { recursive: true });
  const results = new Map<string, Figures[]>();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let signedIn = false;
    for (const target of PAGES) {
      if (target.signedIn && !signedIn) {
        await page.goto(`${BASE}/auth/login`);
        await page.getByLabel('Email address').fill(OWNER);
        await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(/\/dashboard/);
        await page.goto('about:blank');
        signedIn = true;
      }
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(`${BASE}${target.path}`, {
          port: debuggingPort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
        if (result.lhr.runtimeError) throw new Error(`${target.path}: ${result.lhr.runtimeError.message}`);
        const finalUrl = result.lhr.finalDisplayedUrl;
        if (new URL(finalUrl).pathname !== target.path) throw new Error(`${target.path} ended on ${finalUrl}`);
        const name = `${target.path.replace(/^\//, '').replaceAll('/', '-')}-${run}.json`;
        await writeFile(path.join(reports, name), result.report as string);
        if (TRACES) {
          const trace = (result.artifacts as unknown as { Trace: Parameters<typeof longTasksAfterFirstPaint>[0] })
            .Trace;
          await writeFile(path.join(reports, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
          longTasks.push(`${target.path}, run ${run}:`, ...longTasksAfterFirstPaint(trace));
        }
        runs.push(figures(result));
        process.stderr.write('.');
      }
      results.set(target.path, runs);
    }
  } finally {
    process.stderr.write('\n');
    await context.close();
    await rm(profile, { recursive: true, force: true });
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }

  const rows = [...results].map(([page, runs]) => {
    const m = (key: Exclude<keyof Figures, 'failing'>) => median(runs.map((r) => r[key]));
    return {
      page,
      performance: m('performance'),
      'perf (runs)': runs.map((r) => r.performance).join(' '),
      accessibility: m('accessibility'),
      'LCP s': (m('lcpMs') / 1000).toFixed(2),
      'FCP s': (m('fcpMs') / 1000).toFixed(2),
      'TBT ms': Math.round(m('tbtMs')),
      'script kB': m('scriptKb').toFixed(1),
      'total kB': m('totalKb').toFixed(1),
    };
  });
  console.log(`Lighthouse mobile, median of ${RUNS} run(s) per page, ${BASE} (reports in e2e/.lighthouse/)`);
  console.table(rows);
  if (longTasks.length) console.log(`Long tasks after the first paint:\n${longTasks.join('\n')}`);
  for (const [page, runs] of results) {
    const failing = new Set(runs.flatMap((r) => r.failing));
    if (failing.size) console.log(`${page} accessibility findings:\n  ${[...failing].join('\n  ')}`);
  }
}

await main();
