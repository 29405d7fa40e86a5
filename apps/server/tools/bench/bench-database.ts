import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../../src/test/build-test-app';
import { serverNodeArgs, serverProcessEnv } from '../../../../scripts/server-env.mjs';

/**
 * Runs this bench script again the way `npm start` runs the embedded server (its Node options and environment,
 * scripts/server-env.mjs), so its memory figures are the server's. Answers true in the parent (which should
 * then stop: the child did the work and its exit code is the parent's), false in the child.
 */
export async function rerunAsEmbeddedServer(scriptUrl: string): Promise<boolean> {
  if (process.env.BENCH_AS_SERVER === '1') return false;
  const code = await new Promise<number>((resolve) => {
    const child = fork(fileURLToPath(scriptUrl), process.argv.slice(2), {
      env: serverProcessEnv({ ...process.env, BENCH_AS_SERVER: '1' }),
      execArgv: ['--import', 'tsx', ...serverNodeArgs({ ...process.env, DATABASE_URL: undefined })],
      stdio: 'inherit',
    });
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  process.exitCode = code;
  return true;
}

/** A fresh PostgreSQL database next to `adminUrl`'s, for one bench run; `drop()` ends its connections and removes it. */
export const createBenchDatabase = (adminUrl: string) => createPostgresDatabase(adminUrl, 'rd_bench');
