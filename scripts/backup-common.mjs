// Shared by scripts/backup.mjs and scripts/restore.mjs (decision 051).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The names the server uses (apps/server/src/db/snapshot-on-signal.ts). */
export const SNAPSHOT = {
  server: 'server.json',
  request: 'backup-request.json',
  file: 'db.tar.gz',
  result: 'db-result.json',
};

/** DATA_DIR as the server reads it: the variable, or ./data, relative to the working directory. */
export const dataDirFromEnv = () => path.resolve(process.env.DATA_DIR || './data');

/** The server running on this DATA_DIR, if any (its server.json names a live process). */
export function runningServer(dataDir) {
  const file = path.join(dataDir, SNAPSHOT.server);
  if (!existsSync(file)) return null;
  let pid;
  try {
    pid = Number(JSON.parse(readFileSync(file, 'utf8')).pid);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return { pid };
  } catch (error) {
    // EPERM: alive but another user's process.
    return error.code === 'EPERM' ? { pid } : null;
  }
}

/** Opens the embedded database as the server does (pg_trgm on every open). */
export async function openEmbedded(dir, options = {}) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(dir, { extensions: { pg_trgm }, ...options });
  await db.waitReady;
  return db;
}
