import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { countUsers } from '../users/users.service';
import { seedOnStart } from './demo.service';

const serverEntry = path.join(import.meta.dirname, '..', '..', 'server.ts');
const OWNER_PASSWORD = 'Harbour-Lantern-Quiet-93';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('first start in production (security §25)', { timeout: 90_000 }, () => {
  it('never creates the demo agency and refuses an empty database without OWNER_EMAIL/OWNER_PASSWORD', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', DEMO_PASSWORD: 'Demo-Password-Strong-42' } });
    for (const kind of ['pglite', 'postgres'] as const) {
      const refusal = await seedOnStart(t.app.deps, kind).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toContain('OWNER_EMAIL');
      expect((refusal as Error).message).toContain('OWNER_PASSWORD');
    }
    expect(await countUsers(t.db)).toBe(0);
  });

  it('names the one variable that is missing', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', OWNER_EMAIL: 'boss@agency.example' } });
    const refusal = (await seedOnStart(t.app.deps, 'pglite').catch((error: unknown) => error)) as ConfigError;
    expect(refusal.variable).toBe('OWNER_PASSWORD');
    expect(refusal.message).toContain('missing: OWNER_PASSWORD');
  });

  it('checks OWNER_PASSWORD against the password policy', async () => {
    for (const weak of ['password1234', 'boss.agency-2024', '12345678901']) {
      t = await buildTestApp({
        env: { NODE_ENV: 'production', OWNER_EMAIL: 'boss.agency@agency.example', OWNER_PASSWORD: weak },
      });
      const refusal = (await seedOnStart(t.app.deps, 'pglite').catch((error: unknown) => error)) as ConfigError;
      expect(refusal).toBeInstanceOf(ConfigError);
      expect(refusal.variable).toBe('OWNER_PASSWORD');
      expect(refusal.message).toMatch(/password policy/);
      expect(await countUsers(t.db)).toBe(0);
      await t.close();
      t = undefined;
    }
  });

  it('creates only the owner from the environment: the owner signs in, the demo logins do not exist', async () => {
    t = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        OWNER_EMAIL: 'Boss@Agency.example',
        OWNER_PASSWORD,
        DEMO_PASSWORD: OWNER_PASSWORD,
      },
    });
    expect(await seedOnStart(t.app.deps, 'pglite')).toEqual({ kind: 'owner-created', email: 'boss@agency.example' });
    const demo = new HttpClient(t.baseUrl);
    expect(
      (await demo.post('/api/auth/login/', { email: 'owner@demo.test', password: OWNER_PASSWORD, remember_me: false }))
        .status,
    ).toBe(400);
    const owner = new HttpClient(t.baseUrl);
    const me = await owner.login('boss@agency.example', OWNER_PASSWORD);
    expect(me.json.user.user_type).toEqual(['owner']);
    expect((await owner.get('/api/clients/')).json.count).toBe(0);
    // A second start finds users and changes nothing.
    expect(await seedOnStart(t.app.deps, 'pglite')).toEqual({ kind: 'none' });
    expect(await countUsers(t.db)).toBe(1);
  });

  it('outside production a weak DEMO_PASSWORD stops the demo agency from being created', async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'development', DEMO_PASSWORD: 'password1234' } });
    const refusal = (await seedOnStart(t.app.deps, 'pglite').catch((error: unknown) => error)) as ConfigError;
    expect(refusal.variable).toBe('DEMO_PASSWORD');
    expect(await countUsers(t.db)).toBe(0);
  });
});

describe('the server process', { timeout: 180_000 }, () => {
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rd-first-start-'));
    dataDirs.push(dir);
    return dir;
  };
  const baseEnv = () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: freshDataDir(), HOST: '127.0.0.1' };
    for (const name of ['DATABASE_URL', 'OWNER_EMAIL', 'OWNER_PASSWORD', 'DEMO_PASSWORD', 'REDIS_URL'])
      delete env[name];
    return env;
  };

  it('exits 1 on an empty production database without the owner variables, naming them', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...baseEnv(), NODE_ENV: 'production', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('OWNER_EMAIL');
    expect(result.stderr).toContain('OWNER_PASSWORD');
    expect(result.stdout).not.toContain('demo.test');
  }, 70_000);

  it('starts in production with the owner variables and serves only that owner', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...baseEnv(),
        NODE_ENV: 'production',
        PORT: String(port),
        OWNER_EMAIL: 'first@agency.example',
        OWNER_PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      () => output.includes('Owner account created'),
      120_000,
      () => output,
    );
    expect(output).not.toContain('demo.test');
    const client = new HttpClient(`http://127.0.0.1:${port}`);
    await client.login('first@agency.example', OWNER_PASSWORD);
    const users = (await client.get('/api/users/')).json;
    expect(users.count).toBe(1);
    child.kill('SIGTERM');
  }, 70_000);

  it('on a new embedded database prepares the demo in a child process: the banner names its generated password, which signs in, and a restart finds the demo', async () => {
    const env = { ...baseEnv(), NODE_ENV: 'development' };
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor(
        () => output.includes('RecruitDesk is running'),
        150_000,
        () => output,
      );
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      return { port, output: () => output, stop: () => (child.kill('SIGTERM'), stopped) };
    };
    const first = await start();
    expect(first.output()).toContain('Demo logins (created now):');
    const password = /password: (\S+)\n {2}\(randomly generated/.exec(first.output())?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const owner = new HttpClient(`http://127.0.0.1:${first.port}`);
    await owner.login('owner@demo.test', password!);
    expect((await owner.get('/api/candidates/')).json.count).toBeGreaterThan(100);
    await first.stop();

    const second = await start();
    expect(second.output()).toContain('Demo logins:\n');
    expect(second.output()).not.toContain(password!);
    await new HttpClient(`http://127.0.0.1:${second.port}`).login('owner@demo.test', password!);
    await second.stop();
  }, 320_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(done: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; output:\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
