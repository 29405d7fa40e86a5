import {
  type AnalyticsFiltersQuery,
  type AnalyticsKpis,
  type AnalyticsMonth,
  type AnalyticsRecruiterRow,
} from '@recruitdesk/contracts/analytics';
import { independentReads } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { calendarDateIn } from '../../lib/time-zone';
import type { UserRow } from '../users/users.service';
import { meanMinor, money, monthsOf, previousPeriodOf, ratio, round } from './analytics-helpers';
import { base, resolve } from './analytics-filters';
import * as repo from './analytics-kpis.repository';
import { userNames } from './analytics-lookups.repository';

// The summary set (key figures, the period before, per month and per recruiter) and the all-time totals.

function presentKpis(row: repo.KpiRow, withMoney: boolean): AnalyticsKpis {
  const kpis: AnalyticsKpis = {
    open_roles: row.open_roles,
    new_roles: row.new_roles,
    placements: row.placements,
    roles_filled: row.roles_filled,
    roles_closed: row.roles_closed,
    fill_rate: ratio(row.roles_filled, row.roles_closed),
    median_days_to_fill: round(row.median_days_to_fill, 1),
    median_days_to_first_submittal: round(row.median_days_to_first_submittal, 1),
    submittals: row.submittals,
    submittals_per_placement: row.placements ? round(row.submittals / row.placements, 2) : null,
  };
  if (withMoney) {
    kpis.revenue_booked = money(BigInt(row.booked));
    kpis.revenue_collected = money(BigInt(row.collected));
    kpis.average_fee = row.placements ? money(meanMinor(BigInt(row.fee_sum), row.placements)) : null;
  }
  return kpis;
}

export async function summary(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const previousPeriod = previousPeriodOf(r.scope.from, r.scope.to);
  // Four independent reads: at once on PostgreSQL's pool (PGlite queues them; inside the assistant's
  // read-only transaction they run in turn).
  const [current, previous, monthRows, recruiterRows] = await independentReads(
    deps.db,
    () => repo.kpis(deps.db, r.scope),
    () => repo.kpis(deps.db, { ...r.scope, from: previousPeriod.date_from, to: previousPeriod.date_to }),
    () => repo.monthly(deps.db, r.scope),
    () => repo.byRecruiter(deps.db, r.scope),
  );
  const months: AnalyticsMonth[] = monthsOf(r.scope.from, r.scope.to).map((month) => {
    const of = (metric: string) => monthRows.find((row) => row.metric === metric && row.key === month);
    const entry: AnalyticsMonth = {
      month,
      new_roles: of('new_roles')?.n ?? 0,
      placements: of('placements')?.n ?? 0,
      submittals: of('submittals')?.n ?? 0,
    };
    if (r.money) {
      entry.revenue_booked = money(BigInt(of('booked')?.total ?? '0'));
      entry.revenue_collected = money(BigInt(of('collected')?.total ?? '0'));
    }
    return entry;
  });
  const ids = [...new Set(recruiterRows.map((row) => row.key))];
  const names = new Map(
    (await userNames(deps.db, ids.filter((id): id is string => id !== null).map(Number))).map((u) => [u.id, u.name]),
  );
  const recruiters: AnalyticsRecruiterRow[] = ids
    .map((key) => {
      const of = (metric: string) => recruiterRows.find((row) => row.metric === metric && row.key === key);
      const id = key === null ? null : Number(key);
      const row: AnalyticsRecruiterRow = {
        recruiter_id: id,
        recruiter_name: id === null ? 'Unassigned' : (names.get(id) ?? 'Unknown'),
        open_roles: of('open_roles')?.n ?? 0,
        submittals: of('submittals')?.n ?? 0,
        placements: of('placements')?.n ?? 0,
      };
      if (r.money) row.fees = money(BigInt(of('placements')?.total ?? '0'));
      return row;
    })
    .sort(
      (a, b) =>
        b.placements - a.placements || b.submittals - a.submittals || a.recruiter_name.localeCompare(b.recruiter_name),
    );
  return {
    ...base(r),
    summary: presentKpis(current, r.money),
    previous: presentKpis(previous, r.money),
    previous_period: previousPeriod,
    months,
    recruiters,
  };
}

export async function totals(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const all = { ...r.scope, from: '1900-01-01', to: calendarDateIn(deps.config.now(), deps.config.agencyTimeZone) };
  return {
    ...base(r),
    filters: { ...r.applied, date_from: all.from, date_to: all.to },
    totals: presentKpis(await repo.kpis(deps.db, all, true), r.money),
  };
}
