import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { clientsTable } from '../clients/clients.table';
import { invoicesTable, payoutsTable } from '../invoices/invoices.table';
import { interviewsTable, pipelinesTable, placementsTable, submittalsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { analyticsRoleDaysTable, analyticsRolesTable, analyticsStageStaysTable } from './analytics.table';

// What the analytics queries (issue 12) share: the scope of the filters and its SQL conditions, the table
// aliases, and how a query runs. The queries themselves live in the analytics-*.repository.ts files, one per
// set or group of sets (decision 007: an insight module joins the tables of the modules below and writes
// none). Every value leaves PostgreSQL as int, float8 or text (dates, money sums), so PGlite and
// node-postgres answer the same JavaScript values.

export { rowsOf } from '../../db/sql-helpers';

/**
 * Runs an analytics query with PostgreSQL's JIT compilation off. Measured at full bench scale: the KPI query
 * costs above jit_above_cost, and compiling it took ~4.5 of its 5.3 s on the shared machine (817 ms
 * without). PGlite has no JIT; the setting is accepted and changes nothing there.
 */
export const run = (db: Db, query: SQL) =>
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

export const R = rolesTable;
export const C = clientsTable;
export const P = pipelinesTable;
export const S = submittalsTable;
export const PL = placementsTable;
export const I = invoicesTable;
export const PY = payoutsTable;
export const IV = interviewsTable;
export const U = usersTable;
export const D = analyticsRoleDaysTable;
export const AR = analyticsRolesTable;
export const ST = analyticsStageStaysTable;

/** The period's bounds as instants: midnight of its first day, and of the day after its last, in the agency's zone. */
export const fromTs = (s: Scope) => sql`(${s.from}::date)::timestamp at time zone ${s.timeZone}::text`;
export const toEndTs = (s: Scope) => sql`(${s.to}::date + 1)::timestamp at time zone ${s.timeZone}::text`;
/** A timestamp's calendar day in the agency's zone. */
export const agencyDate = (s: Scope, column: SQL) => sql`(${column} at time zone ${s.timeZone}::text)::date`;

export const names = (list: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** Conditions on the role (alias r) and its client (alias c); `recruiter` applies the recruiter filter to r. */
export function roleWhere(s: Scope, recruiter: 'role' | 'none' = 'role'): SQL {
  const parts: SQL[] = [sql`true`];
  if (s.clientId !== null) parts.push(sql`r.client_id = ${s.clientId}`);
  if (s.clientType !== null) parts.push(sql`c.client_type = ${s.clientType}`);
  if (s.roleNames !== null) parts.push(sql`r.name in ${names(s.roleNames)}`);
  if (recruiter === 'role' && s.recruiterId !== null) parts.push(sql`r.recruiter_id = ${s.recruiterId}`);
  return sql.join(parts, sql` and `);
}

/** The role's client (alias c) joined to roles (alias r) only when the client-type filter reads it. */
export const roleClientJoin = (s: Scope): SQL =>
  s.clientType !== null ? sql` join ${C} c on c.id = r.client_id` : sql``;

/** Whether the scope filters on the role or its client (beyond the recruiter). */
export const byRole = (s: Scope) => s.clientId !== null || s.clientType !== null || s.roleNames !== null;

/** The pipeline (alias p) filter: the recruiter filter reads the pipeline's recruiter. */
export const pipelineWhere = (s: Scope): SQL =>
  sql`${roleWhere(s, 'none')}${s.recruiterId !== null ? sql` and p.recruiter_id = ${s.recruiterId}` : sql``}`;

/** Invoices (alias i): client, client type, and the role's recruiter and family (retainer invoices have no role). */
export function invoiceWhere(s: Scope): SQL {
  const parts: SQL[] = [sql`i.status not in ('draft', 'void')`];
  if (s.clientId !== null) parts.push(sql`i.client_id = ${s.clientId}`);
  if (s.clientType !== null) parts.push(sql`c.client_type = ${s.clientType}`);
  if (s.roleNames !== null) parts.push(sql`r.name in ${names(s.roleNames)}`);
  if (s.recruiterId !== null) parts.push(sql`r.recruiter_id = ${s.recruiterId}`);
  return sql.join(parts, sql` and `);
}

/** The joins invoiceWhere reads, only those its filters need: the client for its type, the role for its family or recruiter. */
export const invoiceJoins = (s: Scope): SQL =>
  sql.join(
    [
      s.clientType !== null ? sql`join ${C} c on c.id = i.client_id` : sql``,
      s.roleNames !== null || s.recruiterId !== null ? sql`left join ${R} r on r.id = i.role_id` : sql``,
    ],
    sql` `,
  );

export const signedTotal = sql`case when i.kind = 'credit_note' then -abs(i.total_minor) else i.total_minor end`;

/**
 * The summary rows of the scope's period (decision 056), alias d, with the days from the role's opening:
 * submittals, placements and fees per role, day and credited user. Role filters join the role live.
 */
export const periodDays = (s: Scope, needs: 'role' | 'none' = 'role') => {
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
export const placementMedian = (from: SQL) =>
  sql`(select percentile_cont(0.5) within group (order by x.days)::float8 from ${from} x cross join generate_series(1, x.placements) where x.placements > 0)`;
