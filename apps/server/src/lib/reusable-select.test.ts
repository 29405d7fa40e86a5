import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { insertCandidate } from '../factories/candidates.factory';
import { candidatesTable } from '../modules/candidates/candidates.table';
import { openTestDatabase } from '../test/build-test-app';
import { columnsOf, reusableQuery } from './reusable-select';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('reusableQuery', () => {
  const { searchText: _searchText, ...columns } = getTableColumns(candidatesTable);
  const byStatus = reusableQuery(
    (db) =>
      db
        .select(columns)
        .from(candidatesTable)
        .where(eq(candidatesTable.status, sql.placeholder('status')))
        .orderBy(candidatesTable.id)
        .limit(sql.placeholder('limit')),
    columnsOf<typeof candidatesTable.$inferSelect>(columns),
  );

  it("gives the rows Drizzle's own select gives, with new values on every call", async () => {
    const { db } = database;
    await insertCandidate(db, {
      firstName: 'Ada',
      status: 'active',
      desiredSalary: '120000.50',
      skills: ['C++', 'Go'],
      consentDate: '2026-01-02',
    });
    await insertCandidate(db, { firstName: 'Grace', status: 'active', desiredSalary: null, skills: [] });
    await insertCandidate(db, { firstName: 'Linus', status: 'placed' });
    for (const [status, limit] of [
      ['active', 10],
      ['active', 1],
      ['placed', 10],
      ['archived', 10],
    ] as const) {
      const expected = await db
        .select(columns)
        .from(candidatesTable)
        .where(eq(candidatesTable.status, status))
        .orderBy(candidatesTable.id)
        .limit(limit);
      const rows = await byStatus(db, { status, limit });
      expect(rows).toEqual(expected);
    }
    const [ada] = await byStatus(db, { status: 'active', limit: 1 });
    expect(ada?.createdAt).toBeInstanceOf(Date);
    expect(ada?.resumeUploadedAt).toBeNull();
    // Inside a transaction too.
    expect(await db.transaction((tx) => byStatus(tx as never, { status: 'placed', limit: 5 }))).toHaveLength(1);
  });

  it('refuses columns whose names collide', () => {
    expect(() => columnsOf({ a: candidatesTable.id, b: candidatesTable.id })).toThrow(/distinct names/);
  });
});
