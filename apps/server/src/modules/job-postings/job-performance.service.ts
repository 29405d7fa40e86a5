import {
  JOB_POSTING_MESSAGES,
  mondayOf,
  PERFORMANCE_MAX_WEEKS,
  type PerformanceFigures,
  type PerformanceQuery,
  type PerformanceResponse,
} from '@recruitdesk/contracts/job-postings';
import { independentReads } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { outcomesByRoleWeek, postingsInRange } from './job-postings.repository';
import { addFigures, costPer, currentWeek, emptySums, withRates } from './job-postings.service';
import { addDays } from '@recruitdesk/money/dates';

/** The weeks shown when no range is given: this week and the eleven before it. */
export const DEFAULT_PERFORMANCE_WEEKS = 12;

interface Bucket {
  sums: ReturnType<typeof emptySums>;
  qualified: number;
  submittals: number;
  placements: number;
}

const emptyBucket = (): Bucket => ({ sums: emptySums(), qualified: 0, submittals: 0, placements: 0 });

/** A bucket's figures: the board's sums and rates, our outcomes and the cost of each (null when none). */
export function bucketFigures(bucket: Bucket): PerformanceFigures {
  return {
    ...withRates(bucket.sums),
    qualified: bucket.qualified,
    submittals: bucket.submittals,
    placements: bucket.placements,
    cost_per_qualified_minor: costPer(bucket.sums.spend_minor, bucket.qualified),
    cost_per_submittal_minor: costPer(bucket.sums.spend_minor, bucket.submittals),
    cost_per_placement_minor: costPer(bucket.sums.spend_minor, bucket.placements),
  };
}

function bucketIn<K>(map: Map<K, Bucket>, key: K): Bucket {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = emptyBucket();
    map.set(key, bucket);
  }
  return bucket;
}

/** The range as whole weeks: the Mondays of `from` and `to` (defaults: the last twelve weeks). */
export function performanceRange(deps: Deps, query: PerformanceQuery): { from: string; to: string } {
  const to = mondayOf(query.to ?? currentWeek(deps));
  const from = mondayOf(query.from ?? addDays(to, -7 * (DEFAULT_PERFORMANCE_WEEKS - 1)));
  if (from > to) throw fieldsError({ to: [JOB_POSTING_MESSAGES.rangeOrder] });
  const weeks = (Date.parse(to) - Date.parse(from)) / (7 * 86_400_000) + 1;
  if (weeks > PERFORMANCE_MAX_WEEKS) throw fieldsError({ from: [JOB_POSTING_MESSAGES.rangeTooLong] });
  return { from, to };
}

/**
 * GET /api/job-postings/performance/: the spend joined to our outcomes of the same roles — applications
 * converted to a candidate, submittals and placements — week by week, in total, per role and per client.
 * The roles are those with a posting row in the range (after the role and client filters); their outcomes
 * count in the week they happened (agency time zone), whether or not that week had a row.
 */
export async function postingPerformance(
  deps: Deps,
  actor: UserRow,
  query: PerformanceQuery,
): Promise<Omit<PerformanceResponse, 'success'>> {
  assertCan(actor, 'records.read');
  const { from, to } = performanceRange(deps, query);
  const [rows, settings] = await independentReads(
    deps.db,
    () => postingsInRange(deps.db, { from, to, roleId: query.role, clientId: query.client }),
    () => getAgencySettings(deps.db),
  );
  const roles = new Map<number, { role_name: string; client_id: number; client_name: string }>();
  const weeks = new Map<string, Bucket>();
  for (let week = from; week <= to; week = addDays(week, 7)) weeks.set(week, emptyBucket());
  const byRole = new Map<number, Bucket>();
  const byClient = new Map<number, Bucket>();
  const total = emptyBucket();
  for (const row of rows) {
    roles.set(row.roleId, { role_name: row.roleName, client_id: row.clientId, client_name: row.clientName });
    // Money in another currency than the agency's stays out of the sums (rows are written in it: decision 042).
    const money = row.currency === settings.currency;
    const figures = {
      spend_minor: money ? Number(row.spendMinor) : 0,
      daily_budget_minor: money ? (row.dailyBudgetMinor ?? 0) : 0,
      impressions: row.impressions,
      clicks: row.clicks,
      apply_starts: row.applyStarts,
      applies: row.applies,
    };
    for (const bucket of [
      bucketIn(weeks, row.weekStart),
      bucketIn(byRole, row.roleId),
      bucketIn(byClient, row.clientId),
      total,
    ])
      addFigures(bucket.sums, figures);
  }
  const outcomes = await outcomesByRoleWeek(deps.db, [...roles.keys()], from, to, deps.config.agencyTimeZone);
  for (const outcome of outcomes) {
    const role = roles.get(outcome.role_id);
    if (!role) continue;
    for (const bucket of [
      bucketIn(weeks, outcome.week_start),
      bucketIn(byRole, outcome.role_id),
      bucketIn(byClient, role.client_id),
      total,
    ]) {
      bucket.qualified += outcome.qualified;
      bucket.submittals += outcome.submittals;
      bucket.placements += outcome.placements;
    }
  }
  const clientNames = new Map([...roles.values()].map((role) => [role.client_id, role.client_name]));
  return {
    from,
    to,
    currency: settings.currency,
    weeks: [...weeks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week_start, bucket]) => ({ week_start, ...bucketFigures(bucket) })),
    total: bucketFigures(total),
    by_role: [...roles]
      .map(([role_id, role]) => ({ role_id, ...role, ...bucketFigures(byRole.get(role_id)!) }))
      .sort((a, b) => a.client_name.localeCompare(b.client_name) || a.role_name.localeCompare(b.role_name)),
    by_client: [...clientNames]
      .map(([client_id, client_name]) => ({ client_id, client_name, ...bucketFigures(byClient.get(client_id)!) }))
      .sort((a, b) => a.client_name.localeCompare(b.client_name)),
  };
}
