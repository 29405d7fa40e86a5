import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { closedPort } from '../../test/closed-port';

async function readiness(env: Record<string, string>) {
  const t = await buildTestApp({ env });
  try {
    const client = new HttpClient(t.baseUrl);
    const [health, ready] = [await client.get('/healthz'), await client.get('/readyz')];
    return { health: { status: health.status, json: health.json }, ready: { status: ready.status, json: ready.json } };
  } finally {
    await t.close();
  }
}

describe('/readyz checks Redis when REDIS_URL is set', () => {
  it('answers 503 unavailable while Redis does not answer; /healthz stays ok', async () => {
    const { health, ready } = await readiness({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    expect(health).toEqual({ status: 200, json: { status: 'ok' } });
    expect(ready).toEqual({ status: 503, json: { status: 'unavailable' } });
  });

  it('answers 200 ready with the real Redis', async (context) => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await probe.connect();
    } catch {
      if (process.env.TEST_REDIS_URL) throw new Error(`TEST_REDIS_URL=${url} is not reachable`);
      context.skip('no Redis on 127.0.0.1:6379 and TEST_REDIS_URL unset');
      return;
    } finally {
      probe.disconnect();
    }
    const { ready } = await readiness({ REDIS_URL: url });
    expect(ready).toEqual({ status: 200, json: { status: 'ready' } });
  });

  it('answers 200 ready without REDIS_URL (counters in memory)', async () => {
    const { ready } = await readiness({});
    expect(ready).toEqual({ status: 200, json: { status: 'ready' } });
  });
});
