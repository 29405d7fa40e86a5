import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCandidate, insertCandidate, insertCandidates } from '../../factories/candidates.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { skillSpellingCountsQuery } from './candidates.repository';
import { candidatesTable } from './candidates.table';

// Decision 063: the skill counts are kept by triggers on every write path (one row, bulk, update, delete)
// and always equal counting every candidate's skills.
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What the kept counts must equal: every candidate's skills counted now. */
async function countedNow(): Promise<Record<string, number>> {
  const result = (await t.db.execute(
    sql`select skill, count(*)::int as n from ${candidatesTable}, unnest(${candidatesTable.skills}) as skill group by skill`,
  )) as unknown as {
    rows: { skill: string; n: number }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.skill, row.n]));
}
async function kept(): Promise<Record<string, number>> {
  return Object.fromEntries((await skillSpellingCountsQuery(t.db)).map((row) => [row.spelling, row.count]));
}

describe('kept skill counts', () => {
  it('follow inserts, updates of skills and of other columns, deletes, and transactions that roll back', async () => {
    const ada = await insertCandidate(t.db, { skills: ['Python', 'SQL'] });
    const alan = await insertCandidate(t.db, { skills: ['Python', 'Go', 'Go'] });
    await insertCandidate(t.db, { skills: [] });
    expect(await kept()).toEqual({ Python: 2, SQL: 1, Go: 2 });

    await t.db
      .update(candidatesTable)
      .set({ skills: ['python', 'SQL', 'Rust'] })
      .where(eq(candidatesTable.id, ada.id));
    await t.db.update(candidatesTable).set({ status: 'placed' }).where(eq(candidatesTable.id, alan.id));
    expect(await kept()).toEqual({ Python: 1, python: 1, SQL: 1, Go: 2, Rust: 1 });

    await t.db.delete(candidatesTable).where(eq(candidatesTable.id, alan.id));
    expect(await kept()).toEqual({ python: 1, SQL: 1, Rust: 1 });

    await expect(
      t.db.transaction(async (tx) => {
        await insertCandidates(tx, [buildCandidate({ skills: ['COBOL'] })]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await kept()).toEqual({ python: 1, SQL: 1, Rust: 1 });
    expect(await kept()).toEqual(await countedNow());
  });

  it('equal counting every candidate after a bulk insert, a bulk update and a bulk delete', async () => {
    const skills = ['Python', 'SQL', 'Go', 'AWS', 'React', 'C++', 'C#'];
    await insertCandidates(
      t.db,
      Array.from({ length: 400 }, (_, index) =>
        buildCandidate({ skills: skills.filter((_, skill) => (index + skill) % 3 === 0) }),
      ),
    );
    expect(await kept()).toEqual(await countedNow());
    const ids = (await t.db.select({ id: candidatesTable.id }).from(candidatesTable).orderBy(candidatesTable.id)).map(
      (row) => row.id,
    );
    await t.db
      .update(candidatesTable)
      .set({ skills: sql`array_append(${candidatesTable.skills}, 'Kotlin')` })
      .where(inArray(candidatesTable.id, ids.slice(0, 150)));
    expect(await kept()).toEqual(await countedNow());
    await t.db.delete(candidatesTable).where(inArray(candidatesTable.id, ids.slice(100, 300)));
    expect(await kept()).toEqual(await countedNow());
    expect((await kept()).Kotlin).toBe(100);
  });
});
