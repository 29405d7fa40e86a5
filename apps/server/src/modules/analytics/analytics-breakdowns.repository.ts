import { sql, type SQL } from 'drizzle-orm';
import { CANDIDATE_SOURCE_OF_APPLICATION, type ApplicationSource } from '@recruitdesk/contracts/applications';
import type { Db } from '../../db/client';
import { applicationsTable } from '../applications/applications.table';
import { candidatesTable } from '../candidates/candidates.table';
import {
  C,
  IV,
  P,
  PL,
  R,
  S,
  ST,
  U,
  agencyDate,
  byRole,
  fromTs,
  pipelineWhere,
  roleWhere,
  rowsOf,
  run,
  toEndTs,
  type Scope,
} from './analytics-query';

// The roles active in a period with their counts, the stage funnel, and where placements and applications came from.

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
