/**
 * The baseline of `npm run load`: a bare Fastify with a pg pool (no plugins, no session, no validation,
 * no compression) answering GET /search?q= with the same SQL the candidate list runs for a text search
 * (the SQL text is taken from the repository's query builders once per search and page size, then sent
 * with pg alone): in a transaction with the same plan hints, the count, the planner's row estimate, the
 * page of ids (walk or collect), the page's rows, then the page's resume texts. What the app adds on top
 * (session, CSRF and permission checks, zod, match info, serialisation, hooks) is the ratio printed.
 *
 * Run as a child process: BARE_PORT, BARE_DATABASE_URL.
 */
import { CandidateListQuerySchema } from '@recruitdesk/contracts/candidates';
import { getTableColumns, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { candidateSearchTsquery, searchCountQuery, searchPageIdsQuery, searchPageStrategy } from '../../modules/candidates/candidates.repository';
import { candidateSearchTable, candidatesTable } from '../../modules/candidates/candidates.table';

const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
// Only to build SQL text; every query goes through pg.
const builder = drizzle({ client: pool });
const { resumeText: _resumeText, skillsNormalized: _skills, phoneDigits: _digits, ...listColumns } = getTableColumns(candidatesTable);

interface Prepared {
  count: { sql: string; params: unknown[] };
  estimate: { sql: string; params: unknown[] };
  ids: { sql: string; params: unknown[] };
  wanted: number;
}

const prepared = new Map<string, Prepared>();
function prepare(search: string): Prepared | null {
  const known = prepared.get(search);
  if (known) return known;
  const query = CandidateListQuerySchema.parse({ search });
  const tsquery = candidateSearchTsquery({ search: query.search });
  if (!tsquery) return null;
  const filter = { ordering: query.ordering, limit: query.page_size, offset: 0 };
  const made = {
    count: searchCountQuery(builder, tsquery).toSQL(),
    estimate: { sql: `EXPLAIN (FORMAT JSON) ${builder.select({ id: candidateSearchTable.candidateId }).from(candidateSearchTable).toSQL().sql}`, params: [] },
    ids: searchPageIdsQuery(builder, tsquery, filter).toSQL(),
    wanted: filter.limit,
  };
  prepared.set(search, made);
  return made;
}

const rowsSql = new Map<number, string>();
const resumeSql = new Map<number, string>();
function byIds(cache: Map<number, string>, ids: number[], columns: Record<string, unknown>): string {
  const known = cache.get(ids.length);
  if (known) return known;
  const text = builder
    .select(columns as typeof listColumns)
    .from(candidatesTable)
    .where(inArray(candidatesTable.id, ids))
    .toSQL().sql;
  cache.set(ids.length, text);
  return text;
}

const app = Fastify({ logger: false });
app.get<{ Querystring: { q?: string } }>('/search', async (request, reply) => {
  const made = prepare(request.query.q ?? '');
  if (!made) return reply.code(400).send({ error: 'nothing searchable' });
  const client = await pool.connect();
  let ids: number[] = [];
  let count: number;
  let rows: Record<string, unknown>[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    count = Number((await client.query<{ value: number }>(made.count.sql, made.count.params)).rows[0]?.value ?? 0);
    if (count > 0) {
      const plan = (await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(made.estimate.sql)).rows[0]?.['QUERY PLAN'];
      const estimated = Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
      if (searchPageStrategy({ matches: count, rows: Math.max(estimated, count), wanted: made.wanted }) === 'collect') await client.query('SET LOCAL enable_indexscan = off');
      ids = (await client.query<{ id: number }>(made.ids.sql, made.ids.params)).rows.map((row) => row.id);
      if (ids.length) rows = (await client.query(byIds(rowsSql, ids, listColumns), ids)).rows;
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  if (ids.length) await pool.query(byIds(resumeSql, ids, { id: candidatesTable.id, resumeText: candidatesTable.resumeText }), ids);
  return { results: rows, count };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT ?? 3459) });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end()).then(() => process.exit(0));
});
