import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  AR,
  I,
  PY,
  R,
  byRole,
  fromTs,
  invoiceJoins,
  invoiceWhere,
  periodDays,
  placementMedian,
  roleClientJoin,
  roleWhere,
  rowsOf,
  run,
  signedTotal,
  toEndTs,
  type Scope,
} from './analytics-query';

// The key figures of a period, per month, per recruiter and per client.

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
