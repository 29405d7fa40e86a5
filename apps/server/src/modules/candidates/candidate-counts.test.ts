import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCandidate, insertCandidates } from '../../factories/candidates.factory';
import { insertUser } from '../../factories/users.factory';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import type { HttpClient } from '../../test/http-client';
import { signedInClient } from '../../test/sign-in';
import { EXACT_COUNT_LIMIT, LARGE_LIST_ESTIMATE_TTL_MS, plannerRowEstimate } from './candidate-list.repository';
import { candidateSearchTable } from './candidates.table';

// Decision 023: searches never count the whole table to estimate, and large lists answer with the
// planner's estimate, flagged, instead of an exact count.
let t: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
});
afterAll(async () => {
  await t?.close();
});

const reltuples = async (table: string) => {
  const result = (await t.db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${table})`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
};

describe('candidate counts', () => {
  it('searches right on a table loaded after its last ANALYZE, and counts a small list exactly', async () => {
    // 300 candidates, 39 of them named Lindqvist (every 15th of the first 280, and the last 20), loaded after the statistics (taken on the empty tables at migration).
    await insertCandidates(
      t.db,
      Array.from({ length: 300 }, (_, index) =>
        buildCandidate({
          lastName: index % 15 === 0 || index >= 280 ? 'Lindqvist' : `Other${index}`,
          currentCompany: `Co ${index}`,
        }),
      ),
    );
    expect(await reltuples('candidate_search')).toBeLessThanOrEqual(0);
    // The planner's estimate (what the search's page strategy now reads) sees rows without any statistics.
    expect(
      await plannerRowEstimate(t.db, t.db.select({ id: candidateSearchTable.candidateId }).from(candidateSearchTable)),
    ).toBeGreaterThan(0);

    const search = await owner.get('/api/candidates/?search=lindqvist&page_size=10');
    expect(search.status, search.text).toBe(200);
    expect(search.json.count).toBe(39);
    expect(search.json.count_estimated).toBeUndefined();
    const names = (search.json.results as { last_name: string; id: number }[]).map((row) => row.last_name);
    expect(names).toEqual(Array(10).fill('Lindqvist'));
    // Newest first: the last 10 inserted (280..299), in descending id order.
    const ids = (search.json.results as { id: number }[]).map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page4 = await owner.get('/api/candidates/?search=lindqvist&page_size=10&page=4');
    expect(page4.json.results).toHaveLength(9);

    const list = await owner.get('/api/candidates/?page_size=10');
    expect(list.status, list.text).toBe(200);
    expect(list.json.count).toBe(300);
    expect(list.json.count_estimated).toBeUndefined();
    expect(list.json.results).toHaveLength(10);
  });

  it('answers a list above the exact-count limit with the estimate, flagged; a narrow filter stays exact', async () => {
    const extra = EXACT_COUNT_LIMIT + 237;
    await insertCandidates(
      t.db,
      Array.from({ length: extra }, (_, index) =>
        buildCandidate({ status: index < 25 ? 'placed' : 'active', currentCompany: `Bulk ${index}` }),
      ),
    );
    await t.db.execute(sql`ANALYZE candidates, candidate_search`);
    const total = 300 + extra;

    const list = await owner.get('/api/candidates/?page_size=10');
    expect(list.status, list.text).toBe(200);
    expect(list.json.count_estimated).toBe(true);
    expect(list.json.count).toBeGreaterThanOrEqual(EXACT_COUNT_LIMIT);
    expect(Math.abs(list.json.count - total)).toBeLessThan(total * 0.1);
    expect(list.json.results).toHaveLength(10);

    // The last page is short, so its answer knows the total exactly.
    const lastPage = Math.ceil(total / 100);
    const last = await owner.get(`/api/candidates/?page_size=100&page=${lastPage}`);
    expect(last.status, last.text).toBe(200);
    expect(last.json.count).toBe(total);
    expect(last.json.count_estimated).toBeUndefined();
    expect(last.json.results).toHaveLength(total - (lastPage - 1) * 100);

    const placed = await owner.get('/api/candidates/?status=placed&page_size=10');
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.count).toBe(25);
    expect(placed.json.count_estimated).toBeUndefined();
  }, 120_000);

  it("keeps a large list's estimate a minute per filter (the embedded database runs the planner's round trip after the page)", async () => {
    const before = await owner.get('/api/candidates/?status=active&page_size=10');
    expect(before.json.count_estimated).toBe(true);
    await insertCandidates(
      t.db,
      Array.from({ length: 3_000 }, () => buildCandidate({ status: 'active' })),
    );
    await t.db.execute(sql`ANALYZE candidates, candidate_search`);
    expect((await owner.get('/api/candidates/?status=active&page_size=10')).json.count).toBe(before.json.count);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LARGE_LIST_ESTIMATE_TTL_MS });
    try {
      const after = await owner.get('/api/candidates/?status=active&page_size=10');
      expect(after.json.count_estimated).toBe(true);
      expect(after.json.count).toBeGreaterThan(before.json.count + 2_000);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it("answers a broad search of one word with the planner's estimate and a walked page; several words, a short prefix and stale statistics count exactly (decision 065)", async () => {
    // 6,000 Zephyrologists among the candidates (all Lead ones): the newest 10 matching are the last 10 inserted.
    // 150 skills among them: the planner estimates a prefix only from 100 or more common lexemes (else 2%).
    const broad = EXACT_COUNT_LIMIT + 1_000;
    await insertCandidates(
      t.db,
      Array.from({ length: broad }, (_, index) =>
        buildCandidate({
          currentTitle: 'Lead Zephyrologist',
          currentCompany: `Zed ${index}`,
          skills: [`Skill${index % 150}`],
        }),
      ),
    );
    await t.db.execute(sql`ANALYZE candidates, candidate_search`);
    const newest = (await t.db.execute(
      sql`select id from candidates where current_title = 'Lead Zephyrologist' order by created_at desc, id desc limit 10`,
    )) as unknown as { rows: { id: number }[] };
    const newestIds = newest.rows.map((row) => Number(row.id));
    const ids = (response: { json: { results: { id: number }[] } }) => response.json.results.map((row) => row.id);

    const search = await owner.get('/api/candidates/?search=zephyrologist&page_size=10');
    expect(search.status, search.text).toBe(200);
    expect(search.json.count_estimated).toBe(true);
    expect(Math.abs(search.json.count - broad)).toBeLessThan(broad * 0.1);
    expect(ids(search)).toEqual(newestIds);
    expect(search.json.results[0].matches[0]).toMatchObject({ field: 'title', text: 'Lead Zephyrologist' });
    // Another ordering reads every match, sorted; its count is the same estimate.
    const byName = await owner.get('/api/candidates/?search=zephyrologist&page_size=10&ordering=name');
    expect(byName.json.count_estimated).toBe(true);
    expect(byName.json.results).toHaveLength(10);

    // Two words: the planner's product is not shown; the count is exact.
    const twoWords = await owner.get('/api/candidates/?search=lead%20zephyrologist&page_size=10');
    expect(twoWords.json.count).toBe(broad);
    expect(twoWords.json.count_estimated).toBeUndefined();
    expect(ids(twoWords)).toEqual(newestIds);
    // Two letters: a prefix of many words, which the planner's statistics do not add up well; exact.
    const prefix = await owner.get('/api/candidates/?search=ze&page_size=10');
    expect(prefix.json.count_estimated).toBeUndefined();
    expect(prefix.json.count).toBeGreaterThanOrEqual(broad);
    expect(ids(prefix)).toEqual(newestIds);
    // The last page is short, so the answer is exact.
    const lastPage = Math.ceil(broad / 100);
    const last = await owner.get(`/api/candidates/?search=zephyrologist&page_size=100&page=${lastPage}`);
    expect(last.json.count).toBe(broad);
    expect(last.json.count_estimated).toBeUndefined();

    // Statistics that still promise 6,000 when 3 are left: the bounded walk comes back short, and the 3 are counted and found.
    await t.db.execute(
      sql`update candidates set current_title = 'Lead Gardener', search_text = replace(search_text, 'zephyrologist', 'gardener') where current_title = 'Lead Zephyrologist' and id not in ${newestIds.slice(0, 3)}`,
    );
    const stale = await owner.get('/api/candidates/?search=zephyrologist&page_size=10');
    expect(stale.status, stale.text).toBe(200);
    expect(stale.json.count).toBe(3);
    expect(stale.json.count_estimated).toBeUndefined();
    expect(ids(stale)).toEqual(newestIds.slice(0, 3));
  }, 120_000);
});
