import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { CANDIDATE_SOURCE_OF_APPLICATION, type ApplicationSource } from '@recruitdesk/contracts/applications';
import { applicationsTable } from '../applications/applications.table';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { invoicesTable, payoutsTable } from '../invoices/invoices.table';
import { interviewsTable, pipelinesTable, placementsTable, submittalsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { analyticsRoleDaysTable, analyticsRolesTable, analyticsStageStaysTable } from './analytics.table';

// Read-only queries of the analytics sets (issue 12) over the tables of the modules below (decision 007:
// an insight module joins their tables and writes none). Every value leaves PostgreSQL as int, float8 or
// text (dates, money sums), so PGlite and node-postgres answer the same JavaScript values.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Runs an analytics query with PostgreSQL's JIT compilation off. Measured at full bench scale: the KPI query
 * costs above jit_above_cost, and compiling it took ~4.5 of its 5.3 s on the shared machine (817 ms
 * without). PGlite has no JIT; the setting is accepted and changes nothing there.
 */
const run = (db: Db, query: SQL) =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(query);
  });

/**
 * The filters as the queries read them. Dates are inclusive ISO dates, days of the agency's time zone
 * (AGENCY_TIME_ZONE): a timestamp counts on its calendar day there (decision 060).
 */
export interface Scope {
  from: string;
  to: string;
  /** The IANA zone the days are read in. */
  timeZone: string;
  clientId: number | null;
  clientType: string | null;
  recruiterId: number | null;
  /** The role titles of the chosen family (null: no family filter). */
  roleNames: string[] | null;
}

const R = rolesTable;
const C = clientsTable;
const P = pipelinesTable;
const S = submittalsTable;
const PL = placementsTable;
const I = invoicesTable;
const PY = payoutsTable;
const IV = interviewsTable;
const U = usersTable;
const D = analyticsRoleDaysTable;
const AR = analyticsRolesTable;
const ST = analyticsStageStaysTable;

/** The period's bounds as instants: midnight of its first day, and of the day after its last, in the agency's zone. */
const fromTs = (s: Scope) => sql`(${s.from}::date)::timestamp at time zone ${s.timeZone}::text`;
const toEndTs = (s: Scope) => sql`(${s.to}::date + 1)::timestamp at time zone ${s.timeZone}::text`;
/** A timestamp's calendar day in the agency's zone. */
const agencyDate = (s: Scope, column: SQL) => sql`(${column} at time zone ${s.timeZone}::text)::date`;

const names = (list: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** Conditions on the role (alias r) and its client (alias c); `recruiter` applies the recruiter filter to r. */
function roleWhere(s: Scope, recruiter: 'role' | 'none' = 'role'): SQL {
  const parts: SQL[] = [sql`true`];
  if (s.clientId !== null) parts.push(sql`r.client_id = ${s.clientId}`);
  if (s.clientType !== null) parts.push(sql`c.client_type = ${s.clientType}`);
  if (s.roleNames !== null) parts.push(sql`r.name in ${names(s.roleNames)}`);
  if (recruiter === 'role' && s.recruiterId !== null) parts.push(sql`r.recruiter_id = ${s.recruiterId}`);
  return sql.join(parts, sql` and `);
}

/** The role's client (alias c) joined to roles (alias r) only when the client-type filter reads it. */
const roleClientJoin = (s: Scope): SQL => (s.clientType !== null ? sql` join ${C} c on c.id = r.client_id` : sql``);

/** Whether the scope filters on the role or its client (beyond the recruiter). */
const byRole = (s: Scope) => s.clientId !== null || s.clientType !== null || s.roleNames !== null;

/** The pipeline (alias p) filter: the recruiter filter reads the pipeline's recruiter. */
const pipelineWhere = (s: Scope): SQL =>
  sql`${roleWhere(s, 'none')}${s.recruiterId !== null ? sql` and p.recruiter_id = ${s.recruiterId}` : sql``}`;

/** Invoices (alias i): client, client type, and the role's recruiter and family (retainer invoices have no role). */
function invoiceWhere(s: Scope): SQL {
  const parts: SQL[] = [sql`i.status not in ('draft', 'void')`];
  if (s.clientId !== null) parts.push(sql`i.client_id = ${s.clientId}`);
  if (s.clientType !== null) parts.push(sql`c.client_type = ${s.clientType}`);
  if (s.roleNames !== null) parts.push(sql`r.name in ${names(s.roleNames)}`);
  if (s.recruiterId !== null) parts.push(sql`r.recruiter_id = ${s.recruiterId}`);
  return sql.join(parts, sql` and `);
}

/** The joins invoiceWhere reads, only those its filters need: the client for its type, the role for its family or recruiter. */
const invoiceJoins = (s: Scope): SQL =>
  sql.join(
    [
      s.clientType !== null ? sql`join ${C} c on c.id = i.client_id` : sql``,
      s.roleNames !== null || s.recruiterId !== null ? sql`left join ${R} r on r.id = i.role_id` : sql``,
    ],
    sql` `,
  );

const signedTotal = sql`case when i.kind = 'credit_note' then -abs(i.total_minor) else i.total_minor end`;

export interface KpiRow {
  open_roles: number;
  new_roles: number;
  placements: number;
  roles_filled: number;
  roles_closed: number;
  median_days_to_fill: number | null;
  median_days_to_first_submittal: number | null;
  submittals: number;
  fee_sum: string;
  booked: string;
  collected: string;
}

/** The KPI figures over the scope's period. `openNow`: open roles by current state (totals) instead of at the period's end. */
export async function kpis(db: Db, s: Scope, openNow = false): Promise<KpiRow> {
  return rowsOf<KpiRow>(await run(db, kpisQuery(s, openNow)))[0]!;
}

/**
 * The summary rows of the scope's period (decision 056), alias d, with the days from the role's opening:
 * submittals, placements and fees per role, day and pipeline recruiter. Role filters join the role live.
 */
const periodDays = (s: Scope, needs: 'role' | 'none' = 'role') => {
  const recruiter = s.recruiterId !== null ? sql` and d.recruiter_id = ${s.recruiterId}` : sql``;
  // Without role filters, a caller that needs neither the client nor the days reads the summary rows alone.
  if (needs === 'none' && !byRole(s))
    return sql`
  select d.role_id, d.day, d.recruiter_id, d.submittals, d.placements, d.fee_minor
  from ${D} d where d.day between ${s.from}::date and ${s.to}::date${recruiter}`;
  return sql`
  select d.role_id, d.day, d.recruiter_id, d.submittals, d.placements, d.fee_minor, r.client_id, d.day - r.opened_at as days
  from ${D} d join ${R} r on r.id = d.role_id${roleClientJoin(s)}
  where ${roleWhere(s, 'none')}${recruiter}
    and d.day between ${s.from}::date and ${s.to}::date`;
};

/** Median of `days` over the placements of the rows `from` (each row weighs its number of placements). */
const placementMedian = (from: SQL) =>
  sql`(select percentile_cont(0.5) within group (order by x.days)::float8 from ${from} x cross join generate_series(1, x.placements) where x.placements > 0)`;

/** The KPI query itself (the bench prints its plan). */
export function kpisQuery(s: Scope, openNow = false): SQL {
  const openAtEnd = openNow
    ? sql`r.state in ('open', 'on_hold')`
    : sql`r.opened_at <= ${s.to}::date and (r.closed_at is null or r.closed_at >= ${toEndTs(s)})`;
  return sql`
      with fr as (
        select r.id, r.opened_at, r.closed_at, r.close_reason, (${openAtEnd}) as open_at_end,
               ar.first_submittal_on, coalesce(ar.placements, 0) as placed
        from ${R} r${roleClientJoin(s)} left join ${AR} ar on ar.role_id = r.id
        where ${roleWhere(s)}
          -- Roles closed before the period can only count through a first submittal in it.
          and (r.closed_at is null or r.closed_at >= ${fromTs(s)} or ar.first_submittal_on between ${s.from}::date and ${s.to}::date)
      ),
      pd as (${periodDays(s, 'none')}),
      -- One pass over the roles and one over the summary rows, each figure a filter of it.
      roles_figures as (
        select count(*) filter (where open_at_end)::int as open_roles,
               count(*) filter (where opened_at between ${s.from}::date and ${s.to}::date)::int as new_roles,
               count(*) filter (where closed_at >= ${fromTs(s)} and closed_at < ${toEndTs(s)}
                 and (close_reason in ('filled', 'filled_by_client') or placed > 0))::int as roles_filled,
               count(*) filter (where closed_at >= ${fromTs(s)} and closed_at < ${toEndTs(s)})::int as roles_closed,
               (percentile_cont(0.5) within group (order by first_submittal_on - opened_at)
                 filter (where first_submittal_on between ${s.from}::date and ${s.to}::date))::float8 as median_days_to_first_submittal
        from fr
      ),
      day_figures as (
        select coalesce(sum(placements), 0)::int as placements, coalesce(sum(submittals), 0)::int as submittals,
               coalesce(sum(fee_minor), 0)::bigint::text as fee_sum
        from pd
      )
      select roles_figures.*, day_figures.*,
        ${placementMedian(byRole(s) ? sql`pd` : sql`(select pd.placements, pd.day - r.opened_at as days from pd join ${R} r on r.id = pd.role_id where pd.placements > 0)`)} as median_days_to_fill,
        (select coalesce(sum(${signedTotal}), 0)::text from ${I} i ${invoiceJoins(s)}
           where ${invoiceWhere(s)} and i.issue_date between ${s.from}::date and ${s.to}::date) as booked,
        (select coalesce(sum(py.amount_minor), 0)::text from ${PY} py join ${I} i on i.id = py.invoice_id ${invoiceJoins(s)}
           where ${invoiceWhere(s)} and py.date between ${s.from}::date and ${s.to}::date) as collected
      from roles_figures, day_figures
    `;
}

export interface KeyedValueRow {
  metric: string;
  key: string | null;
  n: number;
  total: string;
}

/** Per month ("YYYY-MM"): new roles, placements, submittals, booked and collected (minor units as text). */
export async function monthly(db: Db, s: Scope): Promise<KeyedValueRow[]> {
  return rowsOf<KeyedValueRow>(
    await run(
      db,
      sql`
      with pm as (
        select date_trunc('month', day) as month, sum(placements)::int as placements, sum(submittals)::int as submittals
        from (${periodDays(s, 'none')}) pd group by 1
      ),
      nr as (
        select date_trunc('month', r.opened_at) as month, count(*)::int as n
        from ${R} r${roleClientJoin(s)}
        where ${roleWhere(s)} and r.opened_at between ${s.from}::date and ${s.to}::date group by 1
      )
      select 'new_roles' as metric, to_char(month, 'YYYY-MM') as key, n, '0' as total from nr
      union all
      select 'placements', to_char(month, 'YYYY-MM'), placements, '0' from pm where placements > 0
      union all
      select 'submittals', to_char(month, 'YYYY-MM'), submittals, '0' from pm where submittals > 0
      union all
      select 'booked', to_char(i.issue_date, 'YYYY-MM'), count(*)::int, sum(${signedTotal})::text
        from ${I} i ${invoiceJoins(s)}
        where ${invoiceWhere(s)} and i.issue_date between ${s.from}::date and ${s.to}::date group by 2
      union all
      select 'collected', to_char(py.date, 'YYYY-MM'), count(*)::int, sum(py.amount_minor)::text
        from ${PY} py join ${I} i on i.id = py.invoice_id ${invoiceJoins(s)}
        where ${invoiceWhere(s)} and py.date between ${s.from}::date and ${s.to}::date group by 2
    `,
    ),
  );
}

/** Per recruiter id (null: unassigned): open roles at the period's end, submittals, placements and their fees. */
export async function byRecruiter(db: Db, s: Scope): Promise<KeyedValueRow[]> {
  return rowsOf<KeyedValueRow>(
    await run(
      db,
      sql`
      with pd as (${periodDays(s, 'none')})
      select 'open_roles' as metric, r.recruiter_id::text as key, count(*)::int as n, '0' as total
        from ${R} r${roleClientJoin(s)}
        where ${roleWhere(s)} and r.opened_at <= ${s.to}::date and (r.closed_at is null or r.closed_at >= ${toEndTs(s)}) group by 2
      union all
      select 'submittals', recruiter_id::text, sum(submittals)::int, '0' from pd group by 2 having sum(submittals) > 0
      union all
      select 'placements', recruiter_id::text, sum(placements)::int, sum(fee_minor)::bigint::text from pd group by 2 having sum(placements) > 0
    `,
    ),
  );
}

/** Per client id: open and new roles, placements (fee sum, median days to fill), booked and collected. */
export async function byClient(db: Db, s: Scope): Promise<(KeyedValueRow & { median: number | null })[]> {
  return rowsOf<KeyedValueRow & { median: number | null }>(
    await run(
      db,
      sql`
      with pd as (${periodDays(s)})
      select 'open_roles' as metric, r.client_id::text as key, count(*)::int as n, '0' as total, null::float8 as median
        from ${R} r${roleClientJoin(s)}
        where ${roleWhere(s)} and r.opened_at <= ${s.to}::date and (r.closed_at is null or r.closed_at >= ${toEndTs(s)}) group by 2
      union all
      select 'new_roles', r.client_id::text, count(*)::int, '0', null
        from ${R} r${roleClientJoin(s)}
        where ${roleWhere(s)} and r.opened_at between ${s.from}::date and ${s.to}::date group by 2
      union all
      select 'placements', x.client_id::text, count(*)::int, sum(x.fee)::bigint::text,
             percentile_cont(0.5) within group (order by x.days)::float8
        from (select pd.client_id, pd.days, case when g = 1 then pd.fee_minor else 0 end as fee
                from pd cross join generate_series(1, pd.placements) g where pd.placements > 0) x group by 2
      union all
      select 'booked', i.client_id::text, count(*)::int, sum(${signedTotal})::text, null
        from ${I} i ${invoiceJoins(s)}
        where ${invoiceWhere(s)} and i.issue_date between ${s.from}::date and ${s.to}::date group by 2
      union all
      select 'collected', i.client_id::text, count(*)::int, sum(py.amount_minor)::text, null
        from ${PY} py join ${I} i on i.id = py.invoice_id ${invoiceJoins(s)}
        where ${invoiceWhere(s)} and py.date between ${s.from}::date and ${s.to}::date group by 2
    `,
    ),
  );
}

export interface NamedRow {
  id: number;
  name: string;
  client_type?: string;
}

export async function clientNames(db: Db, ids: number[]): Promise<(NamedRow & { client_type: string })[]> {
  if (!ids.length) return [];
  return rowsOf<NamedRow & { client_type: string }>(
    await run(
      db,
      sql`select id, name, client_type from ${C} where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
    ),
  );
}

export async function userNames(db: Db, ids: number[]): Promise<NamedRow[]> {
  if (!ids.length) return [];
  return rowsOf<NamedRow>(
    await run(
      db,
      sql`select id, trim(first_name || ' ' || last_name) as name from ${U} where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
    ),
  );
}

export interface RoleRow {
  id: number;
  name: string;
  client_id: number;
  client_name: string;
  recruiter_id: number | null;
  recruiter_name: string | null;
  state: string;
  close_reason: string | null;
  opened_at: string;
  closed_at: string | null;
  days_open: number;
}

/** Roles active during the period, newest first (at most `limit`), and how many matched. */
export async function activeRoles(db: Db, s: Scope, limit: number): Promise<{ rows: RoleRow[]; count: number }> {
  const where = sql`${roleWhere(s)} and r.opened_at <= ${s.to}::date and (r.closed_at is null or r.closed_at >= ${fromTs(s)})`;
  const [rows, counted] = [
    rowsOf<RoleRow>(
      await run(
        db,
        sql`
        select r.id, r.name, r.client_id, c.name as client_name, r.recruiter_id, trim(u.first_name || ' ' || u.last_name) as recruiter_name,
               r.state, r.close_reason, r.opened_at::text as opened_at, ${agencyDate(s, sql`r.closed_at`)}::text as closed_at,
               (coalesce(${agencyDate(s, sql`r.closed_at`)}, ${agencyDate(s, sql`now()`)}) - r.opened_at)::int as days_open
        from ${R} r join ${C} c on c.id = r.client_id left join ${U} u on u.id = r.recruiter_id
        where ${where}
        order by r.opened_at desc, r.id desc
        limit ${limit}
      `,
      ),
    ),
    rowsOf<{ n: number }>(
      await run(db, sql`select count(*)::int as n from ${R} r join ${C} c on c.id = r.client_id where ${where}`),
    ),
  ];
  return { rows, count: counted[0]?.n ?? 0 };
}

export interface RoleCountRow {
  role_id: number;
  metric: string;
  key: string | null;
  n: number;
}

/** For the given roles: pipelines by stage, submittals, interviews and placements (all time). */
export async function roleCounts(db: Db, roleIds: number[]): Promise<RoleCountRow[]> {
  if (!roleIds.length) return [];
  const ids = sql`(select jsonb_array_elements_text(${JSON.stringify(roleIds)}::jsonb)::int)`;
  return rowsOf<RoleCountRow>(
    await run(
      db,
      sql`
      select p.role_id, 'stage' as metric, p.stage as key, count(*)::int as n from ${P} p where p.role_id in ${ids} group by 1, 3
      union all
      select p.role_id, 'submittals', null, count(*)::int from ${S} sb join ${P} p on p.id = sb.pipeline_id where p.role_id in ${ids} group by 1
      union all
      select p.role_id, 'interviews', null, count(*)::int from ${IV} iv join ${P} p on p.id = iv.pipeline_id
        where p.role_id in ${ids} and iv.outcome not in ('cancelled', 'rescheduled') group by 1
      union all
      select p.role_id, 'placements', null, count(*)::int from ${PL} pl join ${P} p on p.id = pl.pipeline_id where p.role_id in ${ids} group by 1
    `,
    ),
  );
}

export interface StageRow {
  metric: string;
  stage: string;
  reason: string | null;
  n: number;
  median: number | null;
  p90: number | null;
}

/**
 * The funnel over pipelines created in the period: by current stage, closed by stage and reason, and the
 * days of each finished stay (entering a stage to the next stage change, from the pipeline events).
 */
export async function stages(db: Db, s: Scope): Promise<StageRow[]> {
  // Without a client, client type or family filter the role is not needed: no join (the default filters).
  const roleJoin = (alias: SQL) =>
    byRole(s) ? sql` join ${R} r on r.id = ${alias}.role_id join ${C} c on c.id = r.client_id` : sql``;
  const fp = sql`select p.id, p.stage, p.state, p.close_reason from ${P} p${roleJoin(sql`p`)}
    where ${pipelineWhere(s)} and p.created_at >= ${fromTs(s)} and p.created_at < ${toEndTs(s)}`;
  // The stays come from the summary rows (decision 056): one per finished stay, with the pipeline's role,
  // recruiter and creation time.
  return rowsOf<StageRow>(
    await run(
      db,
      sql`
      with fp as (${fp})
      select 'at' as metric, stage, null as reason, count(*)::int as n, null::float8 as median, null::float8 as p90 from fp group by stage
      union all
      select 'dropped', stage, coalesce(close_reason, 'other'), count(*)::int, null, null from fp where state = 'closed' group by stage, close_reason
      union all
      select 'stay', st.stage, null, count(*)::int,
             (percentile_cont(0.5) within group (order by st.days))::float8,
             (percentile_cont(0.9) within group (order by st.days))::float8
        from ${ST} st${roleJoin(sql`st`)}
        where ${roleWhere(s, 'none')}${s.recruiterId !== null ? sql` and st.recruiter_id = ${s.recruiterId}` : sql``}
          and st.pipeline_created_at >= ${fromTs(s)} and st.pipeline_created_at < ${toEndTs(s)}
        group by st.stage
    `,
    ),
  );
}

export interface PlacementWageRow {
  placement_id: number;
  pipeline_id: number;
  role_id: number;
  role_name: string;
  location: string;
  client_id: number;
  client_name: string;
  placed_on: string;
  currency: string;
  salary: string;
  salary_min: string | null;
  salary_max: string | null;
}

/** Placements recorded in the period with their role's posted range. Salaries as numeric text. */
export async function placedWages(db: Db, s: Scope): Promise<PlacementWageRow[]> {
  return rowsOf<PlacementWageRow>(
    await run(
      db,
      sql`
      select pl.id as placement_id, p.id as pipeline_id, r.id as role_id, r.name as role_name, r.location, c.id as client_id, c.name as client_name,
             ${agencyDate(s, sql`pl.created_at`)}::text as placed_on, pl.currency, pl.salary::text as salary,
             r.salary_min::text as salary_min, r.salary_max::text as salary_max
      from ${PL} pl join ${P} p on p.id = pl.pipeline_id join ${R} r on r.id = p.role_id join ${C} c on c.id = r.client_id
      where ${pipelineWhere(s)} and pl.created_at >= ${fromTs(s)} and pl.created_at < ${toEndTs(s)}
      order by pl.created_at desc, pl.id desc
    `,
    ),
  );
}

export interface SourceRow {
  source: string;
  placements: number;
  fee_minor: string;
}

/**
 * Placements recorded in the period by the placed candidate's channel: the application's, when the pipeline
 * came from one, else the candidate's source (grouped ignoring case and spaces).
 */
export async function placementSources(db: Db, s: Scope): Promise<SourceRow[]> {
  const channel = sql`(select ${JSON.stringify(CANDIDATE_SOURCE_OF_APPLICATION)}::jsonb ->> a.source
                         from ${applicationsTable} a where a.pipeline_id = p.id order by a.id limit 1)`;
  return rowsOf<SourceRow>(
    await run(
      db,
      sql`
      select min(x.source) as source, count(*)::int as placements, sum(x.fee_minor)::bigint::text as fee_minor
      from (
        select btrim(coalesce(${channel}, cand.source)) as source, round(pl.fee * 100)::bigint as fee_minor
        from ${PL} pl join ${P} p on p.id = pl.pipeline_id join ${R} r on r.id = p.role_id join ${C} c on c.id = r.client_id
          join ${candidatesTable} cand on cand.id = p.candidate_id
        where ${pipelineWhere(s)} and pl.created_at >= ${fromTs(s)} and pl.created_at < ${toEndTs(s)}
      ) x
      group by lower(x.source)
    `,
    ),
  );
}

export interface ApplicationsRow {
  source: ApplicationSource;
  received: number;
  open: number;
  rejected: number;
  converted: number;
  placed: number;
}

/** Applications received in the period per channel, by status, and those whose pipeline reached a placement. */
export async function applicationsBySource(db: Db, s: Scope): Promise<ApplicationsRow[]> {
  return rowsOf<ApplicationsRow>(
    await run(
      db,
      sql`
      select a.source, count(*)::int as received,
             count(*) filter (where a.status = 'new')::int as open,
             count(*) filter (where a.status = 'rejected')::int as rejected,
             count(*) filter (where a.status = 'converted')::int as converted,
             count(pl.id)::int as placed
      from ${applicationsTable} a join ${R} r on r.id = a.role_id join ${C} c on c.id = r.client_id
        left join ${PL} pl on pl.pipeline_id = a.pipeline_id
      where ${roleWhere(s)} and a.created_at >= ${fromTs(s)} and a.created_at < ${toEndTs(s)}
      group by a.source order by a.source
    `,
    ),
  );
}

export interface OfferRow {
  role_name: string;
  location: string;
  currency: string;
  salary: string;
  answer: string;
}

/** Answered offers with an amount, made in the period. */
export async function answeredOffers(db: Db, s: Scope): Promise<OfferRow[]> {
  return rowsOf<OfferRow>(
    await run(
      db,
      sql`
      select r.name as role_name, r.location, coalesce(p.offer_currency, r.salary_currency) as currency, p.offered_salary::text as salary, p.offer_answer as answer
      from ${P} p join ${R} r on r.id = p.role_id join ${C} c on c.id = r.client_id
      where ${pipelineWhere(s)} and p.offer_answer is not null and p.offered_salary is not null
        and p.offered_at >= ${fromTs(s)} and p.offered_at < ${toEndTs(s)}
    `,
    ),
  );
}

export interface RetainerClientRow {
  id: number;
  name: string;
  signed_on: string;
  currency: string;
  retainer_minor: string | null;
  instalments: { label: string; percent: number; milestone: string }[];
}

export interface RetainerInvoiceRow {
  id: number;
  client_id: number;
  instalment: number | null;
  number: string;
  issue_date: string;
  total_minor: string;
  balance_minor: string;
  paid_on: string | null;
}

/** Retainer clients signed by the period's end (client filter applies; recruiter and family do not: retainers have no role). */
export async function retainerClients(
  db: Db,
  s: Scope,
): Promise<{ clients: RetainerClientRow[]; invoices: RetainerInvoiceRow[] }> {
  const where = sql`c.client_type = 'retainer' and ${agencyDate(s, sql`c.created_at`)} <= ${s.to}::date${s.clientId !== null ? sql` and c.id = ${s.clientId}` : sql``}`;
  const clients = rowsOf<RetainerClientRow>(
    await run(
      db,
      sql`
      select c.id, c.name, ${agencyDate(s, sql`c.created_at`)}::text as signed_on, c.currency,
             round(c.retainer_amount * 100)::bigint::text as retainer_minor, c.retainer_instalments as instalments
      from ${C} c where ${where} order by c.name, c.id
    `,
    ),
  );
  const invoices = rowsOf<RetainerInvoiceRow>(
    await run(
      db,
      sql`
      select i.id, i.client_id, i.instalment, i.number, i.issue_date::text as issue_date, i.total_minor::text as total_minor,
             i.balance_minor::text as balance_minor,
             case when i.status = 'paid' then coalesce((select max(py.date) from ${PY} py where py.invoice_id = i.id)::text, ${agencyDate(s, sql`i.paid_at`)}::text) end as paid_on
      from ${I} i join ${C} c on c.id = i.client_id
      where ${where} and i.kind = 'retainer' and i.status not in ('draft', 'void')
      order by i.issue_date, i.id
    `,
    ),
  );
  return { clients, invoices };
}

/** Every distinct role title with how many roles carry it (the role-family filter is built from these). */
export async function roleTitles(db: Db): Promise<{ name: string; n: number }[]> {
  return rowsOf<{ name: string; n: number }>(
    await run(db, sql`select name, count(*)::int as n from ${R} group by name`),
  );
}

/** Clients (not archived, or with roles) and people who recruit (recruiter type, or assigned to a role or pipeline). */
export async function filterLists(
  db: Db,
): Promise<{ clients: (NamedRow & { client_type: string })[]; recruiters: NamedRow[] }> {
  const clients = rowsOf<NamedRow & { client_type: string }>(
    await run(
      db,
      sql`select id, name, client_type from ${C} c where archived_at is null or exists (select 1 from ${R} r where r.client_id = c.id) order by lower(name), id`,
    ),
  );
  const recruiters = rowsOf<NamedRow>(
    await run(
      db,
      sql`
      select u.id, trim(u.first_name || ' ' || u.last_name) as name from ${U} u
      where 'recruiter' = any(u.user_type) or u.id in (select recruiter_id from ${R} where recruiter_id is not null)
      order by lower(u.first_name), lower(u.last_name), u.id
    `,
    ),
  );
  return { clients, recruiters };
}

/** Whether the filter's client and recruiter exist (null: not filtered, true). */
export async function filterIdsExist(
  db: Db,
  clientId: number | null,
  recruiterId: number | null,
): Promise<{ client: boolean; recruiter: boolean }> {
  if (clientId === null && recruiterId === null) return { client: true, recruiter: true };
  const rows = rowsOf<{ client: boolean; recruiter: boolean }>(
    await run(
      db,
      sql`select
      (${clientId}::int is null or exists (select 1 from ${C} where id = ${clientId}::int)) as client,
      (${recruiterId}::int is null or exists (select 1 from ${U} where id = ${recruiterId}::int)) as recruiter`,
    ),
  );
  return rows[0]!;
}

/**
 * Makes the summary rows count placements on their calendar day in `zone` (decision 060); when the stored
 * zone differs, the database function rebuilds the rows of every placed role. Returns whether it changed.
 */
export async function useSummaryTimeZone(db: Db, zone: string): Promise<boolean> {
  const result = await db.execute(sql`select analytics_use_time_zone(${zone}) as changed`);
  return (result as unknown as { rows: { changed: boolean }[] }).rows[0]!.changed;
}
