/**
 * Real processes for the fault tests (npm run test:faults): the app server as its own process (tsx on the
 * sources, so no build is needed), a private PostgreSQL cluster and a private Redis that a test may stop
 * and start without touching the machine's shared services.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from '../../src/test/http-client';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OWNER_EMAIL = 'owner@faults.test';
export const OWNER_PASSWORD = 'a-long-fault-test-passphrase-1';
export const isRoot = process.getuid?.() === 0;

/** A port the OS has just handed out (then released), so parallel runs do not collide. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` stops throwing, or fails with its last error after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 120_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(everyMs);
    }
  }
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `rd-faults-${prefix}-`));
}

export interface ServerProcess {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill9(): Promise<void>;
  /** SIGTERM: the server's own graceful shutdown. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** Run as this system user (root only), e.g. to make file permissions count. */
  user?: string;
}

/** Starts a server that is expected to refuse to start: resolves with its exit code and output. */
export async function startServerExpectingFailure(
  options: ServerOptions,
): Promise<{ code: number | null; output: string }> {
  const server = await startServer({ ...options, waitUntilReady: false });
  const ended = await waitForExit(server);
  return { code: ended.code, output: server.output() };
}

/** Starts `src/server.ts` in production mode with a first owner; resolves once /healthz answers. */
export async function startServer(options: ServerOptions & { waitUntilReady?: boolean }): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    OWNER_EMAIL,
    OWNER_PASSWORD,
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
    ...options.env,
  };
  const args = ['--import', 'tsx', 'src/server.ts'];
  const child = options.user
    ? spawn('runuser', ['-u', options.user, '--', process.execPath, ...args], {
        cwd: serverDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, args, { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    port,
    baseUrl,
    process: child,
    output: () => output,
    exited,
    async kill9() {
      // runuser forwards no SIGKILL: kill the node process itself (the runuser's only child).
      if (options.user) spawnSync('pkill', ['-KILL', '-P', String(child.pid)]);
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (ended) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
  if (options.waitUntilReady === false) return server;
  await eventually(async () => {
    if (ended) throw new Error(`the server exited before it was ready:\n${output}`);
    const response = await fetch(`${baseUrl}/healthz`);
    if (response.status !== 200) throw new Error(`healthz ${response.status}`);
  }, 180_000).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return server;
}

/** Waits for a process to end; fails with its output when it is still running after the time allowed. */
export async function waitForExit(server: ServerProcess, timeoutMs = 120_000) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms:\n${server.output()}`)), timeoutMs);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function signedInOwner(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  await client.login(OWNER_EMAIL, OWNER_PASSWORD);
  return client;
}

const PG_BIN = ['/usr/lib/postgresql/15/bin', ...['17', '16', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`)].find(
  (dir) => existsSync(path.join(dir, 'initdb')),
);

export function pgBinary(name: string): string {
  if (!PG_BIN) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin');
  return path.join(PG_BIN, name);
}

function asPostgresUser(command: string, args: string[]) {
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * A private PostgreSQL cluster in a temporary folder on its own port: the tests stop and start it at will
 * (initdb refuses root, so as root it runs as the `postgres` user).
 */
export async function startPrivatePostgres() {
  const root = tempDir('pg');
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  if (isRoot) {
    const pgUid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const pgGid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(root, pgUid, pgGid);
    chownSync(dataDir, pgUid, pgGid);
  }
  asPostgresUser(pgBinary('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const logFile = path.join(root, 'postgres.log');
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const instance = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start() {
      asPostgresUser(pgBinary('pg_ctl'), ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '120', 'start']);
    },
    stop() {
      asPostgresUser(pgBinary('pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
    },
    remove() {
      try {
        instance.stop();
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  instance.start();
  return instance;
}

/** A private Redis on its own port, without persistence; `kill()` ends it at once. */
export async function startPrivateRedis(port?: number) {
  const redisPort = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(async () => {
    const result = spawnSync('redis-cli', ['-p', String(redisPort), 'ping'], { encoding: 'utf8' });
    if (result.stdout.trim() !== 'PONG') throw new Error('redis not ready');
  }, 30_000);
  return {
    port: redisPort,
    url: `redis://127.0.0.1:${redisPort}`,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
