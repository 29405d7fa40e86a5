import type { Redis } from 'ioredis';

/** Fixed-window failure counters (sign-in, password reset). Memory by default, Redis when configured. */
export interface CounterStore {
  /** Current count and seconds until the window resets. */
  get(key: string): Promise<{ count: number; ttlSeconds: number }>;
  increment(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => Date = () => new Date()): CounterStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now().getTime()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      const entry = live(key);
      if (!entry) return { count: 0, ttlSeconds: 0 };
      return { count: entry.count, ttlSeconds: Math.ceil((entry.resetAt - now().getTime()) / 1000) };
    },
    async increment(key, windowSeconds) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      entries.set(key, { count: 1, resetAt: now().getTime() + windowSeconds * 1000 });
      if (entries.size > 100_000) {
        for (const k of entries.keys()) if (!live(k)) entries.delete(k);
      }
      return 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'rd:'): CounterStore {
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.ttl(prefix + key)]);
      return { count: Number(count ?? 0), ttlSeconds: Math.max(ttl, 0) };
    },
    async increment(key, windowSeconds) {
      const count = await redis.incr(prefix + key);
      if (count === 1) await redis.expire(prefix + key, windowSeconds);
      return count;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Checks several limits at once; failures are counted by `fail`, and `succeed` clears the given keys. */
export class Throttle {
  constructor(private readonly store: CounterStore) {}

  /** Seconds to wait if any limit is reached, else null. */
  async blockedFor(limits: Limit[]): Promise<number | null> {
    let wait: number | null = null;
    for (const limit of limits) {
      const { count, ttlSeconds } = await this.store.get(limit.key);
      if (count >= limit.max) wait = Math.max(wait ?? 0, ttlSeconds || limit.windowSeconds);
    }
    return wait;
  }

  async fail(limits: Limit[]): Promise<void> {
    for (const limit of limits) await this.store.increment(limit.key, limit.windowSeconds);
  }

  async clear(keys: string[]): Promise<void> {
    for (const key of keys) await this.store.reset(key);
  }
}
