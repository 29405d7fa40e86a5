import type { Db } from './client';

/** Runs fn inside one transaction; a thrown error rolls everything back. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
