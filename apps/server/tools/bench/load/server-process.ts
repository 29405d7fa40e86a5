/**
 * The built server (apps/server/dist/server.js) as a child process of the load scripts: started with
 * its environment, ready when /healthz answers, its resident memory read from /proc, stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../../src/config/paths';

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident set size in MB (VmRSS), or null once the process is gone. */
  rssMb(): number | null;
  /** The lines the server wrote (stdout and stderr), for a failure's report. */
  output(): string;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();
/** Children still running when this process ends (a crash included) are killed with it. */
export function killOnExit(child: ChildProcess): void {
  if (children.size === 0) process.on('exit', () => children.forEach((one) => one.kill('SIGKILL')));
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export function rssMbOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) while starting:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts dist/server.js on 127.0.0.1:port with `env` added to this process's environment. */
export async function startServer(options: {
  port: number;
  env: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
  /** The server's log goes to this file (else kept in memory, the last 20 kB). */
  logFile?: string;
}): Promise<ServerProcess> {
  const entry = path.join(serverRoot(), 'dist', 'server.js');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
    stdio: options.logFile
      ? ['ignore', openSync(options.logFile, 'a'), openSync(options.logFile, 'a')]
      : ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let text = '';
  const logFile = options.logFile;
  const readLog = () => (logFile ? readFileSync(logFile, 'utf8').slice(-20_000) : text);
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, child, readLog, options.timeoutMs ?? 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssMb: () => rssMbOf(pid),
    output: readLog,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
