import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app';
import { parseEnv, type AppConfig } from '../config/env';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  baseUrl: string;
  dataDir: string;
  /** Moves the app's clock; `now()` returns real time plus this offset. */
  clock: { offsetMs: number };
  close(): Promise<void>;
}

/** A fresh PostgreSQL database next to `adminUrl`'s; `drop()` ends its connections and removes it. */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'rd_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.end();
    },
  };
}

/** A fresh database (PGlite in memory, or a new PostgreSQL database with TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const created = await createPostgresDatabase(adminUrl);
    const database = openPostgres(created.url);
    await database.migrate();
    return { database, drop: created.drop };
  }
  return { database: await openPglite(undefined, await migratedPgliteImage()), drop: async () => {} };
}

let migratedImage: Promise<Blob> | undefined;

/**
 * A migrated empty PGlite database as a tarball, made once per test worker: a test database then starts
 * from it in a fraction of the time initdb and the migrations take (decision 059).
 */
function migratedPgliteImage(): Promise<Blob> {
  migratedImage ??= (async () => {
    const template = await openPglite();
    try {
      await template.migrate();
      if (!template.snapshot) throw new Error('PGlite databases take snapshots');
      return await template.snapshot('none');
    } finally {
      await template.close();
    }
  })();
  return migratedImage;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  deps?: Omit<AppDeps, 'db'>;
  listen?: boolean;
}

/** One app with its own database and data folder, listening on 127.0.0.1 on a random port. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-test-'));
  const clock = { offsetMs: 0 };
  const config: AppConfig = {
    ...parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...options.env,
    }),
    now: () => new Date(Date.now() + clock.offsetMs),
  };
  const { database, drop } = await openTestDatabase();
  const app = await buildApp(config, { db: database.db, ...options.deps });
  let baseUrl = '';
  if (options.listen !== false) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
    config.publicUrl = baseUrl;
  } else {
    await app.ready();
  }
  return {
    app,
    db: database.db,
    config,
    baseUrl,
    dataDir,
    clock,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
