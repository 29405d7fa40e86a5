import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
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
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rd_bench_${randomBytes(5).toString('hex')}`;
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
