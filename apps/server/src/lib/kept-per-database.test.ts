import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { keptPerDatabase } from './kept-per-database';

const dbA = {} as Db;
const dbB = {} as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe('keptPerDatabase', () => {
  it('keeps a value per database and key until it is older than the time to live', () => {
    vi.useFakeTimers();
    const kept = keptPerDatabase<number>(1_000);
    kept.set(dbA, 1);
    kept.set(dbA, 2, 'status=active');
    expect(kept.get(dbA)).toBe(1);
    expect(kept.get(dbA, 'status=active')).toBe(2);
    expect(kept.get(dbB)).toBeUndefined();
    vi.advanceTimersByTime(999);
    expect(kept.get(dbA)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(kept.get(dbA)).toBeUndefined();
  });

  it('drops the oldest key past its limit, and forgets a database on request', () => {
    const kept = keptPerDatabase<string>(60_000, 2);
    kept.set(dbA, 'a', 'one');
    kept.set(dbA, 'b', 'two');
    kept.set(dbA, 'a again', 'one');
    kept.set(dbA, 'c', 'three');
    expect([kept.get(dbA, 'one'), kept.get(dbA, 'two'), kept.get(dbA, 'three')]).toEqual(['a again', undefined, 'c']);
    kept.set(dbB, 'b');
    kept.forget(dbA);
    expect(kept.get(dbA, 'one')).toBeUndefined();
    expect(kept.get(dbB)).toBe('b');
  });
});
