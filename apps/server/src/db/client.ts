import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { EMBEDDED_SHARED_BUFFERS_DEFAULT } from '../config/env';
import { migrationsDir } from '../config/paths';
import { embeddedDatabaseDir } from './first-start';

/**
 * Both the PGlite and node-postgres drizzle databases (and their transactions) satisfy this. No schema
 * object: queries name their module's tables, so the platform knows no module (decision 007).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations, then refreshes the planner's statistics (ANALYZE). On PostgreSQL under the
   * start-up advisory lock, so servers starting together migrate one after the other (decision 046).
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the start-up lock (PostgreSQL: the session-level advisory lock
   * STARTUP_LOCK_KEY; PGlite: one process, no lock): the first-start seeding, so two servers starting on
   * an empty database do not both create the first owner.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Refreshes the planner's statistics of every table: after a bulk load (the demo, an import, the bench). */
  analyze(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database only: a tar.gz of its data directory taken between two statements, a
   * crash-consistent image that PostgreSQL recovers from its WAL on open (npm run backup, decision 051).
   * Uncompressed (a plain tar) when the image stays in memory, as the tests' migrated template does.
   */
  snapshot?(compression?: 'gzip' | 'none'): Promise<Blob>;
}

/**
 * Whether `db` (a database, not a transaction) is the embedded one (PGlite): what runs no autovacuum and
 * keeps its pages in DATA_DIR, so erasure vacuums the tables it rewrote (issue 34, docs/data-protection.md).
 */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * How often the embedded database refreshes its statistics: PGlite runs no autovacuum, so without this
 * the planner's row counts (pg_class.reltuples) stay unknown or stale (decision 023).
 */
export const PGLITE_ANALYZE_INTERVAL_MS = 10 * 60_000;

const analyzeAll = async (db: Db) => {
  await db.execute(sql`ANALYZE`);
};

/**
 * A read-only or full data directory stops the start with a message that says so, before the embedded
 * database is opened (its own failure would be an opaque abort).
 */
function assertWritable(dataDir: string) {
  const probe = path.join(dataDir, '.write-check');
  try {
    writeFileSync(probe, 'ok');
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why =
      code === 'ENOSPC'
        ? 'the disk is full'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code;
    throw new Error(
      `The data directory ${dataDir} is not writable (${why}): the embedded database needs to write there. Free space or fix its permissions, then start again.`,
      { cause: error },
    );
  }
}

/**
 * Opens a PGlite database: a directory path, or in-memory when dataDir is undefined. An in-memory database
 * may start from an image (`snapshot()`'s tarball), which skips initdb.
 */
export async function openPglite(
  dataDir?: string,
  image?: Blob,
  sharedBuffers = EMBEDDED_SHARED_BUFFERS_DEFAULT,
): Promise<Database> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    assertWritable(dataDir);
  }
  // pg_trgm must be passed on every open, not only the first. The buffers' size is a start parameter
  // (as `postgres -c`), so postgresql.conf stays as initdb wrote it.
  const options = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
  };
  const client = dataDir
    ? new PGlite(dataDir, options)
    : new PGlite({ ...options, ...(image ? { loadDataDir: image } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client });
  const timer = setInterval(() => {
    if (!client.closed) analyzeAll(db).catch((error: unknown) => console.error('Periodic ANALYZE failed', error));
  }, PGLITE_ANALYZE_INTERVAL_MS);
  timer.unref();
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: migrationsDir() });
      await analyzeAll(db);
    },
    analyze: () => analyzeAll(db),
    snapshot: async (compression = 'gzip') => {
      // A checkpoint first, so the image needs little WAL replay when restored.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir(compression);
    },
    exclusive: (work) => work(),
    close: async () => {
      clearInterval(timer);
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The key of the session-level advisory lock (`pg_advisory_lock`) that app servers take on PostgreSQL while
 * they migrate and seed at start-up: the ASCII bytes of "RD-MIGR". Fixed, so every version of RecruitDesk
 * on one database takes the same lock; an operator can see a holder in `pg_locks` (objid 0x4d494752 = the
 * low 32 bits, classid 0x52442d = the high ones) (docs/deployment.md, decision 046).
 */
export const STARTUP_LOCK_KEY = 0x52442d4d494752n;

/**
 * Runs `work` on a connection of its own that holds the start-up lock for the whole time. A session-level
 * lock, so migrations may commit in several transactions; a crash ends the session and frees the lock.
 */
async function withStartupLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

export function openPostgres(url: string): Database {
  // Bounded waits when PostgreSQL is down or every connection is busy: a 503 after 10 s, not a hang
  // (docs/operations.md, Faults). Keep-alive notices a vanished server on idle connections.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000, keepAlive: true });
  // A connection that PostgreSQL closes (restart, admin shutdown) is dropped from the pool and replaced on
  // the next query. Without these listeners its 'error' event would end the process: the pool's for idle
  // connections, each client's own for one checked out between two queries (inside a transaction).
  pool.on('error', (error) =>
    console.warn(`PostgreSQL closed an idle connection (${error.message}); it is replaced on the next query.`),
  );
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      console.warn(`PostgreSQL closed a connection in use (${error.message}); its request fails with 503.`),
    );
  });
  const db = drizzlePg({ client: pool });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    // The migrations and ANALYZE run on the locked connection itself; a server that waited finds them applied.
    migrate: () =>
      withStartupLock(url, async (client) => {
        const locked = drizzlePg({ client });
        await migratePg(locked, { migrationsFolder: migrationsDir() });
        await analyzeAll(locked);
      }),
    exclusive: (work) => withStartupLock(url, () => work()),
    analyze: () => analyzeAll(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
  embeddedSharedBuffers?: string;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(embeddedDatabaseDir(config.dataDir), undefined, config.embeddedSharedBuffers);
}
