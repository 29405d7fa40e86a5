import { ZipArchive } from 'archiver';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { isValidKey } from '../../lib/storage';
import {
  appVersion,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  EXCLUDED_TABLES,
  filePath,
  MANIFEST_NAME,
  tablePath,
  type Manifest,
  type ManifestFile,
  type ManifestTable,
} from './archive-format';
import {
  exportedTables,
  exportExpression,
  ident,
  identList,
  orderColumns,
  readCatalog,
  storageKeyColumns,
  writableColumns,
  type CatalogTable,
} from './table-catalog';

/** What the export reports as it goes (the job's progress; a plain callback in tests). */
export interface ArchiveProgress {
  progress(done: number, total: number | null, options?: { note?: string; force?: boolean }): Promise<void>;
  signal?: AbortSignal;
}

const FETCH_ROWS = 1000;

interface DumpedTable {
  table: CatalogTable;
  file: string;
  rows: number;
  bytes: number;
  sha256: string;
}

interface KeyOwner {
  table: string;
  column: string;
}

/**
 * Progress from inside a transaction is not awaited: on the embedded database (one connection) the job's
 * progress write waits for the transaction to end, so awaiting it there would never return.
 */
export function reportInTransaction(reporter: ArchiveProgress, done: number, total: number | null, note: string) {
  reporter.progress(done, total, { note }).catch(() => {});
}

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new Error('The export was stopped.');
}

/** A line-per-row dump of one table, read through a cursor so memory stays flat. */
async function dumpTable(tx: Db, table: CatalogTable, file: string): Promise<Omit<DumpedTable, 'table' | 'file'>> {
  const columns = writableColumns(table);
  const projection = sql.join(
    columns.map((column) => sql`${exportExpression(column)} AS ${ident(column.name)}`),
    sql`, `,
  );
  const out = createWriteStream(file, { mode: 0o600 });
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  await tx.execute(
    sql`DECLARE agency_export_rows NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS line FROM (SELECT ${projection} FROM ${ident(table.name)} ORDER BY ${identList(orderColumns(table))}) x`,
  );
  try {
    for (;;) {
      const batch = rowsOf<{ line: string }>(
        await tx.execute(sql`FETCH FORWARD ${sql.raw(String(FETCH_ROWS))} FROM agency_export_rows`),
      );
      if (batch.length === 0) break;
      const chunk = Buffer.from(batch.map((row) => `${row.line}\n`).join(''), 'utf8');
      hash.update(chunk);
      bytes += chunk.length;
      rows += batch.length;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      if (batch.length < FETCH_ROWS) break;
    }
  } finally {
    await tx.execute(sql`CLOSE agency_export_rows`);
    out.end();
    await finished(out);
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** Every storage key the records name, with the first column that names it. */
async function collectKeys(tx: Db, tables: CatalogTable[]): Promise<Map<string, KeyOwner>> {
  const keys = new Map<string, KeyOwner>();
  for (const table of tables) {
    for (const column of storageKeyColumns(table)) {
      const col = ident(column.name);
      const found = rowsOf<{ key: string }>(
        await tx.execute(
          sql`SELECT DISTINCT ${col} AS key FROM ${ident(table.name)} WHERE ${col} IS NOT NULL AND ${col} <> '' ORDER BY 1`,
        ),
      );
      for (const { key } of found) if (!keys.has(key)) keys.set(key, { table: table.name, column: column.name });
    }
  }
  return keys;
}

async function schemaMigration(db: Db): Promise<string | null> {
  try {
    const [row] = rowsOf<{ hash: string }>(
      await db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1`),
    );
    return row?.hash ?? null;
  } catch {
    return null;
  }
}

async function agencyName(db: Db): Promise<string | null> {
  try {
    const [row] = rowsOf<{ name: string | null }>(
      await db.execute(sql`SELECT agency_name AS name FROM agency_settings ORDER BY id LIMIT 1`),
    );
    return row?.name ?? null;
  } catch {
    return null;
  }
}

/** Passes bytes through while hashing and counting them. */
function hashing(): { stream: Transform; result: () => { sha256: string; bytes: number } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), bytes }) };
}

export interface WrittenArchive {
  /** The ZIP on the local disk; the caller moves it to storage and removes `dir`. */
  zipPath: string;
  dir: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes the agency archive to a temporary ZIP: every exported table as NDJSON read in one consistent
 * snapshot (a repeatable-read transaction), then every stored file the records name, then the manifest
 * with each entry's row count, size and sha256. Memory stays flat: rows go through a cursor to disk and
 * files stream from the storage into the ZIP one at a time.
 */
export async function writeAgencyArchive(deps: Deps, reporter: ArchiveProgress): Promise<WrittenArchive> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rd-export-'));
  try {
    const catalog = await readCatalog(deps.db);
    const tables = exportedTables(catalog);
    const dumped: DumpedTable[] = [];
    let keys = new Map<string, KeyOwner>();
    await reporter.progress(0, tables.length, { note: 'Reading the records', force: true });
    await deps.db.transaction(
      async (tx) => {
        for (const table of tables) {
          throwIfAborted(reporter.signal);
          const file = path.join(dir, `${table.name}.ndjson`);
          dumped.push({ table, file, ...(await dumpTable(tx as unknown as Db, table, file)) });
          reportInTransaction(reporter, dumped.length, tables.length, table.name);
        }
        keys = await collectKeys(tx as unknown as Db, tables);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const total = tables.length + keys.size;
    const zipPath = path.join(dir, 'agency.zip');
    const output = createWriteStream(zipPath, { mode: 0o600 });
    const zip = new ZipArchive({ zlib: { level: 6 } });
    const failed = new Promise<never>((_resolve, reject) => {
      zip.on('error', reject);
      output.on('error', reject);
    });
    failed.catch(() => {});
    zip.pipe(output);
    /** Appends one entry and waits until the archive has taken it whole. */
    const add = async (source: Readable | Buffer, name: string) => {
      const taken = new Promise<void>((resolve) => {
        const onEntry = (entry: { name: string }) => {
          if (entry.name === name) {
            zip.off('entry', onEntry);
            resolve();
          }
        };
        zip.on('entry', onEntry);
      });
      zip.append(source, { name, date: deps.config.now() });
      await Promise.race([taken, failed]);
    };
    let done = 0;
    const manifestTables: ManifestTable[] = [];
    for (const item of dumped) {
      throwIfAborted(reporter.signal);
      await add(createReadStream(item.file), tablePath(item.table.name));
      await rm(item.file, { force: true });
      manifestTables.push({
        name: item.table.name,
        path: tablePath(item.table.name),
        rows: item.rows,
        bytes: item.bytes,
        sha256: item.sha256,
        columns: writableColumns(item.table).map((column) => ({ name: column.name, type: column.type })),
        primary_key: item.table.primaryKey,
      });
      await reporter.progress(++done, total, { note: item.table.name });
    }
    const files: ManifestFile[] = [];
    const missing: Manifest['missing_files'] = [];
    for (const [key, owner] of keys) {
      throwIfAborted(reporter.signal);
      const info = isValidKey(key) ? await deps.storage.head(key) : null;
      if (!info) {
        missing.push({ table: owner.table, column: owner.column, key });
      } else {
        const hashed = hashing();
        const source = await deps.storage.openRead(key);
        source.on('error', (error) => hashed.stream.destroy(error));
        await add(source.pipe(hashed.stream), filePath(key));
        const { sha256, bytes } = hashed.result();
        files.push({
          key,
          path: filePath(key),
          bytes,
          sha256,
          content_type: info.contentType ?? 'application/octet-stream',
        });
      }
      await reporter.progress(++done, total, { note: 'files' });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      format_version: ARCHIVE_FORMAT_VERSION,
      app_version: appVersion(),
      schema_migration: await schemaMigration(deps.db),
      created_at: deps.config.now().toISOString(),
      agency_name: await agencyName(deps.db),
      tables: manifestTables,
      files,
      missing_files: missing,
      excluded_tables: Object.keys(EXCLUDED_TABLES).filter((name) => catalog.has(name)),
    };
    await add(Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'), MANIFEST_NAME);
    await Promise.race([zip.finalize(), failed]);
    await Promise.race([finished(output), failed]);
    const { size } = await stat(zipPath);
    return { zipPath, dir, bytes: size, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
