import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Runs fn inside one transaction; a thrown error rolls everything back. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * Independent reads: at once on a pool (each takes a connection of its own), one after another inside a
 * transaction (one connection: pg would queue them anyway, and deprecates sending a query while another runs).
 */
export async function independentReads<T extends unknown[]>(
  db: Db,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as T;
  }
  return (await Promise.all(reads.map((read) => read()))) as T;
}
