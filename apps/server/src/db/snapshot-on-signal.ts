import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';

/** Written while a server runs on the embedded database: `npm run backup` asks it, `npm run restore` refuses. */
export const SERVER_FILE = 'server.json';
/** What `npm run backup` writes before signalling: where the snapshot goes. */
export const SNAPSHOT_REQUEST_FILE = 'backup-request.json';
export const SNAPSHOT_FILE = 'db.tar.gz';
export const SNAPSHOT_RESULT_FILE = 'db-result.json';

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * The embedded database belongs to this one process, so a consistent copy can only come from it: on
 * SIGUSR2 it reads DATA_DIR/backup-request.json ({"dir": …}) and writes db.tar.gz and db-result.json
 * there (decision 051). Only a process that may signal this one (same user or root) and write DATA_DIR can
 * ask, which already grants the data. Returns the function that stops it and removes server.json.
 */
export function serveSnapshotsOnSignal(database: Database, dataDir: string, log: Log): () => void {
  const snapshot = database.snapshot;
  if (!snapshot) return () => {};
  const serverFile = path.join(dataDir, SERVER_FILE);
  writeFileSync(serverFile, `${JSON.stringify({ pid: process.pid, database: database.kind })}\n`, { mode: 0o600 });
  let running = Promise.resolve();
  const take = async () => {
    const requestFile = path.join(dataDir, SNAPSHOT_REQUEST_FILE);
    let dir: string;
    try {
      dir = String((JSON.parse(readFileSync(requestFile, 'utf8')) as { dir?: unknown }).dir ?? '');
      rmSync(requestFile, { force: true });
      if (!path.isAbsolute(dir)) throw new Error('"dir" must be an absolute path');
    } catch (error) {
      log.error({ reason: (error as Error).message }, 'backup signal without a valid backup-request.json: ignored');
      return;
    }
    const result = path.join(dir, SNAPSHOT_RESULT_FILE);
    try {
      const blob = await snapshot();
      const partial = path.join(dir, `${SNAPSHOT_FILE}.partial`);
      writeFileSync(partial, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      renameSync(partial, path.join(dir, SNAPSHOT_FILE));
      writeFileSync(result, JSON.stringify({ ok: true, bytes: blob.size }));
      log.info({ dir, bytes: blob.size }, 'database snapshot written for a backup');
    } catch (error) {
      log.error({ dir, reason: (error as Error).message }, 'database snapshot failed');
      writeFileSync(result, JSON.stringify({ ok: false, error: (error as Error).message }));
    }
  };
  // One at a time, in order.
  const onSignal = () => {
    running = running.then(take);
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(serverFile, { force: true });
  };
}
