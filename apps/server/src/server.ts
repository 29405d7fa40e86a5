import { buildApp } from './app';
import { ConfigError, parseEnv, type AppConfig } from './config/env';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/client';
import {
  exitWithParent,
  isNewEmbeddedDatabase,
  prepareInChildProcess,
  PreparationFailed,
  PREPARE_ONLY_VARIABLE,
  reportPreparedAndExit,
} from './db/first-start';
import { serveSnapshotsOnSignal } from './db/snapshot-on-signal';
import { startTestJobKinds, TEST_JOB_KINDS_VARIABLE } from './lib/jobs/test-kinds';
import { seedOnStart, type SeedResult } from './modules/demo/demo.service';

function printStartBanner(config: AppConfig, seed: SeedResult) {
  const lines = [``, `RecruitDesk is running at http://localhost:${config.port}`];
  if (seed.kind === 'demo-created') {
    lines.push('', 'Demo logins (created now):');
    for (const email of seed.emails) lines.push(`  ${email}`);
    lines.push(`  password: ${seed.password}`);
    if (seed.generatedPassword)
      lines.push('  (randomly generated and shown only this once; set DEMO_PASSWORD to choose it)');
  } else if (seed.kind === 'demo-exists') {
    lines.push('', 'Demo logins:');
    for (const email of seed.emails) lines.push(`  ${email}`);
    lines.push('  password: the one printed at first start (or DEMO_PASSWORD)');
  } else if (seed.kind === 'owner-created') {
    lines.push('', `Owner account created: ${seed.email}`);
  } else if (seed.kind === 'demo-removed') {
    lines.push('', `Demo logins removed (REMOVE_DEMO_ACCOUNTS): ${seed.emails.join(', ')}`);
    if (seed.ownerCreated) lines.push(`Owner account created: ${seed.ownerCreated}`);
    lines.push('Unset REMOVE_DEMO_ACCOUNTS for the next starts.');
  }
  console.log(lines.join('\n') + '\n');
}

async function main() {
  let config: AppConfig;
  try {
    config = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const preparing = Boolean(process.env[PREPARE_ONLY_VARIABLE]);
  if (preparing) exitWithParent();
  let prepared: SeedResult | undefined;
  if (!preparing && isNewEmbeddedDatabase(config)) {
    try {
      prepared = await prepareInChildProcess<SeedResult>(fileURLToPath(import.meta.url));
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(error instanceof PreparationFailed ? error.exitCode : 1);
    }
  }

  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { db: database.db });
  let seed: SeedResult;
  try {
    // Under the start-up lock: servers starting together on an empty database create one first owner.
    seed = prepared ?? (await database.exclusive(() => seedOnStart(app.deps, database.kind)));
    // A fresh bulk load: give the planner its row counts now (decision 023).
    if (seed.kind === 'demo-created' && !prepared) await database.analyze();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // E.g. an empty database in production without OWNER_EMAIL/OWNER_PASSWORD: refuse to run.
    console.error(error.message);
    await app.close();
    await database.close();
    process.exit(1);
  }

  if (preparing) {
    await app.close();
    await database.close();
    reportPreparedAndExit(seed);
    return;
  }

  // npm run backup asks this process for a snapshot of the embedded database (decision 051).
  const stopSnapshots = serveSnapshotsOnSignal(database, config.dataDir, app.log);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.error(`Received ${signal} again; exiting now.`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await database.close();
      stopSnapshots();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The fault tests' slow job kind exists only when they ask for it (never in a normal start).
  if (process.env[TEST_JOB_KINDS_VARIABLE] === '1') await startTestJobKinds(app.deps.jobs, database.db, config.dataDir);
  // Background jobs start once the database is migrated and seeded; app.close() stops them.
  app.deps.jobs.start();

  await app.listen({ host: config.host, port: config.port });
  printStartBanner(config, seed);
}

main().catch((error: unknown) => {
  console.error('RecruitDesk failed to start:', error);
  process.exit(1);
});
