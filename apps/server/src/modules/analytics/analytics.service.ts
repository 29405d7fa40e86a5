import { fromMinor, meanOf, toMinor } from '@recruitdesk/money';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_ROLES_LIMIT,
  OPTIMAL_RANGE_MIN_SAMPLE,
  type AnalyticsClientRow,
  type AnalyticsFiltersQuery,
  type AnalyticsKpis,
  type AnalyticsMonth,
  type AnalyticsOptimalRangeRow,
  type AnalyticsPlacedWage,
  type AnalyticsRecruiterRow,
  type AnalyticsRetainerClient,
  type AnalyticsRoleRow,
  type AnalyticsApplicationsRow,
  type AnalyticsRoleWageRow,
  type AnalyticsSourceRow,
  type AnalyticsStageRow,
  type AnalyticsWageBand,
  type AnalyticsWageGroup,
  type AppliedFilters,
  type RoleOutcome,
  type StageCounts,
  type WagePosition,
} from '@recruitdesk/contracts/analytics';
import { CLIENT_TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from '@recruitdesk/contracts/pipeline-summary';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { independentReads } from '../../db/transaction';
import { calendarDateIn } from '../../lib/time-zone';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import * as repo from './analytics.repository';
import type { Scope } from './analytics.repository';
import { roleFamilyLabel, roleFamilyOf } from './role-family';

// The analytics sets (issue 12; definitions in docs/analytics.md, money rules in decision 034).

const DAY_MS = 86_400_000;

/**
 * Whoever sees fees under the agency's `money_visibility` setting (decision 071, which supersedes 034's
 * owners-only rule) gets the money fields (revenue, fees, retainer amounts); everyone else the same
 * answer without them.
 */
export const seesMoney = (deps: Pick<Deps, 'db'>, user: UserRow): Promise<boolean> => moneyVisibleTo(deps.db, user);

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
const addYears = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return isoDay(d);
};
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The summary rows follow the agency's zone (AGENCY_TIME_ZONE); run when the app is ready (decision 060). */
export async function useAgencyTimeZone(deps: Deps): Promise<void> {
  if (await repo.useSummaryTimeZone(deps.db, deps.config.agencyTimeZone)) {
    deps.log.info({ timeZone: deps.config.agencyTimeZone }, 'analytics summary rows rebuilt for the agency time zone');
  }
}

/** The default range: the last 12 months, today (in the agency's zone) included. */
export function defaultRange(now: Date, timeZone: string): { from: string; to: string } {
  const to = calendarDateIn(now, timeZone);
  return { from: addDays(addYears(to, -1), 1), to };
}

/** Minor units → "1234.56" (the API's money). */
const money = fromMinor;
/** A numeric column's text ("120000.00", "99.5") → minor units. */
const minorOf = (text: string): bigint => BigInt(toMinor(text));
/** sum / count, half-up to the cent. */
const meanMinor = meanOf;
const round = (value: number | null, places: number) =>
  value === null || Number.isNaN(value) ? null : Number(value.toFixed(places));
const ratio = (a: number, b: number) => (b ? round(a / b, 4) : null);

/** Linear-interpolated percentile of sorted numbers (PostgreSQL's percentile_cont). */
export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
/** Percentile of minor-unit amounts, half-up to the cent. */
const percentileMinor = (sorted: bigint[], p: number): bigint => {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const frac = at - lo;
  // frac is a multiple of 1/4 at p = .25/.5/.75 (exact in binary), so this stays exact to the cent.
  return sorted[lo]! + BigInt(Math.round(Number(sorted[hi]! - sorted[lo]!) * frac));
};

const badFilter = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, message, { fields: { [field]: [message] } });

interface Resolved {
  scope: Scope;
  applied: AppliedFilters;
  money: boolean;
}

/** Fills the defaults and turns the role family into the titles it groups. */
async function resolve(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery): Promise<Resolved> {
  assertCan(actor, 'records.read');
  const now = deps.config.now();
  let from = query.date_from;
  let to = query.date_to;
  if (!from && !to) ({ from, to } = defaultRange(now, deps.config.agencyTimeZone));
  else if (!from) from = addDays(addYears(to!, -1), 1);
  else if (!to) to = addDays(addYears(from, 1), -1);
  const family = query.role_family ? query.role_family.toLowerCase() : null;
  const roleNames = family
    ? (await repo.roleTitles(deps.db)).filter((t) => roleFamilyOf(t.name) === family).map((t) => t.name)
    : null;
  if (roleNames && !roleNames.length) throw badFilter('role_family', ANALYTICS_MESSAGES.roleFamily);
  const known = await repo.filterIdsExist(deps.db, query.client ?? null, query.recruiter ?? null);
  if (!known.client) throw badFilter('client', ANALYTICS_MESSAGES.client);
  if (!known.recruiter) throw badFilter('recruiter', ANALYTICS_MESSAGES.recruiter);
  const scope: Scope = {
    from: from!,
    to: to!,
    timeZone: deps.config.agencyTimeZone,
    clientId: query.client ?? null,
    clientType: query.client_type ?? null,
    recruiterId: query.recruiter ?? null,
    roleNames,
  };
  return {
    scope,
    money: await seesMoney(deps, actor),
    applied: {
      date_from: scope.from,
      date_to: scope.to,
      client: scope.clientId,
      client_type: query.client_type ?? null,
      recruiter: scope.recruiterId,
      role_family: family,
    },
  };
}

const base = (r: Resolved) => ({ filters: r.applied, money_visible: r.money });

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

function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= end) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export async function summary(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const length = daysBetween(r.scope.from, r.scope.to);
  const previousPeriod = {
    date_from: addDays(r.scope.from, -(length + 1)),
    date_to: addDays(r.scope.from, -1),
  };
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
    (await repo.userNames(deps.db, ids.filter((id): id is string => id !== null).map(Number))).map((u) => [
      u.id,
      u.name,
    ]),
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

export async function clients(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const rows = await repo.byClient(deps.db, r.scope);
  const ids = [...new Set(rows.map((row) => Number(row.key)))];
  const named = await repo.clientNames(deps.db, ids);
  // One lookup per figure (a thousand clients × five figures: a scan of the rows for each was 100+ ms).
  const byKey = new Map(rows.map((row) => [`${row.metric}:${Number(row.key)}`, row]));
  const list: AnalyticsClientRow[] = named.map((c) => {
    const of = (metric: string) => byKey.get(`${metric}:${c.id}`);
    const placements = of('placements');
    const row: AnalyticsClientRow = {
      client_id: c.id,
      client_name: c.name,
      client_type: c.client_type as AnalyticsClientRow['client_type'],
      open_roles: of('open_roles')?.n ?? 0,
      new_roles: of('new_roles')?.n ?? 0,
      placements: placements?.n ?? 0,
      median_days_to_fill: round(placements?.median ?? null, 1),
    };
    if (r.money) {
      row.revenue_booked = money(BigInt(of('booked')?.total ?? '0'));
      row.revenue_collected = money(BigInt(of('collected')?.total ?? '0'));
      row.average_fee = placements ? money(meanMinor(BigInt(placements.total), placements.n)) : null;
    }
    return row;
  });
  list.sort(
    (a, b) => b.placements - a.placements || a.client_name.localeCompare(b.client_name) || a.client_id - b.client_id,
  );
  return { ...base(r), clients: list };
}

/** Where the period's placements came from, and the inbound applications of the period per channel. */
export async function sources(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const rows = await repo.placementSources(deps.db, r.scope);
  const placements = rows.reduce((sum, row) => sum + row.placements, 0);
  const list: AnalyticsSourceRow[] = rows
    .map((row) => {
      const out: AnalyticsSourceRow = {
        source: row.source,
        placements: row.placements,
        share: row.placements / placements,
      };
      if (r.money) out.fees = money(BigInt(row.fee_minor));
      return out;
    })
    .sort(
      (a, b) =>
        b.placements - a.placements || (a.source === '' ? 1 : b.source === '' ? -1 : a.source.localeCompare(b.source)),
    );
  const applications: AnalyticsApplicationsRow[] = await repo.applicationsBySource(deps.db, r.scope);
  return { ...base(r), sources: list, applications };
}

function outcomeOf(role: repo.RoleRow, placements: number): RoleOutcome {
  if (role.state === 'open') return 'open';
  if (role.state === 'on_hold') return 'on_hold';
  return placements > 0 || role.close_reason === 'filled' || role.close_reason === 'filled_by_client'
    ? 'filled'
    : 'closed_unfilled';
}

export async function roles(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const { rows, count } = await repo.activeRoles(deps.db, r.scope, ANALYTICS_ROLES_LIMIT);
  const counts = await repo.roleCounts(
    deps.db,
    rows.map((row) => row.id),
  );
  const byRole = new Map<number, repo.RoleCountRow[]>();
  for (const row of counts) byRole.set(row.role_id, [...(byRole.get(row.role_id) ?? []), row]);
  const list: AnalyticsRoleRow[] = rows.map((role) => {
    const mine = byRole.get(role.id) ?? [];
    const stageCounts = Object.fromEntries(
      PIPELINE_STAGES.map((stage) => [stage, mine.find((c) => c.metric === 'stage' && c.key === stage)?.n ?? 0]),
    ) as StageCounts;
    const n = (metric: string) => mine.find((c) => c.metric === metric)?.n ?? 0;
    return {
      role_id: role.id,
      role_name: role.name,
      role_family: roleFamilyOf(role.name),
      client_id: role.client_id,
      client_name: role.client_name,
      recruiter_id: role.recruiter_id,
      recruiter_name: role.recruiter_name ?? 'Unassigned',
      state: role.state,
      opened_at: role.opened_at,
      closed_at: role.closed_at,
      days_open: role.days_open,
      pipelines: Object.values(stageCounts).reduce((a, b) => a + b, 0),
      stage_counts: stageCounts,
      submittals: n('submittals'),
      interviews: n('interviews'),
      placements: n('placements'),
      outcome: outcomeOf(role, n('placements')),
    };
  });
  return { ...base(r), roles: list, count };
}

export async function stageFunnel(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const rows = await repo.stages(deps.db, r.scope);
  const at = (stage: string) => rows.find((row) => row.metric === 'at' && row.stage === stage)?.n ?? 0;
  const total = PIPELINE_STAGES.reduce((sum, stage) => sum + at(stage), 0);
  const reached = PIPELINE_STAGES.map((_, index) =>
    PIPELINE_STAGES.slice(index).reduce((sum, stage) => sum + at(stage), 0),
  );
  const list: AnalyticsStageRow[] = PIPELINE_STAGES.map((stage, index) => {
    const stay = rows.find((row) => row.metric === 'stay' && row.stage === stage);
    const drops = rows.filter((row) => row.metric === 'dropped' && row.stage === stage);
    return {
      stage,
      label: PIPELINE_STAGE_LABELS[stage],
      reached: reached[index]!,
      conversion_to_next: index < PIPELINE_STAGES.length - 1 ? ratio(reached[index + 1]!, reached[index]!) : null,
      median_days_in_stage: round(stay?.median ?? null, 1),
      p90_days_in_stage: round(stay?.p90 ?? null, 1),
      dropped: drops.reduce((sum, row) => sum + row.n, 0),
      dropped_reasons: drops
        .map((row) => ({ reason: row.reason ?? 'other', count: row.n }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    };
  });
  return { ...base(r), pipelines: total, stages: list };
}

function placedWage(row: repo.PlacementWageRow): AnalyticsPlacedWage {
  const salary = minorOf(row.salary);
  const min = row.salary_min !== null ? minorOf(row.salary_min) : null;
  const max = row.salary_max !== null ? minorOf(row.salary_max) : null;
  let position: WagePosition = 'no_range';
  let difference: bigint | null = null;
  let bound: bigint | null = null;
  if (min !== null || max !== null) {
    if (min !== null && salary < min) [position, difference, bound] = ['below', salary - min, min];
    else if (max !== null && salary > max) [position, difference, bound] = ['above', salary - max, max];
    else [position, difference] = ['within', 0n];
  }
  return {
    placement_id: row.placement_id,
    pipeline_id: row.pipeline_id,
    role_id: row.role_id,
    role_name: row.role_name,
    role_family: roleFamilyOf(row.role_name),
    client_id: row.client_id,
    client_name: row.client_name,
    placed_on: row.placed_on,
    currency: row.currency,
    salary: money(salary),
    salary_min: min === null ? null : money(min),
    salary_max: max === null ? null : money(max),
    position,
    difference: difference === null ? null : money(difference),
    difference_ratio: difference === null ? null : bound ? round(Number(difference) / Number(bound), 4) : 0,
  };
}

function wageGroups(
  placed: AnalyticsPlacedWage[],
  keyOf: (p: AnalyticsPlacedWage) => [string, string],
): AnalyticsWageGroup[] {
  const groups = new Map<string, { label: string; items: AnalyticsPlacedWage[] }>();
  for (const p of placed) {
    const [key, label] = keyOf(p);
    const group = groups.get(key) ?? { label, items: [] };
    group.items.push(p);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, { label, items }]) => {
      const ratios = items
        .map((p) => p.difference_ratio)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      const count = (position: WagePosition) => items.filter((p) => p.position === position).length;
      return {
        key,
        label,
        count: items.length,
        below: count('below'),
        within: count('within'),
        above: count('above'),
        no_range: count('no_range'),
        median_difference_ratio: round(percentile(ratios, 0.5), 4),
      };
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export async function wages(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const placed = (await repo.placedWages(deps.db, r.scope)).map(placedWage);
  return {
    ...base(r),
    placements: placed.slice(0, 500),
    by_client: wageGroups(placed, (p) => [String(p.client_id), p.client_name]),
    by_role_family: wageGroups(placed, (p) => [p.role_family, roleFamilyLabel(p.role_family)]),
  };
}

export async function roleWages(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const rows = await repo.placedWages(deps.db, r.scope);
  const groups = new Map<string, { family: string; location: string | null; currency: string; salaries: bigint[] }>();
  const add = (family: string, location: string | null, currency: string, salary: bigint) => {
    const key = `${family}\u0000${location ?? ''}\u0000${location === null ? 'all' : 'one'}\u0000${currency}`;
    const group = groups.get(key) ?? { family, location, currency, salaries: [] };
    group.salaries.push(salary);
    groups.set(key, group);
  };
  for (const row of rows) {
    const family = roleFamilyOf(row.role_name);
    const salary = minorOf(row.salary);
    add(family, null, row.currency, salary);
    add(family, row.location.trim() || 'Unspecified', row.currency, salary);
  }
  const list: AnalyticsRoleWageRow[] = [...groups.values()]
    .map((g) => {
      const sorted = g.salaries.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return {
        role_family: g.family,
        role_family_label: roleFamilyLabel(g.family),
        location: g.location,
        currency: g.currency,
        count: sorted.length,
        min: money(sorted[0]!),
        p25: money(percentileMinor(sorted, 0.25)),
        median: money(percentileMinor(sorted, 0.5)),
        p75: money(percentileMinor(sorted, 0.75)),
        max: money(sorted[sorted.length - 1]!),
      };
    })
    .sort(
      (a, b) =>
        a.role_family.localeCompare(b.role_family) ||
        (a.location === null ? -1 : b.location === null ? 1 : a.location.localeCompare(b.location)) ||
        a.currency.localeCompare(b.currency),
    );
  return { ...base(r), role_wages: list };
}

/** A "nice" band width near a tenth of the median offer: 1, 2, 2.5 or 5 × a power of ten (in major units). */
export function bandWidthMinor(medianMinor: bigint): bigint {
  const target = Math.max(Number(medianMinor) / 100 / 10, 1);
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((w) => w >= target * 0.75) ?? 10 * power;
  return BigInt(Math.round(step * 100));
}

export function bandsOf(offers: { salary: bigint; accepted: boolean }[]): AnalyticsWageBand[] {
  const sorted = offers.map((o) => o.salary).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const width = bandWidthMinor(percentileMinor(sorted, 0.5));
  const bands = new Map<bigint, { offers: number; accepted: number }>();
  for (const offer of offers) {
    const start = (offer.salary / width) * width;
    const band = bands.get(start) ?? { offers: 0, accepted: 0 };
    band.offers += 1;
    if (offer.accepted) band.accepted += 1;
    bands.set(start, band);
  }
  return [...bands.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([start, band]) => ({
      from: money(start),
      to: money(start + width),
      offers: band.offers,
      accepted: band.accepted,
      acceptance_rate: ratio(band.accepted, band.offers),
    }));
}

/**
 * The lower end of the 95% Wilson score interval of a band's acceptance rate: what the rate is at least,
 * given how few offers it rests on. The best band is the one with the highest, so one accepted offer (1 of
 * 1: 0.21) does not beat nine of ten (0.60).
 */
export function acceptanceLowerBound({ offers, accepted }: { offers: number; accepted: number }): number {
  if (offers === 0) return 0;
  const z = 1.96;
  const p = accepted / offers;
  const z2n = (z * z) / offers;
  return (p + z2n / 2 - z * Math.sqrt((p * (1 - p)) / offers + z2n / (4 * offers))) / (1 + z2n);
}

export async function optimalWageRange(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const offers = await repo.answeredOffers(deps.db, r.scope);
  const groups = new Map<
    string,
    {
      family: string;
      location: string | null;
      currency: string;
      offers: { salary: bigint; accepted: boolean }[];
    }
  >();
  const add = (
    family: string,
    location: string | null,
    currency: string,
    offer: { salary: bigint; accepted: boolean },
  ) => {
    const key = `${family}\u0000${location === null ? '\u0001' : location}\u0000${currency}`;
    const group = groups.get(key) ?? { family, location, currency, offers: [] };
    group.offers.push(offer);
    groups.set(key, group);
  };
  for (const row of offers) {
    const offer = { salary: minorOf(row.salary), accepted: row.answer === 'accepted' };
    const family = roleFamilyOf(row.role_name);
    add(family, null, row.currency, offer);
    add(family, row.location.trim() || 'Unspecified', row.currency, offer);
  }
  const ranges: AnalyticsOptimalRangeRow[] = [];
  for (const g of groups.values()) {
    const enough = g.offers.length >= OPTIMAL_RANGE_MIN_SAMPLE;
    // A location's own row only when it alone has the sample; the family's row always (saying when it is too small).
    if (g.location !== null && !enough) continue;
    const bands = enough ? bandsOf(g.offers) : [];
    const best = bands.reduce<AnalyticsWageBand | null>((top, band) => {
      if (!top) return band;
      const a = acceptanceLowerBound(band);
      const b = acceptanceLowerBound(top);
      return a > b || (a === b && band.offers > top.offers) ? band : top;
    }, null);
    ranges.push({
      role_family: g.family,
      role_family_label: roleFamilyLabel(g.family),
      location: g.location,
      currency: g.currency,
      sample_size: g.offers.length,
      accepted: g.offers.filter((o) => o.accepted).length,
      enough_data: enough,
      message: enough
        ? null
        : `Only ${g.offers.length} answered offer${g.offers.length === 1 ? '' : 's'}; at least ${OPTIMAL_RANGE_MIN_SAMPLE} are needed to suggest a range.`,
      bands,
      best_band: best,
    });
  }
  ranges.sort(
    (a, b) =>
      a.role_family.localeCompare(b.role_family) ||
      (a.location === null ? -1 : b.location === null ? 1 : a.location.localeCompare(b.location)),
  );
  return { ...base(r), min_sample: OPTIMAL_RANGE_MIN_SAMPLE, ranges };
}

const medianInt = (values: number[]) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    ),
    1,
  );

export async function retainerTimePayout(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const { clients: clientRows, invoices } = await repo.retainerClients(deps.db, r.scope);
  const allInvoice: number[] = [];
  const allPaid: number[] = [];
  let outstandingCount = 0;
  let outstandingMinor = 0n;
  const list: AnalyticsRetainerClient[] = clientRows.map((c) => {
    const mine = invoices.filter((i) => i.client_id === c.id);
    const retainer = c.retainer_minor !== null ? BigInt(c.retainer_minor) : 0n;
    let outstanding = 0;
    let owed = 0n;
    const instalments = c.instalments.map((plan, index) => {
      const invoice = mine.find((i) => i.instalment === index);
      const inPeriod = invoice && invoice.issue_date >= r.scope.from && invoice.issue_date <= r.scope.to;
      if (!invoice) {
        outstanding += 1;
        const expected = (retainer * BigInt(Math.round(plan.percent * 100)) * 2n + 10_000n) / 20_000n;
        owed += expected;
        return {
          instalment: index,
          label: plan.label,
          invoice_id: null,
          invoice_number: null,
          invoiced_on: null,
          paid_on: null,
          days_to_invoice: null,
          days_to_paid: null,
          ...(r.money ? { amount: money(expected) } : {}),
        };
      }
      owed += BigInt(invoice.balance_minor);
      const toInvoice = daysBetween(c.signed_on, invoice.issue_date);
      const toPaid = invoice.paid_on ? daysBetween(c.signed_on, invoice.paid_on) : null;
      return {
        instalment: index,
        label: plan.label,
        invoice_id: invoice.id,
        invoice_number: invoice.number,
        invoiced_on: invoice.issue_date,
        paid_on: invoice.paid_on,
        days_to_invoice: toInvoice,
        days_to_paid: toPaid,
        inPeriod,
        ...(r.money ? { amount: money(BigInt(invoice.total_minor)) } : {}),
      };
    });
    const counted = instalments.filter((i) => 'inPeriod' in i && i.inPeriod);
    const toInvoice = counted.map((i) => i.days_to_invoice!);
    const toPaid = counted.map((i) => i.days_to_paid).filter((v): v is number => v !== null);
    allInvoice.push(...toInvoice);
    allPaid.push(...toPaid);
    outstandingCount += outstanding;
    outstandingMinor += owed;
    return {
      client_id: c.id,
      client_name: c.name,
      signed_on: c.signed_on,
      currency: c.currency,
      instalments: instalments.map(
        ({ inPeriod: _inPeriod, ...rest }: { inPeriod?: unknown } & AnalyticsRetainerClient['instalments'][number]) =>
          rest,
      ),
      median_days_to_invoice: medianInt(toInvoice),
      median_days_to_paid: medianInt(toPaid),
      outstanding_instalments: outstanding,
      ...(r.money ? { outstanding_amount: money(owed) } : {}),
    };
  });
  return {
    ...base(r),
    clients: list,
    overall: {
      median_days_to_invoice: medianInt(allInvoice),
      median_days_to_paid: medianInt(allPaid),
      outstanding_instalments: outstandingCount,
      ...(r.money ? { outstanding_amount: money(outstandingMinor) } : {}),
    },
  };
}

export async function filterOptions(deps: Deps, actor: UserRow) {
  assertCan(actor, 'records.read');
  const range = defaultRange(deps.config.now(), deps.config.agencyTimeZone);
  const { clients: clientRows, recruiters } = await repo.filterLists(deps.db);
  const families = new Map<string, { roles: number; examples: string[] }>();
  for (const title of (await repo.roleTitles(deps.db)).sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))) {
    const key = roleFamilyOf(title.name);
    const family = families.get(key) ?? { roles: 0, examples: [] };
    family.roles += title.n;
    if (family.examples.length < 5) family.examples.push(title.name);
    families.set(key, family);
  }
  return {
    money_visible: await seesMoney(deps, actor),
    default_date_from: range.from,
    default_date_to: range.to,
    clients: clientRows.map((c) => ({
      id: c.id,
      name: c.name,
      client_type: c.client_type as 'finders_fee' | 'retainer',
    })),
    client_types: (['finders_fee', 'retainer'] as const).map((value) => ({
      value,
      label: CLIENT_TYPE_LABELS[value],
    })),
    recruiters: recruiters.map((u) => ({ id: u.id, name: u.name })),
    role_families: [...families.entries()]
      .map(([value, f]) => ({
        value,
        label: roleFamilyLabel(value),
        roles: f.roles,
        examples: f.examples,
      }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
