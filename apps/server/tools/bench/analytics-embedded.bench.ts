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
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config/env';
import { openPglite } from '../../src/db/client';
import { seedOnStart } from '../../src/modules/demo/demo.service';
import { createSession } from '../../src/modules/sessions/sessions.service';
import { printAnalyticsSetTimes } from './analytics-sets-timing';

const print = (line: string) => void process.stdout.write(`${line}\n`);

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
      print(
        `Analytics on the embedded database, demo agency seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const rows = (await database.db.execute(sql`select
        (select id from users where email = 'owner@demo.test')::int as owner,
        (select client_id from roles group by client_id order by count(*) desc, client_id limit 1)::int as client,
        (select count(*) from roles)::int as roles, (select count(*) from pipelines)::int as pipelines,
        (select count(*) from pipeline_events)::int as events`)) as unknown as {
        rows: Record<string, number>[];
      };
      const info = rows.rows[0]!;
      print(`  rows: ${JSON.stringify(info)}`);
      const { token } = await createSession(database.db, {
        userId: info.owner!,
        rememberMe: false,
        ip: '127.0.0.1',
        userAgent: null,
        now: new Date(),
      });
      await printAnalyticsSetTimes(app, token, [
        { label: 'default', query: '' },
        { label: 'client', query: `client=${info.client}` },
      ]);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
