import {
  type AnalyticsFiltersQuery,
  type AnalyticsPlacedWage,
  type AnalyticsRoleWageRow,
  type AnalyticsWageGroup,
  type WagePosition,
} from '@recruitdesk/contracts/analytics';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import { minorOf, money, percentile, percentileMinor, round } from './analytics-helpers';
import { base, resolve } from './analytics-filters';
import * as repo from './analytics-wages.repository';
import { roleFamilyLabel, roleFamilyOf } from './role-family';

// The wage sets: each placement against its role's posted range, and placed salaries per role family.

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
