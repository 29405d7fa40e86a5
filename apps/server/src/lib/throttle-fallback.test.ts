import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisCounterStoreWithFallback, Throttle } from './throttle';
import { closedPort } from '../test/closed-port';

describe('attempt counters with Redis unreachable (decision 051)', () => {
  it('count in memory, still limit, and say so once', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: 1 });
    const lines: { level: string; message: string }[] = [];
    const log = {
      warn: (_: object, message: string) => lines.push({ level: 'warn', message }),
      info: (_: object, message: string) => lines.push({ level: 'info', message }),
    };
    const store = redisCounterStoreWithFallback(redis, log);
    const throttle = new Throttle(store);
    const limit = { key: 'login:acct:x', max: 2, windowSeconds: 60 };
    try {
      expect(await throttle.reserve([limit])).toBeNull();
      expect(await throttle.reserve([limit])).toBeNull();
      // The third attempt in the window is refused, with the seconds to wait.
      expect(await throttle.reserve([limit])).toBeGreaterThan(0);
      await throttle.clear([limit.key]);
      expect(await throttle.reserve([limit])).toBeNull();
      expect(lines).toEqual([
        { level: 'warn', message: "Redis unreachable: attempt limits count in this server's memory until it answers" },
      ]);
    } finally {
      await store.close();
    }
  });
});
