import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { invoicesTable } from '../invoices/invoices.table';
import { interviewsTable, pipelinesTable, placementsTable, submittalsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { rowsOf } from '../../db/sql-helpers';

// The dashboard's "Needs attention" (issue 12): read-only queries; `mine` limits each to the user's own items.

export interface AttentionRow {
  kind: string;
  id: number;
  role_id: number | null;
  client_id: number | null;
  title: string;
  at: string;
  user_id: number | null;
  user_name: string | null;
}

/** Each kind at most `limit` rows, oldest (most urgent) first. Dates and instants as ISO text. */
export async function attentionRows(
  db: Db,
  options: {
    mine: number | null;
    now: Date;
    today: string;
    tomorrowStart: Date;
    tomorrowEnd: Date;
    withInvoices: boolean;
    limit: number;
  },
): Promise<AttentionRow[]> {
  const { mine, limit } = options;
  const staleBefore = new Date(options.now.getTime() - 5 * 86_400_000);
  const who = (column: string) => (mine === null ? sql`true` : sql`${sql.raw(column)} = ${mine}`);
  const person = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);
  const parts = [
    sql`(select 'stale_pipeline' as kind, p.id, r.id as role_id, r.client_id, ${person('ca')} || ' — ' || r.name || ' (' || c.name || ')' as title,
        to_char(p.stage_changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, p.recruiter_id as user_id, ${person('u')} as user_name
      from ${pipelinesTable} p join ${rolesTable} r on r.id = p.role_id join ${clientsTable} c on c.id = r.client_id
      join ${candidatesTable} ca on ca.id = p.candidate_id left join ${usersTable} u on u.id = p.recruiter_id
      where p.state = 'open' and p.stage <> 'placed' and p.stage_changed_at < ${staleBefore.toISOString()}::timestamptz
        and r.state in ('open', 'on_hold') and r.archived_at is null and ${who('p.recruiter_id')}
      order by p.stage_changed_at, p.id limit ${limit})`,
    sql`(select 'role_without_submittal', r.id, r.id, r.client_id, r.name || ' (' || c.name || ')',
        coalesce((select max(sb.submitted_on) from ${submittalsTable} sb join ${pipelinesTable} p on p.id = sb.pipeline_id where p.role_id = r.id), r.opened_at)::text,
        r.recruiter_id, ${person('u')}
      from ${rolesTable} r join ${clientsTable} c on c.id = r.client_id left join ${usersTable} u on u.id = r.recruiter_id
      where r.state = 'open' and r.archived_at is null and r.opened_at <= ${options.today}::date - 7 and ${who('r.recruiter_id')}
        and not exists (select 1 from ${submittalsTable} sb join ${pipelinesTable} p on p.id = sb.pipeline_id
                        where p.role_id = r.id and sb.submitted_on > ${options.today}::date - 7)
      order by r.opened_at, r.id limit ${limit})`,
    sql`(select 'guarantee_ending', p.id, r.id, r.client_id, ${person('ca')} || ' — ' || r.name || ' (' || c.name || ')',
        pl.guarantee_end::text, p.recruiter_id, ${person('u')}
      from ${placementsTable} pl join ${pipelinesTable} p on p.id = pl.pipeline_id join ${rolesTable} r on r.id = p.role_id
      join ${clientsTable} c on c.id = r.client_id join ${candidatesTable} ca on ca.id = p.candidate_id left join ${usersTable} u on u.id = p.recruiter_id
      where pl.guarantee_end between ${options.today}::date and ${options.today}::date + 30 and ${who('p.recruiter_id')}
      order by pl.guarantee_end, pl.id limit ${limit})`,
    sql`(select 'interview_tomorrow', p.id, r.id, r.client_id,
        ${person('ca')} || ' — ' || r.name || ' (' || c.name || '), ' || case when iv.kind = 'client' then 'client' else 'internal' end || ' interview',
        to_char(iv.scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), coalesce(iv.interviewer_id, p.recruiter_id), coalesce(${person('ui')}, ${person('u')})
      from ${interviewsTable} iv join ${pipelinesTable} p on p.id = iv.pipeline_id join ${rolesTable} r on r.id = p.role_id
      join ${clientsTable} c on c.id = r.client_id join ${candidatesTable} ca on ca.id = p.candidate_id
      left join ${usersTable} u on u.id = p.recruiter_id left join ${usersTable} ui on ui.id = iv.interviewer_id
      where iv.outcome = 'pending' and iv.scheduled_at >= ${options.tomorrowStart.toISOString()}::timestamptz and iv.scheduled_at < ${options.tomorrowEnd.toISOString()}::timestamptz
        and (${who('p.recruiter_id')} or ${who('iv.interviewer_id')})
      order by iv.scheduled_at, iv.id limit ${limit})`,
  ];
  if (options.withInvoices) {
    parts.push(sql`(select 'overdue_invoice', i.id, i.role_id, i.client_id, i.number || ' — ' || c.name, i.due_date::text, null::int, null::text
      from ${invoicesTable} i join ${clientsTable} c on c.id = i.client_id
      where i.status = 'sent' and i.due_date < ${options.today}::date and i.balance_minor > 0
      order by i.due_date, i.id limit ${limit})`);
  }
  return rowsOf<AttentionRow>(await db.execute(sql.join(parts, sql` union all `)));
}
