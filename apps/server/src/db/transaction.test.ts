import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/build-test-app';
import type { Db } from './client';
import { independentReads, inTransaction } from './transaction';

// independentReads: the reads of an analytics set or a statistics card run at once on the pool, and in
// turn inside a transaction (the assistant's read-only one), where they share one connection.

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  close = async () => {
    await opened.database.close();
    await opened.drop();
  };
});
afterAll(async () => {
  await close?.();
});

/** A read that notes when it starts and ends, with a query in between. */
const traced = (log: string[], name: string, value: number) => async (on: Db) => {
  log.push(`start ${name}`);
  const result = await on.execute(sql`select ${value}::int as v`);
  log.push(`end ${name}`);
  return (result as unknown as { rows: { v: number }[] }).rows[0]!.v;
};

describe('independentReads', () => {
  it('runs the reads in turn inside a transaction and gives their results in order', async () => {
    const log: string[] = [];
    const results = await inTransaction(db, (tx) => {
      const [a, b, c] = [traced(log, 'a', 1), traced(log, 'b', 2), traced(log, 'c', 3)];
      return independentReads(
        tx,
        () => a(tx),
        () => b(tx),
        () => c(tx),
      );
    });
    expect(results).toEqual([1, 2, 3]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('starts every read at once outside a transaction', async () => {
    const log: string[] = [];
    const [a, b] = [traced(log, 'a', 1), traced(log, 'b', 2)];
    const results = await independentReads(
      db,
      () => a(db),
      () => b(db),
    );
    expect(results).toEqual([1, 2]);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });
});
