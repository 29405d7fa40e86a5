import type { Redis } from 'ioredis';

/** Fixed-window attempt counters (sign-in, password reset, invitations). Memory by default, Redis when configured. */
export interface CounterStore {
  /** Atomically adds one and returns the new count and the seconds until the window resets. */
  increment(key: string, windowSeconds: number): Promise<{ count: number; ttlSeconds: number }>;
  /** Takes one back (never below zero, never creating a window). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store answers (Redis: PING), rejects when it does not: readiness (`/readyz`). */
  ping(): Promise<void>;
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
    // No await between reading and writing the entry: one event-loop turn, so the increment is atomic.
    async increment(key, windowSeconds) {
      let entry = live(key);
      if (entry) entry.count += 1;
      else {
        entry = { count: 1, resetAt: now().getTime() + windowSeconds * 1000 };
        entries.set(key, entry);
        if (entries.size > 100_000) {
          for (const k of entries.keys()) if (!live(k)) entries.delete(k);
        }
      }
      return { count: entry.count, ttlSeconds: Math.max(1, Math.ceil((entry.resetAt - now().getTime()) / 1000)) };
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async ping() {},
    async close() {
      entries.clear();
    },
  };
}

const DECREMENT_IF_POSITIVE = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisCounterStore(redis: Redis, prefix = 'rd:'): CounterStore {
  return {
    async increment(key, windowSeconds) {
      // One MULTI: the window starts with the first attempt and the expiry cannot be lost between commands.
      const results = await redis
        .multi()
        .set(prefix + key, '0', 'EX', windowSeconds, 'NX')
        .incr(prefix + key)
        .ttl(prefix + key)
        .exec();
      if (!results) throw new Error('Redis transaction aborted');
      for (const [error] of results) if (error) throw error;
      const count = Number(results[1]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, ttlSeconds: ttl > 0 ? ttl : windowSeconds };
    },
    async decrement(key) {
      await redis.eval(DECREMENT_IF_POSITIVE, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The logger's two levels the fallback uses (Fastify's logger). */
interface FallbackLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Redis counters that fall back to this server's memory while Redis is unreachable (decision 051): sign-in
 * keeps working, each server counts attempts on its own (a limit of N admits at most N per server) until
 * Redis answers again. The switch is logged once each way, not per request. A counter reserved in memory
 * and given back after Redis returns is taken from Redis, never below zero, so nothing is over-counted.
 */
export function redisCounterStoreWithFallback(
  redis: Redis,
  log: FallbackLog,
  now: () => Date = () => new Date(),
): CounterStore {
  const primary = redisCounterStore(redis);
  const memory = memoryCounterStore(now);
  let degraded = false;
  // ioredis reconnects on its own; its connection errors are reported by the switch below instead (with
  // the last one as the reason: a refused connection, a wrong password, an unknown host).
  let lastError = '';
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  const use = async <T>(operation: (store: CounterStore) => Promise<T>): Promise<T> => {
    // Not connected (down, or reconnecting): straight to memory rather than waiting on the offline queue.
    if (redis.status === 'ready') {
      try {
        const result = await operation(primary);
        if (degraded) {
          degraded = false;
          log.info({ store: 'redis' }, 'Redis answers again: attempt limits count in Redis');
        }
        return result;
      } catch (error) {
        if (!degraded)
          log.warn(
            { store: 'memory', reason: (error as Error).message },
            "Redis unreachable: attempt limits count in this server's memory until it answers",
          );
        degraded = true;
        return operation(memory);
      }
    }
    if (!degraded)
      log.warn(
        { store: 'memory', reason: lastError || `Redis connection ${redis.status}` },
        "Redis unreachable: attempt limits count in this server's memory until it answers",
      );
    degraded = true;
    return operation(memory);
  };
  return {
    increment: (key, windowSeconds) => use((store) => store.increment(key, windowSeconds)),
    decrement: (key) => use((store) => store.decrement(key)),
    reset: async (key) => {
      await memory.reset(key);
      await use((store) => store.reset(key));
    },
    // Readiness reports Redis itself, not the fallback: `/readyz` is 503 while Redis is down (decision 046).
    async ping() {
      if (redis.status !== 'ready') throw new Error(`Redis connection ${redis.status}`);
      await primary.ping();
    },
    async close() {
      await memory.close();
      await primary.close();
    },
  };
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Reserve, then verify: an attempt is counted against every limit before the expensive or revealing work
 * (argon2, a token lookup, a mail) starts, so concurrent requests cannot all pass a check made before any
 * of them was counted. Attempts that turn out not to be failures are given back with `release`.
 */
export class Throttle {
  constructor(private readonly store: CounterStore) {}

  /**
   * Counts one attempt against each limit. Returns null when every limit still admits it, else the seconds
   * to wait; a refused attempt is given back at once (it did no work, so it is no failure).
   */
  async reserve(limits: Limit[]): Promise<number | null> {
    const counted = await Promise.all(limits.map((limit) => this.store.increment(limit.key, limit.windowSeconds)));
    let wait: number | null = null;
    counted.forEach(({ count, ttlSeconds }, index) => {
      if (count > limits[index]!.max) wait = Math.max(wait ?? 0, ttlSeconds);
    });
    if (wait !== null) await this.release(limits);
    return wait;
  }

  /** Gives back a reserved attempt that did not fail (e.g. a successful sign-in from a shared IP). */
  async release(limits: Limit[]): Promise<void> {
    await Promise.all(limits.map((limit) => this.store.decrement(limit.key)));
  }

  /** Rejects when the counters' store (Redis) does not answer. */
  ping(): Promise<void> {
    return this.store.ping();
  }

  async clear(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.store.reset(key)));
  }
}
