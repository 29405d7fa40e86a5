/**
 * The services under the app server go away and come back:
 * - PostgreSQL restarted under load (a private cluster of our own, so the machine's shared server is never
 *   touched): /readyz 503 while it is down, requests end with a 503 JSON error (no hang, no 500, no stack),
 *   and the same server process recovers on its own.
 * - Redis killed: sign-in keeps working with the attempt limits counted in memory, the log says so once,
 *   and says so again when Redis is back (decision 051).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { HttpClient } from '../../src/test/http-client';
import {
  eventually,
  OWNER_EMAIL,
  OWNER_PASSWORD,
  signedInOwner,
  startPrivatePostgres,
  startPrivateRedis,
  startServer,
  tempDir,
} from './harness';

/** Generous: an answer must come, however loaded the machine; what is asserted is that it comes at all. */
const NO_HANG_MS = 60_000;

async function timedFetch(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(NO_HANG_MS) });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}

function expectUnavailableBody(response: { status: number; text: string; headers: Headers }) {
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = JSON.parse(response.text) as Record<string, unknown>;
  expect(body).toEqual({ success: false, error: expect.stringMatching(/database/i), code: 'DATABASE_UNAVAILABLE' });
  expect(response.text).not.toMatch(/\bat .*\.(ts|js):\d+|ECONNREFUSED|stack/i);
}

describe('services going away under the app server', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('PostgreSQL restarted under load: 503 while down, recovery without a restart of the app', async () => {
    const postgres = await startPrivatePostgres();
    cleanups.push(() => postgres.remove());
    const dataDir = tempDir('pg-restart');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({
      dataDir,
      env: { DATABASE_URL: postgres.url, SECRET_KEY: 'fault-test-secret-key-0123456789abcdef' },
    });
    cleanups.push(() => server.stop());
    onTestFailed(() => console.error(`server output:\n${server.output().slice(-6000)}`));
    const client = await signedInOwner(server.baseUrl);
    expect((await timedFetch(`${server.baseUrl}/readyz`)).status).toBe(200);

    // Load: readers and writers that keep going through the outage and note every status they get.
    const statuses = new Map<number, number>();
    const bodies: string[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const response =
          i % 2 === 0
            ? await client.get('/api/candidates/?search=Restart')
            : await client.post('/api/candidates/', { first_name: 'Restart', last_name: `W${w}-${i}` });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) bodies.push(response.text);
      }
    };
    const workers = Promise.all([0, 1, 2].map(worker));
    await eventually(async () => expect(statuses.get(201) ?? 0).toBeGreaterThan(5));

    postgres.stop();
    // While it is down: readiness says so, and requests end with the clear 503.
    const ready = await timedFetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toEqual({ status: 'unavailable' });
    const list = await client.get('/api/candidates/');
    expectUnavailableBody({ status: list.status, text: list.text, headers: list.headers });
    const write = await client.post('/api/candidates/', { first_name: 'Restart', last_name: 'While-down' });
    expectUnavailableBody({ status: write.status, text: write.text, headers: write.headers });
    const signIn = await new HttpClient(server.baseUrl).post('/api/auth/login/', {
      email: OWNER_EMAIL,
      password: OWNER_PASSWORD,
    });
    expect(signIn.status).toBe(503);
    await eventually(async () => expect(statuses.get(503) ?? 0).toBeGreaterThan(3));

    postgres.start();
    // Back on its own: the same process, the same session.
    await eventually(async () => expect((await timedFetch(`${server.baseUrl}/readyz`)).status).toBe(200));
    await eventually(async () =>
      expect((await client.post('/api/candidates/', { first_name: 'Restart', last_name: 'After' })).status).toBe(201),
    );
    const after = statuses.get(201) ?? 0;
    await eventually(async () => expect(statuses.get(201) ?? 0).toBeGreaterThan(after + 5));
    running = false;
    await workers;

    // Only successes and the clear 503 were answered: no 500, no hang (every worker request returned).
    expect([...statuses.keys()].sort()).toEqual([200, 201, 503]);
    for (const body of bodies) expect(JSON.parse(body)).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    expect(server.output()).not.toMatch(/unexpected error/);
    expect(server.process.exitCode).toBeNull();
    process.stdout.write(
      `PostgreSQL restart under load: ${JSON.stringify(Object.fromEntries(statuses))} (status: count)\n`,
    );
  });

  it('Redis down: sign-in works with the limits in memory, logged once each way', async () => {
    const redis = await startPrivateRedis();
    cleanups.push(() => redis.kill());
    const dataDir = tempDir('redis-down');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await startServer({ dataDir, env: { REDIS_URL: redis.url } });
    cleanups.push(() => server.stop());
    onTestFailed(() => console.error(`server output:\n${server.output().slice(-6000)}`));
    await signedInOwner(server.baseUrl);
    expect(server.output()).not.toMatch(/Redis unreachable/);

    await redis.kill();
    // Sign-in still works, several times, and the switch is logged once.
    for (let i = 0; i < 3; i++) await signedInOwner(server.baseUrl);
    expect(server.output().match(/Redis unreachable/g)).toHaveLength(1);
    // The limits still hold, counted in this server's memory: 5 wrong passwords, then 429.
    const attacker = new HttpClient(server.baseUrl);
    const wrong = [];
    for (let i = 0; i < 6; i++)
      wrong.push(
        (await attacker.post('/api/auth/login/', { email: OWNER_EMAIL, password: `wrong-password-${i}` })).status,
      );
    expect(wrong).toEqual([400, 400, 400, 400, 400, 429]);
    expect(server.output().match(/Redis unreachable/g)).toHaveLength(1);

    // Redis back on the same port: the counters go back to it, and the log says so.
    const again = await startPrivateRedis(redis.port);
    cleanups.push(() => again.kill());
    await eventually(async () => {
      await signedInOwner(server.baseUrl).catch(() => {});
      expect(server.output()).toMatch(/Redis answers again/);
    });
    await signedInOwner(server.baseUrl);
  });
});
