import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES } from '@recruitdesk/contracts/pipeline-summary';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { assertCan } from '../../../lib/permissions';
import { candidatesTable } from '../../candidates/candidates.table';
import { clientsTable } from '../../clients/clients.table';
import { pipelinesTable } from '../../pipelines/pipelines.table';
import { rolesTable } from '../../roles/roles.table';
import { usersTable } from '../../users/users.table';
import { defineTool, paths } from './tool-helpers';
import { rowsOf } from '../../../db/sql-helpers';

// Counts and lists of records as they are now (not archived), and one role's pipeline.

const id = z.number().int().positive().max(2_147_483_647);

const countArgs = z
  .object({
    kind: z.enum(['roles', 'clients', 'candidates', 'pipelines']),
    state: z
      .string()
      .trim()
      .max(40)
      .optional()
      .describe(
        'roles: open | on_hold | closed | active (open or on hold); clients: Open | On Hold | Prospect | Closed; candidates: a status (active, placed...); pipelines: open | closed.',
      ),
    client_id: id.optional(),
    recruiter_id: id.optional(),
    role_id: id.optional(),
    client_type: z.enum(['finders_fee', 'retainer']).optional(),
    stage: z.enum(PIPELINE_STAGES).optional(),
    skills: z
      .array(z.string().trim().min(1).max(60))
      .max(5)
      .optional()
      .describe('candidates: only those with every one of these skills (any case).'),
    limit: z.number().int().min(0).max(50).default(10),
  })
  .strict();

interface Listed {
  id: number;
  name: string;
  detail: string;
  link: string;
}

export const countRecordsTool = defineTool({
  name: 'count_records',
  description:
    'Counts records as they are now (archived ones left out) with filters, and lists the first few (newest first) with links: roles (state, client, recruiter), clients (state, client type), candidates (status, skills), pipelines (state, stage, role, client, recruiter).',
  args: countArgs,
  async run(ctx, a) {
    assertCan(ctx.user, 'records.read');
    const db = ctx.deps.db;
    const where: SQL[] = [sql`true`];
    let from: SQL;
    let select: SQL;
    let order: SQL;
    let link: (row: Listed & { role_id?: number }) => string;
    if (a.kind === 'roles') {
      from = sql`${rolesTable} r join ${clientsTable} c on c.id = r.client_id`;
      where.push(sql`r.archived_at is null`);
      if (a.state === 'active') where.push(sql`r.state in ('open', 'on_hold')`);
      else if (a.state) where.push(sql`r.state = ${a.state}`);
      if (a.client_id) where.push(sql`r.client_id = ${a.client_id}`);
      if (a.recruiter_id) where.push(sql`r.recruiter_id = ${a.recruiter_id}`);
      if (a.client_type) where.push(sql`c.client_type = ${a.client_type}`);
      select = sql`r.id, r.name, c.name || ' · ' || r.state || ' · opened ' || r.opened_at::text as detail`;
      order = sql`r.opened_at desc, r.id desc`;
      link = (row) => paths.role(row.id);
    } else if (a.kind === 'clients') {
      from = sql`${clientsTable} c`;
      where.push(sql`c.archived_at is null`);
      if (a.state) where.push(sql`lower(c.state) = lower(${a.state})`);
      if (a.client_type) where.push(sql`c.client_type = ${a.client_type}`);
      if (a.client_id) where.push(sql`c.id = ${a.client_id}`);
      select = sql`c.id, c.name, c.state || ' · ' || c.client_type as detail`;
      order = sql`c.name, c.id`;
      link = (row) => paths.client(row.id);
    } else if (a.kind === 'candidates') {
      from = sql`${candidatesTable} k`;
      if (a.state) where.push(sql`k.status = ${a.state}`);
      const skills = [...new Set((a.skills ?? []).map((skill) => skill.toLowerCase()))];
      if (skills.length)
        where.push(
          sql`k.skills_normalized @> array[${sql.join(
            skills.map((skill) => sql`${skill}`),
            sql`, `,
          )}]::text[]`,
        );
      select = sql`k.id, k.first_name || ' ' || k.last_name as name, k.current_title || ' · ' || k.status as detail`;
      order = sql`k.created_at desc, k.id desc`;
      link = (row) => paths.candidate(row.id);
    } else {
      from = sql`${pipelinesTable} p join ${rolesTable} r on r.id = p.role_id join ${clientsTable} c on c.id = r.client_id join ${candidatesTable} k on k.id = p.candidate_id`;
      if (a.state) where.push(sql`p.state = ${a.state}`);
      if (a.stage) where.push(sql`p.stage = ${a.stage}`);
      if (a.role_id) where.push(sql`p.role_id = ${a.role_id}`);
      if (a.client_id) where.push(sql`r.client_id = ${a.client_id}`);
      if (a.recruiter_id) where.push(sql`p.recruiter_id = ${a.recruiter_id}`);
      if (a.client_type) where.push(sql`c.client_type = ${a.client_type}`);
      select = sql`p.id, k.first_name || ' ' || k.last_name as name, r.name || ' · ' || p.stage || ' · ' || p.state as detail, p.role_id`;
      order = sql`p.stage_changed_at desc, p.id desc`;
      link = (row) => paths.pipeline(row.role_id!, row.id);
    }
    const condition = sql.join(where, sql` and `);
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${from} where ${condition}`),
    ) as [{ n: number }];
    const rows = a.limit
      ? rowsOf<Listed & { role_id?: number }>(
          await db.execute(sql`select ${select} from ${from} where ${condition} order by ${order} limit ${a.limit}`),
        )
      : [];
    return {
      kind: a.kind,
      count: n,
      rows: rows.map((row) => ({ id: row.id, name: row.name, detail: row.detail, link: link(row) })),
    };
  },
});

export const rolePipelineTool = defineTool({
  name: 'role_pipeline',
  description:
    "One role's pipeline as it is now: the role (client, state, recruiter, opened date, days open), open pipelines per stage, closed ones, and the open candidates with their stage and days since the last stage change (longest waiting first).",
  args: z.object({ role_id: id }).strict(),
  async run(ctx, a) {
    assertCan(ctx.user, 'records.read');
    const db = ctx.deps.db;
    const [role] = rowsOf<{
      id: number;
      name: string;
      state: string;
      opened_at: string;
      client_id: number;
      client_name: string;
      recruiter: string | null;
    }>(
      await db.execute(sql`
        select r.id, r.name, r.state, r.opened_at::text as opened_at, r.client_id, c.name as client_name,
               nullif(trim(u.first_name || ' ' || u.last_name), '') as recruiter
        from ${rolesTable} r join ${clientsTable} c on c.id = r.client_id left join ${usersTable} u on u.id = r.recruiter_id
        where r.id = ${a.role_id}`),
    );
    if (!role) return { found: false };
    const stages = rowsOf<{ stage: string; state: string; n: number }>(
      await db.execute(
        sql`select stage, state, count(*)::int as n from ${pipelinesTable} where role_id = ${a.role_id} group by stage, state`,
      ),
    );
    const open = rowsOf<{ id: number; candidate_id: number; name: string; stage: string; days: number }>(
      await db.execute(sql`
        select p.id, p.candidate_id, k.first_name || ' ' || k.last_name as name, p.stage,
               floor(extract(epoch from (${ctx.now.toISOString()}::timestamptz - p.stage_changed_at)) / 86400)::int as days
        from ${pipelinesTable} p join ${candidatesTable} k on k.id = p.candidate_id
        where p.role_id = ${a.role_id} and p.state = 'open'
        order by p.stage_changed_at, p.id limit 25`),
    );
    const count = (stage: string, state: string) => stages.find((s) => s.stage === stage && s.state === state)?.n ?? 0;
    return {
      found: true,
      role: { ...role, link: paths.role(role.id), client_link: paths.client(role.client_id) },
      stages: PIPELINE_STAGES.map((stage) => ({
        stage,
        label: PIPELINE_STAGE_LABELS[stage],
        open: count(stage, 'open'),
        closed: count(stage, 'closed'),
      })),
      open_total: stages.filter((s) => s.state === 'open').reduce((sum, s) => sum + s.n, 0),
      closed_total: stages.filter((s) => s.state === 'closed').reduce((sum, s) => sum + s.n, 0),
      open_candidates: open.map((p) => ({
        name: p.name,
        stage: PIPELINE_STAGE_LABELS[p.stage as keyof typeof PIPELINE_STAGE_LABELS] ?? p.stage,
        days_in_stage: p.days,
        link: paths.pipeline(role.id, p.id),
        candidate_link: paths.candidate(p.candidate_id),
      })),
    };
  },
});
