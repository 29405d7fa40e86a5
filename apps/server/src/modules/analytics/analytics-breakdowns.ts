import {
  ANALYTICS_ROLES_LIMIT,
  type AnalyticsApplicationsRow,
  type AnalyticsClientRow,
  type AnalyticsFiltersQuery,
  type AnalyticsRoleRow,
  type AnalyticsSourceRow,
  type AnalyticsStageRow,
  type RoleOutcome,
  type StageCounts,
} from '@recruitdesk/contracts/analytics';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from '@recruitdesk/contracts/pipeline-summary';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import { meanMinor, money, ratio, round } from './analytics-helpers';
import { base, resolve } from './analytics-filters';
import * as repo from './analytics-breakdowns.repository';
import { byClient } from './analytics-kpis.repository';
import { clientNames } from './analytics-lookups.repository';
import { roleFamilyOf } from './role-family';

// The breakdown sets: per client, per source, per role and the stage funnel.

export async function clients(deps: Deps, actor: UserRow, query: AnalyticsFiltersQuery) {
  const r = await resolve(deps, actor, query);
  const rows = await byClient(deps.db, r.scope);
  const ids = [...new Set(rows.map((row) => Number(row.key)))];
  const named = await clientNames(deps.db, ids);
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
