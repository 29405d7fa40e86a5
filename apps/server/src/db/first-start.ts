import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Set in the child process that prepares a new embedded database; it exits when the database is ready. */
export const PREPARE_ONLY_VARIABLE = 'RECRUITDESK_PREPARE_ONLY';

/** Where the embedded database keeps its files inside DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'db');

/** An embedded database that initdb has not yet created (no PG_VERSION): this start is its first. */
export function isNewEmbeddedDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): boolean {
  return !config.databaseUrl && !existsSync(path.join(embeddedDatabaseDir(config.dataDir), 'PG_VERSION'));
}

/**
 * Runs this same entry script in a child process with PREPARE_ONLY_VARIABLE set: it creates the database,
 * migrates and seeds it, sends back what it seeded and exits. The memory that initdb and the demo's
 * creation leave in the process (about 150 MB: PGlite's WASM heaps never shrink) goes with the child
 * (decision 066). Resolves with the child's message; rejects with the child's exit code.
 */
export function prepareInChildProcess<T>(entryScript: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(entryScript, process.argv.slice(2), {
      env: { ...process.env, [PREPARE_ONLY_VARIABLE]: '1' },
      stdio: 'inherit',
    });
    let message: { value: T } | undefined;
    child.on('message', (value) => {
      message = { value: value as T };
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && message) resolve(message.value);
      else reject(new PreparationFailed(code || 1, signal));
    });
  });
}

export class PreparationFailed extends Error {
  constructor(
    readonly exitCode: number,
    signal: NodeJS.Signals | null,
  ) {
    super(
      `Preparing the new embedded database failed (${signal ? `signal ${signal}` : `exit code ${exitCode}`}); its reason is printed above.`,
    );
  }
}

/** In the preparing child: a parent that is gone (killed during the first start) ends the preparation too. */
export function exitWithParent(): void {
  process.once('disconnect', () => process.exit(1));
}

/** In the preparing child: hands `value` to the parent, then ends the process. */
export function reportPreparedAndExit(value: unknown): void {
  process.send?.(value, (error: Error | null) => process.exit(error ? 1 : 0));
}
