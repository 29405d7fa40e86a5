import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Db } from '../db/client';
import { isEmbedded } from '../db/client';
import { rowsOf } from '../db/sql-helpers';

// Where the erasure proof looks for a person's markers: a ZIP's entries, a directory's files, the
// PostgreSQL database's pg_dump, the embedded database's data files.

/** The places among `haystack` that contain any marker (case-insensitive), named by `where`. */
export function markersIn(where: string, haystack: string | Buffer, markers: readonly string[]): string[] {
  const text = (typeof haystack === 'string' ? haystack : haystack.toString('latin1')).toLowerCase();
  return markers.filter((marker) => text.includes(marker.toLowerCase())).map((marker) => `${where}: ${marker}`);
}

/** Every entry of a ZIP, inflated. */
export function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every file under `dir` (names and contents). */
export async function filesUnder(dir: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (!existsSync(dir)) return found;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, file), await readFile(file));
  }
  return found;
}

/**
 * The database's own bytes: on PostgreSQL, `pg_dump` of it (data only is what could hold a person); on the
 * embedded database, its data directory's files after a CHECKPOINT, without the write-ahead log (pg_wal:
 * docs/data-protection.md says what it keeps and for how long).
 */
export async function databaseBytes(db: Db): Promise<{ kind: 'pg_dump' | 'pglite-files'; files: Map<string, Buffer> }> {
  if (isEmbedded(db)) {
    const client = (
      db as unknown as { $client: { exec(q: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> } }
    ).$client;
    await client.exec('CHECKPOINT');
    const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    return { kind: 'pglite-files', files: untar(tar, (name) => !name.includes('pg_wal/')) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('PostgreSQL tests run with TEST_DATABASE_URL');
  const [{ name } = { name: '' }] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', url.toString()], {
    maxBuffer: 512 * 1024 * 1024,
    encoding: 'buffer',
  });
  return { kind: 'pg_dump', files: new Map([['pg_dump', stdout]]) };
}

/** A plain (ustar) tar's regular files. */
function untar(tar: Buffer, keep: (name: string) => boolean): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    if ((type === '0' || type === '') && keep(name)) files.set(name, body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
