// Over 400 lines: the candidate list's reads as one unit (filters, the search statements, the planner's estimate and the plan it picks: decisions 023 and 065), which share their SQL pieces.
import { EXPERIENCE_RANGE_BOUNDS, type ExperienceRange } from '@recruitdesk/contracts/candidates';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { EXPIRING_SOON_DAYS } from '@recruitdesk/contracts/data-protection-constants';
import type { Db } from '../../db/client';
import { keptPerDatabase } from '../../lib/kept-per-database';
import { columnsOf, reusableQuery } from '../../lib/reusable-select';
import { candidateSearchQuery, filterTerms, searchTerms } from './candidate-search';
import { listColumns, normalizeSkills, type CandidateListRow } from './candidates.repository';
import { candidateSearchTable, candidatesTable } from './candidates.table';

/*
 * The candidate list's reads (spec §4: GET /api/candidates/): a page and its total, without a text search
 * over the candidates' indexes, with one over `candidate_search` by the plan the planner's estimate picks
 * (decisions 023 and 065; docs/candidates-and-pipelines.md, "How a list request runs").
 */

/** A search page's rows with their resume texts (where each result matched is worked out from them). */
const searchRowColumns = { ...listColumns, resumeText: candidatesTable.resumeText };

export interface CandidateListFilter {
  search?: string | undefined;
  status?: string | undefined;
  skills?: string[] | undefined;
  experience?: ExperienceRange | undefined;
  /** Issue 34's filters (b-tree columns, not in the search vector: a search with them filters its matches). */
  legalBasis?: string | undefined;
  consent?: 'expiring' | 'expired' | 'withdrawn' | undefined;
  /** The clock the consent filter reads. */
  now?: Date | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

type ListConditions = Omit<CandidateListFilter, 'ordering' | 'limit' | 'offset'>;

/** The list's WHERE clause without a text search: b-tree indexes for status and experience, GIN for skills. */
export function candidateListConditions(filter: Omit<ListConditions, 'search'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(candidatesTable.status, filter.status));
  const skills = normalizeSkills(filter.skills ?? []);
  if (skills.length) conditions.push(arrayContains(candidatesTable.skillsNormalized, skills));
  if (filter.experience) {
    const [min, max] = EXPERIENCE_RANGE_BOUNDS[filter.experience];
    conditions.push(gte(candidatesTable.yearsExperience, min));
    if (max !== null) conditions.push(lte(candidatesTable.yearsExperience, max));
  }
  const protection = dataProtectionConditions(filter);
  if (protection) conditions.push(protection);
  return conditions.length ? and(...conditions) : undefined;
}

/** The legal basis and consent filters (issue 34), or undefined without them. */
function dataProtectionConditions(filter: Omit<ListConditions, 'search'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.legalBasis) conditions.push(eq(candidatesTable.legalBasis, filter.legalBasis));
  const now = filter.now ?? new Date();
  if (filter.consent === 'expiring')
    conditions.push(
      gte(candidatesTable.legalBasisExpiresAt, now),
      lte(candidatesTable.legalBasisExpiresAt, new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000)),
    );
  if (filter.consent === 'expired') conditions.push(lt(candidatesTable.legalBasisExpiresAt, now));
  if (filter.consent === 'withdrawn') conditions.push(isNotNull(candidatesTable.consentWithdrawnAt));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A search with the legal basis or consent filters: its matches (the vector) narrowed by those columns, one
 * page in the asked ordering and an exact count. Rare and small (an owner's review), so no plan choice.
 */
async function filteredSearchRows(db: Db, tsquery: string, filter: CandidateListFilter): Promise<ListAnswer> {
  const matching = db
    .select({ id: candidateSearchTable.candidateId })
    .from(candidateSearchTable)
    .where(searchMatches(tsquery));
  const where = and(inArray(candidatesTable.id, matching), dataProtectionConditions(filter));
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(candidatesTable)
      .where(where)
      .orderBy(...orderColumns(filter.ordering))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(candidatesTable)
      .where(where),
  ]);
  return { rows, count: Number(total?.count ?? 0) };
}

/**
 * With a text search, the whole filter as one tsquery over `candidate_search.vector` (the search words
 * and the filter lexemes, candidate-search.ts); null without a search.
 */
export function candidateSearchTsquery(filter: ListConditions, options: { prefix?: boolean } = {}): string | null {
  const search = candidateSearchQuery(filter.search, options);
  if (!search) return null;
  const filters = filterTerms({
    status: filter.status,
    skills: normalizeSkills(filter.skills ?? []),
    years: filter.experience ? EXPERIENCE_RANGE_BOUNDS[filter.experience] : undefined,
  });
  return [search, ...filters].join(' & ');
}

const searchMatches = (tsquery: string | Placeholder, vector: SQLWrapper = candidateSearchTable.vector) =>
  sql`${vector} @@ ${tsquery}::tsquery`;

function orderColumns(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const id = descending ? desc(candidatesTable.id) : asc(candidatesTable.id);
  if (field === 'name')
    return [dir(sql`lower(${candidatesTable.lastName})`), dir(sql`lower(${candidatesTable.firstName})`), id];
  if (field === 'updated_at') return [dir(sql`${candidatesTable.updatedAt}`), id];
  if (field === 'years_experience')
    return [sql`${candidatesTable.yearsExperience} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, id];
  return [dir(sql`${candidatesTable.createdAt}`), id];
}

/** One page of the list without a text search: only the page's rows are read (LIMIT/OFFSET over the ordering's index). */
export function candidatePageQuery(db: Db, filter: Omit<CandidateListFilter, 'search'>) {
  return db
    .select(listColumns)
    .from(candidatesTable)
    .where(candidateListConditions(filter))
    .orderBy(...orderColumns(filter.ordering))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** The exact number of matches without a text search (index-only, b-tree or GIN-on-skills plans). */
export function candidateCountQuery(db: Db, filter: Omit<ListConditions, 'search'>) {
  return db.select({ value: count() }).from(candidatesTable).where(candidateListConditions(filter));
}

/** The exact number of matches of a search (with its filters): one GIN lookup on the narrow table. */
export function searchCountQuery(db: Db, tsquery: string | Placeholder) {
  return db.select({ value: count() }).from(candidateSearchTable).where(searchMatches(tsquery));
}

/** The matches of a search, for the planner's estimate of how many there are (plannerRowEstimate). */
export const searchMatchesQuery = (db: Db, tsquery: string) =>
  db.select({ id: candidateSearchTable.candidateId }).from(candidateSearchTable).where(searchMatches(tsquery));

type Direction = typeof asc;
const directionOf = (ordering: string): Direction => (ordering.startsWith('-') ? desc : asc);

/** One page of ids of a search, newest (or oldest) first, from the narrow table. */
export function searchPageIdsQuery(
  db: Db,
  tsquery: string,
  filter: Pick<CandidateListFilter, 'ordering' | 'limit' | 'offset'>,
) {
  const direction = directionOf(filter.ordering);
  return db
    .select({ id: candidateSearchTable.candidateId })
    .from(candidateSearchTable)
    .where(searchMatches(tsquery))
    .orderBy(direction(candidateSearchTable.createdAt), direction(candidateSearchTable.candidateId))
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * One page of a search in the default ordering with its rows and resume texts, in one statement: the
 * page of ids (searchPageIdsQuery) joined to the candidates, in the page's order. With `walkLimit`, only
 * that many of the newest (or oldest) rows of `candidate_search` are looked at (a bounded walk of the
 * creation-time index): the page is right when it comes back full, and may be short when more matches
 * lie beyond the bound.
 */
export function searchPageRowsQuery(
  db: Db,
  tsquery: string | Placeholder,
  filter: {
    ordering: string;
    limit: number | Placeholder;
    offset: number | Placeholder;
    walkLimit?: number | Placeholder;
  },
) {
  const direction = directionOf(filter.ordering);
  const source =
    filter.walkLimit === undefined
      ? candidateSearchTable
      : db
          .select({
            candidateId: candidateSearchTable.candidateId,
            createdAt: candidateSearchTable.createdAt,
            vector: candidateSearchTable.vector,
          })
          .from(candidateSearchTable)
          .orderBy(direction(candidateSearchTable.createdAt), direction(candidateSearchTable.candidateId))
          .limit(filter.walkLimit)
          .as('walked');
  const page = db
    .select({ candidateId: source.candidateId, createdAt: source.createdAt })
    .from(source)
    .where(searchMatches(tsquery, source.vector))
    .orderBy(direction(source.createdAt), direction(source.candidateId))
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  return db
    .select(searchRowColumns)
    .from(page)
    .innerJoin(candidatesTable, eq(candidatesTable.id, page.candidateId))
    .orderBy(direction(page.createdAt), direction(page.candidateId));
}

/**
 * A search's exact count and its page (default ordering, rows with resume texts) from one bitmap scan of
 * the GIN index: the matches, at most `cap`, are gathered once (a CTE read twice is materialised), counted,
 * and the page is the newest of them. Always at least one row, carrying `total`; the candidate's columns
 * are null when the page is empty. When `total` reaches `cap`, not every match was gathered and the page
 * may be wrong.
 */
export function searchCountAndPageQuery(
  db: Db,
  tsquery: string | Placeholder,
  filter: { ordering: string; limit: number | Placeholder; offset: number | Placeholder; cap: number | Placeholder },
) {
  const direction = directionOf(filter.ordering);
  const matches = db
    .$with('matches')
    .as(
      db
        .select({ candidateId: candidateSearchTable.candidateId, createdAt: candidateSearchTable.createdAt })
        .from(candidateSearchTable)
        .where(searchMatches(tsquery))
        .limit(filter.cap),
    );
  const page = db
    .select({ candidateId: matches.candidateId, createdAt: matches.createdAt })
    .from(matches)
    .orderBy(direction(matches.createdAt), direction(matches.candidateId))
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const total = db
    .select({ total: sql<number>`count(*)`.as('total') })
    .from(matches)
    .as('total');
  return db
    .with(matches)
    .select({ ...searchRowColumns, total: total.total })
    .from(page)
    .innerJoin(candidatesTable, eq(candidatesTable.id, page.candidateId))
    .rightJoin(total, sql`true`)
    .orderBy(direction(page.createdAt), direction(page.candidateId));
}

type SearchPageRow = CandidateListRow & { resumeText: string };

/** The search's statements, built once (reusableQuery): the values are the tsquery, the page size and offset, and the bounds. */
const searchCount = reusableQuery(
  (db) => searchCountQuery(db, sql.placeholder('tsquery')),
  (raw) => Number(raw.count),
);
const searchRowOf = columnsOf<SearchPageRow>(searchRowColumns);
const bothDirections = <T>(make: (ordering: string) => T) => ({ asc: make('created_at'), desc: make('-created_at') });
/** A page in one ordering, its size and offset left to the statement's values. */
const pageOf = (ordering: string) => ({
  ordering,
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
});
const searchPageRows = bothDirections((ordering) =>
  reusableQuery((db) => searchPageRowsQuery(db, sql.placeholder('tsquery'), pageOf(ordering)), searchRowOf),
);
const boundedWalkRows = bothDirections((ordering) =>
  reusableQuery(
    (db) =>
      searchPageRowsQuery(db, sql.placeholder('tsquery'), {
        ...pageOf(ordering),
        walkLimit: sql.placeholder('walkLimit'),
      }),
    searchRowOf,
  ),
);
const searchCountAndPage = bothDirections((ordering) =>
  reusableQuery(
    (db) =>
      searchCountAndPageQuery(db, sql.placeholder('tsquery'), {
        ...pageOf(ordering),
        cap: sql.placeholder('cap'),
      }),
    (raw) => ({ total: Number(raw.total), row: raw.id === null || raw.id === undefined ? null : searchRowOf(raw) }),
  ),
);

/** One page of a search in another ordering (name, updated, experience): the candidates whose ids match, sorted. */
export function searchPageJoinQuery(
  db: Db,
  tsquery: string,
  filter: Pick<CandidateListFilter, 'ordering' | 'limit' | 'offset'>,
) {
  const matching = db
    .select({ id: candidateSearchTable.candidateId })
    .from(candidateSearchTable)
    .where(searchMatches(tsquery));
  return db
    .select(listColumns)
    .from(candidatesTable)
    .where(inArray(candidatesTable.id, matching))
    .orderBy(...orderColumns(filter.ordering))
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * Reading one row's search vector while walking the creation-time index (a TOAST fetch and
 * decompression) costs about this many times collecting one match through the GIN index (measured
 * with the bench on PostgreSQL 15).
 */
export const WALK_COST_FACTOR = 25;

/**
 * How a search's page of ids is read (default ordering). "walk": follow `candidate_search`'s creation-
 * time index and check each row until the page is full; it reads about `(offset + limit) × rows /
 * matches` rows: cheap when many candidates match. "collect": take every match from the GIN index and
 * keep the newest; its cost grows with the matches: cheap when few match. The planner cannot choose
 * well by itself: it does not count reading a row's vector from TOAST, and it estimates a word that is
 * not among its most common lexemes at 0.5% of the rows, so it walked all 100,000 rows for a word found
 * in 4 resumes (2.8 s).
 */
export function searchPageStrategy(input: { matches: number; rows: number; wanted: number }): 'walk' | 'collect' {
  if (input.matches <= 0) return 'collect';
  const walked = (input.wanted * Math.max(input.rows, input.matches)) / input.matches;
  return walked * WALK_COST_FACTOR < input.matches ? 'walk' : 'collect';
}

/**
 * Below this many rows (the planner's estimate) a list without a text search is counted exactly; above it
 * the answer carries the planner's estimate, flagged (`countEstimated`), so the pager says "about"
 * (decision 023): an exact count costs O(rows) on every request.
 */
export const EXACT_COUNT_LIMIT = 5_000;

/**
 * How many rows the planner expects `query` to return: EXPLAIN only, nothing is read. It scales the last
 * statistics' rows-per-page to the table's current size, so it stays close after a bulk load and is
 * a guess (from the row width) on a table never analysed; never a scan.
 */
export async function plannerRowEstimate(db: Db, query: SQLWrapper): Promise<number> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.max(0, Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0));
}

/**
 * How long the search table's row estimate is kept. It only picks a search page's strategy (walk or
 * collect, from the matches over the rows), moves only when the statistics do (ANALYZE), and the strategy
 * takes at least the exact count of matches as the rows anyway: asking the planner on every search was one
 * of its round trips (docs/performance.md, "Search cost cut").
 */
export const SEARCH_ROWS_ESTIMATE_TTL_MS = 60_000;
const searchRowsEstimates = keptPerDatabase<number>(SEARCH_ROWS_ESTIMATE_TTL_MS);

/**
 * The planner's row count of the search table: its estimate, never `count(*)` (decision 023), kept per
 * database for SEARCH_ROWS_ESTIMATE_TTL_MS. Asked on `tx` (the search's transaction) when not known.
 */
async function estimatedSearchRows(db: Db, tx: Db): Promise<number> {
  const known = searchRowsEstimates.get(db);
  if (known !== undefined) return known;
  const rows = await plannerRowEstimate(
    tx,
    tx.select({ id: candidateSearchTable.candidateId }).from(candidateSearchTable),
  );
  searchRowsEstimates.set(db, rows);
  return rows;
}

/**
 * How long a large list's estimate is kept (per filter). It is what the pager shows as "about N"; asking
 * the planner again costs a round trip that the embedded database cannot run beside the page's. A small
 * list's estimate is not kept: its count is exact, so it must notice the list growing past the limit.
 */
export const LARGE_LIST_ESTIMATE_TTL_MS = 60_000;
const largeListEstimates = keptPerDatabase<number>(LARGE_LIST_ESTIMATE_TTL_MS);

/**
 * The count of a list without a text search: exact when the planner expects fewer than
 * EXACT_COUNT_LIMIT rows, else its estimate (flagged, kept a minute). The unfiltered list and broad
 * filters are the large ones.
 */
async function candidateListCount(
  db: Db,
  filter: Omit<ListConditions, 'search'>,
): Promise<{ count: number; countEstimated: boolean }> {
  const key = JSON.stringify([
    filter.legalBasis ?? null,
    filter.consent ?? null,
    filter.consent ? filter.now?.toISOString().slice(0, 10) : null,
    filter.status ?? null,
    normalizeSkills(filter.skills ?? []).sort(),
    filter.experience ?? null,
  ]);
  const kept = largeListEstimates.get(db, key);
  if (kept !== undefined) return { count: kept, countEstimated: true };
  const estimate = await plannerRowEstimate(
    db,
    db.select({ id: candidatesTable.id }).from(candidatesTable).where(candidateListConditions(filter)),
  );
  if (estimate >= EXACT_COUNT_LIMIT) {
    largeListEstimates.set(db, estimate, key);
    return { count: estimate, countEstimated: true };
  }
  const [total] = await candidateCountQuery(db, filter);
  return { count: total?.value ?? 0, countEstimated: false };
}

/**
 * Most matches the one-statement count and page gathers (searchCountAndPageQuery). A search with more was
 * estimated too low by the planner; it is counted, then paged, on its own statements.
 */
export const SEARCH_GATHER_CAP = 20_000;

/**
 * How far past the rows it expects to need a bounded walk may read before it gives up (3: a page of 10 at
 * the estimated density is found within three times the expected rows but for about 1 in 100,000 searches).
 */
export const BOUNDED_WALK_FACTOR = 3;

export type SearchPlan = 'estimate' | 'count-then-page' | 'gather';

/**
 * How a search in the default ordering is answered, from the planner's estimate of its matches
 * (decision 065):
 * - "estimate": the estimate is at least EXACT_COUNT_LIMIT and the page is found by walking, and the
 *   estimate can be shown (`estimateShown`: one search word, no skills): the count is the estimate,
 *   flagged, and the page a bounded walk. Counting such a search exactly costs its whole GIN scan (11–16 ms
 *   for 40,000–90,000 matches of 100,000); the walk reads a few hundred rows.
 * - "count-then-page": the estimate says the page is found by walking but cannot be shown (several words
 *   or skills: the planner multiplies their frequencies as if they were independent, and words that go
 *   together in resumes come out too low, so there are at least that many matches): the exact count, then
 *   the page by the strategy the count picks.
 * - "gather": the exact count and the page from one scan (searchCountAndPageQuery), instead of one scan
 *   for the count and another for the page.
 */
export function searchPlan(input: {
  estimate: number;
  rows: number;
  wanted: number;
  estimateShown: boolean;
}): SearchPlan {
  if (searchPageStrategy({ matches: input.estimate, rows: input.rows, wanted: input.wanted }) === 'collect')
    return 'gather';
  return input.estimateShown && input.estimate >= EXACT_COUNT_LIMIT ? 'estimate' : 'count-then-page';
}

/** How many rows a bounded walk reads at most: BOUNDED_WALK_FACTOR times what the estimate says it needs. */
export function boundedWalkLimit(input: { estimate: number; rows: number; wanted: number }): number {
  return Math.ceil((BOUNDED_WALK_FACTOR * input.wanted * input.rows) / Math.max(1, input.estimate));
}

/**
 * What the planner says about a search, nothing read: its estimated matches, the search table's rows
 * (kept per `db` for a minute), whether the estimate can be shown (searchEstimateHolds) and the plan for
 * the default ordering (searchPlan). The statements run on `tx`.
 */
export async function plannedSearch(
  db: Db,
  tx: Db,
  filter: CandidateListFilter,
  tsquery: string,
): Promise<{ estimate: number; rows: number; estimateShown: boolean; plan: SearchPlan }> {
  const estimate = await plannerRowEstimate(tx, searchMatchesQuery(tx, tsquery));
  const rows = Math.max(await estimatedSearchRows(db, tx), estimate);
  const estimateShown = estimate >= EXACT_COUNT_LIMIT && (await searchEstimateHolds(tx, filter, estimate));
  return {
    estimate,
    rows,
    estimateShown,
    plan: searchPlan({ estimate, rows, wanted: filter.offset + filter.limit, estimateShown }),
  };
}

/** A page's total when the count is an estimate: exact when the page says where the end is, never less than what was seen (decision 023). */
function totalAround(
  estimate: number,
  page: { length: number },
  filter: Pick<CandidateListFilter, 'limit' | 'offset'>,
): { count: number; countEstimated?: true } {
  if (page.length < filter.limit && (page.length > 0 || filter.offset === 0))
    return { count: filter.offset + page.length };
  const seen = filter.offset + page.length + (page.length === filter.limit ? 1 : 0);
  return { count: Math.max(estimate, seen), countEstimated: true };
}

/** How close a word's estimate must be to its prefix's for the prefix's estimate to be shown (searchEstimateHolds). */
export const PREFIX_ESTIMATE_SPREAD = 1.2;

/**
 * Whether the planner's estimate of a search's matches (`estimate`, its prefix query) is close enough to
 * show as "about N". Measured on 100,000 candidates (decision 065): the planner is close for a word among
 * its most common lexemes (its statistics keep about 1,000) and multiplies the
 * frequencies of several words or skills as if they were independent (too low: words that go together in
 * resumes); a prefix adds up the lexemes it starts: right when one of them is nearly all of it
 * ("experience", "experienced") or the word itself is rare ("kube": "kubernetes"), far out when the word is
 * common and so are longer words that go with it ("java" and "javascript": 18,791 for 11,520; "node",
 * "sales") or when the prefix has a long tail of rare lexemes (two letters: up to half too low). So: one
 * search word of at least three letters, no skills, and the word's own estimate (one more EXPLAIN) either
 * within PREFIX_ESTIMATE_SPREAD of the prefix's or under a fifth of it.
 */
async function searchEstimateHolds(tx: Db, filter: ListConditions, estimate: number): Promise<boolean> {
  const [term, ...more] = searchTerms(filter.search);
  if (
    more.length > 0 ||
    term?.kind !== 'word' ||
    term.token.length < 3 ||
    normalizeSkills(filter.skills ?? []).length > 0
  )
    return false;
  const word = await plannerRowEstimate(
    tx,
    searchMatchesQuery(tx, candidateSearchTsquery(filter, { prefix: false }) ?? ''),
  );
  return estimate <= word * PREFIX_ESTIMATE_SPREAD || word * 5 < estimate;
}

/** Turns the creation-time index walk on or off for the rest of the search's transaction (a page that is walked, or collected). */
const allowIndexWalk = (tx: Db, allowed: boolean) =>
  tx.execute(allowed ? sql`SET LOCAL enable_indexscan = on` : sql`SET LOCAL enable_indexscan = off`);

type ListAnswer = { rows: CandidateListRow[]; count: number; countEstimated?: true; resumeTexts?: Map<number, string> };

/** Splits search rows into the page and its resume texts (for the match info). */
function pageWithResumes(searchRows: SearchPageRow[], total: { count: number; countEstimated?: true }): ListAnswer {
  const rows: CandidateListRow[] = [];
  const resumeTexts = new Map<number, string>();
  for (const { resumeText, ...row } of searchRows) {
    rows.push(row);
    resumeTexts.set(row.id, resumeText);
  }
  return { rows, resumeTexts, ...total };
}

/**
 * One page and its total.
 *
 * Without a text search: the page and the count in parallel on the PostgreSQL pool (PGlite runs them
 * one after the other on its one connection); status, experience and skills have their indexes and the
 * planner picks well. The count is exact for small lists and the planner's estimate for large ones
 * (`countEstimated`, candidateListCount).
 *
 * With one: the search and every filter are one tsquery on `candidate_search` (a narrow table kept by a
 * trigger), run in a transaction with plan hints (`set_config(…, true)`, i.e. `SET LOCAL`: never a
 * sequential scan, which would read every row's vector). The planner's estimate of the matches (EXPLAIN,
 * nothing read) picks the plan (searchPlan): a broad search of one word answers with that estimate and a
 * bounded walk of the creation-time index; any other search is counted exactly, its count and page
 * from one GIN scan where the page is collected (the usual case), else counted first and walked
 * (searchPageStrategy). Another ordering reads every match, sorted (searchPageJoinQuery). The search
 * table's row estimate is kept for a minute. Pass the pool, not a transaction: the hints would outlive a
 * savepoint.
 */
export async function listCandidateRows(db: Db, filter: CandidateListFilter): Promise<ListAnswer> {
  const tsquery = candidateSearchTsquery(filter);
  if (tsquery && dataProtectionConditions(filter)) return filteredSearchRows(db, tsquery, filter);
  if (!tsquery) {
    const [rows, total] = await Promise.all([candidatePageQuery(db, filter), candidateListCount(db, filter)]);
    return total.countEstimated ? { rows, ...totalAround(total.count, rows, filter) } : { rows, count: total.count };
  }
  const defaultOrdering = filter.ordering.replace(/^-/, '') === 'created_at';
  const direction = filter.ordering.startsWith('-') ? 'desc' : 'asc';
  const wanted = filter.offset + filter.limit;
  return db.transaction(async (tx) => {
    // The plan hints in one statement: never a sequential scan; in the default ordering no index walk
    // either (a GIN scan: the usual case), undone below when the page is walked.
    await tx.execute(
      defaultOrdering
        ? sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`
        : sql`select set_config('enable_seqscan', 'off', true)`,
    );
    const { estimate, rows, estimateShown, plan } = await plannedSearch(db, tx, filter, tsquery);

    if (!defaultOrdering) {
      if (estimateShown) {
        const page = await searchPageJoinQuery(tx, tsquery, filter);
        return { rows: page, ...totalAround(estimate, page, filter) };
      }
      const [matches = 0] = await searchCount(tx, { tsquery });
      return { rows: matches > filter.offset ? await searchPageJoinQuery(tx, tsquery, filter) : [], count: matches };
    }

    if (plan === 'estimate') {
      await allowIndexWalk(tx, true);
      const page = await boundedWalkRows[direction](tx, {
        tsquery,
        limit: filter.limit,
        offset: filter.offset,
        walkLimit: boundedWalkLimit({ estimate, rows, wanted }),
      });
      if (page.length === filter.limit) return pageWithResumes(page, totalAround(estimate, page, filter));
      // Fewer matches near the end than the estimate promised: count them.
      await allowIndexWalk(tx, false);
    }
    if (plan !== 'count-then-page') {
      const gathered = await searchCountAndPage[direction](tx, {
        tsquery,
        limit: filter.limit,
        offset: filter.offset,
        cap: SEARCH_GATHER_CAP,
      });
      const total = gathered[0]?.total ?? 0;
      if (total < SEARCH_GATHER_CAP)
        return pageWithResumes(
          gathered.flatMap(({ row }) => (row ? [row] : [])),
          { count: total },
        );
    }
    const [matches = 0] = await searchCount(tx, { tsquery });
    if (matches <= filter.offset) return { rows: [], count: matches };
    if (searchPageStrategy({ matches, rows: Math.max(rows, matches), wanted }) === 'walk')
      await allowIndexWalk(tx, true);
    return pageWithResumes(
      await searchPageRows[direction](tx, { tsquery, limit: filter.limit, offset: filter.offset }),
      { count: matches },
    );
  });
}

/** The resume text of these candidates (a list page's, to show where a search matched): one query. */
export async function candidateResumeTexts(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: candidatesTable.id, resumeText: candidatesTable.resumeText })
    .from(candidatesTable)
    .where(inArray(candidatesTable.id, ids));
  return new Map(rows.map((row) => [row.id, row.resumeText]));
}
