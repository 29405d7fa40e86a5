/**
 * `npm run bench:analytics-embedded -w @recruitdesk/server`: the ten analytics sets (issue 12) on the embedded
 * database (PGlite, in memory) with the demo agency, as `npm start` shows it — seeded, then ANALYZE — measured
 * server-side through app.inject as the demo owner, with the default filters and with a client filter
 * (the client with the most roles): p50 / p95 over BENCH_RUNS runs (default 30). The target is ≤ 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ANALYTICS_SETS } from '@recruitdesk/contracts/analytics';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { parseEnv, type AppConfig } from '../config/env';
import { openPglite } from '../db/client';
import { seedOnStart } from '../modules/demo/demo.service';
import { createSession } from '../modules/sessions/sessions.service';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const print = (line: string) => void process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-bench-embedded-'));
  const database = await openPglite();
  try {
    await database.migrate();
    const config: AppConfig = parseEnv({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DEMO_PASSWORD: 'Demo-Password-Strong-42',
    });
    const app = await buildApp(config, { db: database.db });
    try {
      const started = performance.now();
      await seedOnStart(app.deps, 'pglite');
      await database.analyze();
      print(`Analytics on the embedded database, demo agency seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const rows = (await database.db.execute(sql`select
        (select id from users where email = 'owner@demo.test')::int as owner,
        (select client_id from roles group by client_id order by count(*) desc, client_id limit 1)::int as client,
        (select count(*) from roles)::int as roles, (select count(*) from pipelines)::int as pipelines,
        (select count(*) from pipeline_events)::int as events`)) as unknown as { rows: Record<string, number>[] };
      const info = rows.rows[0]!;
      print(`  rows: ${JSON.stringify(info)}`);
      const { token } = await createSession(database.db, {
        userId: info.owner!,
        rememberMe: false,
        ip: '127.0.0.1',
        userAgent: null,
        now: new Date(),
      });
      print('| set | filter | p50 ms | p95 ms |');
      print('|---|---|---|---|');
      for (const filter of ['', `client=${info.client}`]) {
        for (const set of ANALYTICS_SETS.filter(
          (name) => !process.env.BENCH_SETS || process.env.BENCH_SETS.split(',').includes(name),
        )) {
          const times: number[] = [];
          for (let run = 0; run < WARMUP + RUNS; run += 1) {
            const at = performance.now();
            const response = await app.inject({
              method: 'GET',
              url: `/api/analytics/${set}/?${filter}`,
              cookies: { sessionid: token },
            });
            const elapsed = performance.now() - at;
            if (response.statusCode !== 200)
              throw new Error(`${set}: ${response.statusCode} ${response.body}`);
            if (run >= WARMUP) times.push(elapsed);
          }
          times.sort((a, b) => a - b);
          print(
            `| ${set} | ${filter ? 'client' : 'default'} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
          );
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
