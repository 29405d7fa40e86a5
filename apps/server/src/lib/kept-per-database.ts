import type { Db } from '../db/client';

/**
 * Values worked out from a database and kept for `ttlMs` per database and key (the planner's estimates,
 * the counted skills): a process may hold several databases (the tests, the bench), and a database that
 * is closed takes its values with it. At most `maxKeys` keys per database: the oldest goes first.
 */
export function keptPerDatabase<T>(ttlMs: number, maxKeys = 200) {
  const byDatabase = new WeakMap<Db, Map<string, { at: number; value: T }>>();
  return {
    get(db: Db, key = ''): T | undefined {
      const kept = byDatabase.get(db)?.get(key);
      return kept && Date.now() - kept.at < ttlMs ? kept.value : undefined;
    },
    set(db: Db, value: T, key = ''): void {
      let values = byDatabase.get(db);
      if (!values) byDatabase.set(db, (values = new Map()));
      values.delete(key);
      if (values.size >= maxKeys) values.delete(values.keys().next().value as string);
      values.set(key, { at: Date.now(), value });
    },
    /** Forgets every value of this database (after a write that changes them). */
    forget(db: Db): void {
      byDatabase.delete(db);
    },
  };
}
