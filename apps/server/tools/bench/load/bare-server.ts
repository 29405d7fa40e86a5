/**
 * The baseline of `npm run load`: a bare Fastify with a pg pool (no plugins, no session, no validation,
 * no compression) answering GET /search?q= with the same SQL the candidate list runs for a text search
 * (the SQL text is taken from the repository's query builders once per search, then sent with pg alone):
 * in a transaction with the same plan hints, the planner's estimate of the matches, then the plan
 * `searchPlan` picks: the count and the page's rows with their resume texts from one statement ("gather",
 * the usual one), or the count and then the page; the planner's row estimate of the search table is kept
 * for a minute as the app keeps it. (The app's third plan, a broad word's estimate shown with a bounded
 * walk, is for searches of tens of thousands of matches; the load's searches are narrow.)
 * What the app adds on top (session, CSRF and permission checks, zod, match info, serialisation, hooks)
 * is the ratio printed.
 *
 * Run as a child process: BARE_PORT, BARE_DATABASE_URL.
 */
import { CandidateListQuerySchema } from '@recruitdesk/contracts/candidates';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import {
  candidateSearchTsquery,
  SEARCH_GATHER_CAP,
  SEARCH_ROWS_ESTIMATE_TTL_MS,
  searchCountAndPageQuery,
  searchCountQuery,
  searchMatchesQuery,
  searchPageRowsQuery,
  searchPageStrategy,
  searchPlan,
} from '../../../src/modules/candidates/candidate-list.repository';
import { candidateSearchTable } from '../../../src/modules/candidates/candidates.table';

const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
// Only to build SQL text; every query goes through pg.
const builder = drizzle({ client: pool });
const HINTS = "select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)";
const ESTIMATE = `EXPLAIN (FORMAT JSON) ${builder.select({ id: candidateSearchTable.candidateId }).from(candidateSearchTable).toSQL().sql}`;

interface Built {
  sql: string;
  params: unknown[];
}

interface Prepared {
  estimate: Built;
  gather: Built;
  count: Built;
  page: Built;
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
  const matches = searchMatchesQuery(builder, tsquery).toSQL();
  const made = {
    estimate: { sql: `EXPLAIN (FORMAT JSON) ${matches.sql}`, params: matches.params },
    gather: searchCountAndPageQuery(builder, tsquery, { ...filter, cap: SEARCH_GATHER_CAP }).toSQL(),
    count: searchCountQuery(builder, tsquery).toSQL(),
    page: searchPageRowsQuery(builder, tsquery, filter).toSQL(),
    wanted: filter.limit,
  };
  prepared.set(search, made);
  return made;
}

async function plannedRows(client: pg.PoolClient, query: Built): Promise<number> {
  const plan = (await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(query.sql, query.params))
    .rows[0]?.['QUERY PLAN'];
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

let tableRows: { at: number; rows: number } | undefined;
async function estimatedRows(client: pg.PoolClient): Promise<number> {
  if (tableRows && Date.now() - tableRows.at < SEARCH_ROWS_ESTIMATE_TTL_MS) return tableRows.rows;
  tableRows = { at: Date.now(), rows: await plannedRows(client, { sql: ESTIMATE, params: [] }) };
  return tableRows.rows;
}

const app = Fastify({ logger: false });
app.get<{ Querystring: { q?: string } }>('/search', async (request, reply) => {
  const made = prepare(request.query.q ?? '');
  if (!made) return reply.code(400).send({ error: 'nothing searchable' });
  const client = await pool.connect();
  let count = 0;
  let rows: Record<string, unknown>[] = [];
  try {
    await client.query('BEGIN');
    await client.query(HINTS);
    const estimate = await plannedRows(client, made.estimate);
    const rowsEstimate = Math.max(await estimatedRows(client), estimate);
    let gathered = false;
    if (searchPlan({ estimate, rows: rowsEstimate, wanted: made.wanted, estimateShown: false }) === 'gather') {
      const result = (await client.query<Record<string, unknown>>(made.gather.sql, made.gather.params)).rows;
      count = Number(result[0]?.total ?? 0);
      rows = result.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row);
      gathered = count < SEARCH_GATHER_CAP;
    }
    if (!gathered) {
      // The builders' SQL names no output column for the count (`count(*)`): read it by position.
      count = Number(
        (await client.query<[number]>({ text: made.count.sql, values: made.count.params, rowMode: 'array' }))
          .rows[0]?.[0] ?? 0,
      );
      rows = [];
      if (count > 0) {
        if (searchPageStrategy({ matches: count, rows: Math.max(rowsEstimate, count), wanted: made.wanted }) === 'walk')
          await client.query('SET LOCAL enable_indexscan = on');
        rows = (await client.query(made.page.sql, made.page.params)).rows;
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  // The resume texts are read (the app works out the match info from them) but not sent.
  return { results: rows.map(({ resume_text: _resumeText, ...row }) => row), count };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT ?? 3459) });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
