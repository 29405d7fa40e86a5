import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounterStore, redisCounterStore, Throttle, type CounterStore } from '../../lib/throttle';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_TEST_PASSWORD, insertUser } from '../../factories/users.factory';
import { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('brute-force limits', () => {
  it('locks an account after 5 failures with 429 and Retry-After; success clears it', async () => {
    const user = await insertUser(t.db);
    const client = new HttpClient(t.baseUrl);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/login/', { email: user.email, password: `wrong-${i}` })).status).toBe(400);
    }
    const blocked = await client.post('/api/auth/login/', { email: user.email, password: DEFAULT_TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toBe(AUTH_MESSAGES.tooManyAttempts);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Another account from the same IP still works.
    const other = await insertUser(t.db);
    expect(
      (await client.post('/api/auth/login/', { email: other.email, password: DEFAULT_TEST_PASSWORD })).status,
    ).toBe(200);
  });

  it('limits one IP to 20 failures across accounts; successful sign-ins do not use up the IP', async () => {
    const client = new HttpClient(t.baseUrl);
    // Successful sign-ins from the same (shared office) IP are given back.
    for (let i = 0; i < 25; i++) {
      const user = await insertUser(t.db);
      expect(
        (
          await new HttpClient(t.baseUrl).post('/api/auth/login/', {
            email: user.email,
            password: DEFAULT_TEST_PASSWORD,
          })
        ).status,
      ).toBe(200);
    }
    let last = 0;
    // 5 failures were counted for this IP by the previous test.
    for (let i = 0; i < 16; i++) {
      last = (await client.post('/api/auth/login/', { email: `nobody-${i}@example.test`, password: 'wrong-password' }))
        .status;
    }
    expect(last).toBe(429);
    const response = await client.post('/api/auth/login/', { email: 'someone-else@example.test', password: 'x' });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBeTruthy();
  });
});

/** Fires `count` requests at once and tallies the statuses. */
async function burst(count: number, send: () => Promise<{ status: number; headers: Headers }>) {
  const answers = await Promise.all(Array.from({ length: count }, send));
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  return { answers, statuses };
}

async function concurrentWrongLogins(app: TestApp) {
  const user = await insertUser(app.db);
  const client = new HttpClient(app.baseUrl);
  await client.get('/api/auth/csrf-token/');
  let slowestHealth = 0;
  const health = (async () => {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - started);
    }
  })();
  const { answers, statuses } = await burst(200, () =>
    client.post('/api/auth/login/', { email: user.email, password: 'wrong-password-123' }),
  );
  await health;
  // A 400 is an answered verification; every other answer must be a 429 that did no argon2 work.
  expect(statuses.get(400) ?? 0).toBeGreaterThanOrEqual(1);
  expect(statuses.get(400) ?? 0).toBeLessThanOrEqual(5);
  expect((statuses.get(400) ?? 0) + (statuses.get(429) ?? 0)).toBe(200);
  for (const answer of answers.filter((a) => a.status === 429))
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(slowestHealth).toBeLessThan(2000);
  // The right password is refused too while the account is locked.
  expect((await client.post('/api/auth/login/', { email: user.email, password: DEFAULT_TEST_PASSWORD })).status).toBe(
    429,
  );
}

// 200 parallel requests each: a minute on a loaded 2-core machine.
describe('reserve, then verify (security §8): parallel attempts cannot outrun the count', { timeout: 90_000 }, () => {
  it('200 concurrent wrong sign-ins for one account: at most 5 verified, the rest 429 with Retry-After', async () => {
    const app = await buildTestApp();
    try {
      await concurrentWrongLogins(app);
    } finally {
      await app.close();
    }
  });

  it('the same with the counters in Redis', async (context) => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch {
      redis.disconnect();
      if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL=${url} is not reachable`);
      context.skip('no Redis on 127.0.0.1:6379 and TEST_REDIS_URL unset');
      return;
    }
    const store = redisCounterStore(redis, `rd-test-${Date.now()}-${Math.random().toString(36).slice(2)}:`);
    const app = await buildTestApp({ deps: { throttle: new Throttle(store) } });
    try {
      await concurrentWrongLogins(app);
    } finally {
      await app.close();
      await store.close();
    }
  });

  it('password change: 200 concurrent wrong current passwords, at most 5 verified', async () => {
    const user = await insertUser(t.db);
    const client = await signedInClient(t, user);
    await client.get('/api/auth/csrf-token/');
    const { statuses } = await burst(200, () =>
      client.post('/api/profile/password/', {
        current_password: 'not-my-password-1',
        new_password: 'A-new-password-42',
      }),
    );
    expect(statuses.get(400) ?? 0).toBeGreaterThanOrEqual(1);
    expect(statuses.get(400) ?? 0).toBeLessThanOrEqual(5);
    expect((statuses.get(400) ?? 0) + (statuses.get(429) ?? 0)).toBe(200);
  });

  it('invitation token lookups: 200 concurrent guesses from one IP, at most 20 looked up', async () => {
    const app = await buildTestApp();
    try {
      let n = 0;
      const anonymous = new HttpClient(app.baseUrl);
      const { statuses } = await burst(200, () => anonymous.get(`/api/registration/validate/guess-${n++}/`));
      expect(statuses.get(404) ?? 0).toBeGreaterThanOrEqual(1);
      expect(statuses.get(404) ?? 0).toBeLessThanOrEqual(20);
      expect((statuses.get(404) ?? 0) + (statuses.get(429) ?? 0)).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('password reset requests: 200 concurrent for one email, at most 5 accepted', async () => {
    const app = await buildTestApp();
    try {
      const user = await insertUser(app.db);
      const client = new HttpClient(app.baseUrl);
      await client.get('/api/auth/csrf-token/');
      const { statuses } = await burst(200, () => client.post('/api/auth/password-reset/', { email: user.email }));
      expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(1);
      expect(statuses.get(200) ?? 0).toBeLessThanOrEqual(5);
      expect((statuses.get(200) ?? 0) + (statuses.get(429) ?? 0)).toBe(200);
    } finally {
      await app.close();
    }
  });
});

async function checkStore(store: CounterStore) {
  const throttle = new Throttle(store);
  const limit = { key: 'acct:x', max: 2, windowSeconds: 60 };
  expect(await throttle.reserve([limit])).toBeNull();
  expect(await throttle.reserve([limit])).toBeNull();
  const wait = await throttle.reserve([limit]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  // A released attempt frees one slot; a refused one was already given back.
  await throttle.release([limit]);
  expect(await throttle.reserve([limit])).toBeNull();
  expect(await throttle.reserve([limit])).not.toBeNull();
  await throttle.clear([limit.key]);
  expect(await throttle.reserve([limit])).toBeNull();
  // Releasing never goes below zero or opens a window.
  await throttle.release([{ key: 'never-used', max: 1, windowSeconds: 60 }]);
  await throttle.release([{ key: 'never-used', max: 1, windowSeconds: 60 }]);
  expect(await throttle.reserve([{ key: 'never-used', max: 1, windowSeconds: 60 }])).toBeNull();
  expect(await throttle.reserve([{ key: 'never-used', max: 1, windowSeconds: 60 }])).not.toBeNull();
  await store.close();
}

describe('counter stores', () => {
  it('memory', async () => {
    await checkStore(memoryCounterStore());
  });

  it('Redis', async (context) => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    try {
      await redis.connect();
    } catch {
      redis.disconnect();
      if (process.env.TEST_REDIS_URL) throw new Error('TEST_REDIS_URL is not reachable');
      context.skip('no Redis on 127.0.0.1:6379 and TEST_REDIS_URL unset');
      return;
    }
    await checkStore(redisCounterStore(redis, `rd-test-${Date.now()}:`));
  });
});
