import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientsTable } from '../clients/clients.table';
import { joinRoleClient, roleClientColumns, rolesTable } from '../roles/roles.table';
import { jobPostingsTable, type JobPostingRow, type NewJobPostingRow } from './job-postings.table';
import { rowsOf } from '../../db/sql-helpers';

/** A role as the posting screens name it. */
export interface PostedRole {
  roleId: number;
  roleName: string;
  roleState: string;
  clientId: number;
  clientName: string;
  indeedPosting: boolean;
}

/** What the feed reads of where a role is (job-place.ts). */
export interface RolePlace {
  location: string;
  country: string;
  postalCode: string;
}

const roleColumns = {
  ...roleClientColumns,
  roleState: rolesTable.state,
  indeedPosting: rolesTable.indeedPosting,
};

/** Flagged for posting and active (open or on hold), not archived. */
const postedNow = and(
  eq(rolesTable.indeedPosting, true),
  inArray(rolesTable.state, ['open', 'on_hold']),
  isNull(rolesTable.archivedAt),
);

/** The week's overview: every role posted now, and every role that has a row that week. */
export async function overviewRows(
  db: Db,
  weekStart: string,
): Promise<Array<PostedRole & RolePlace & { posting: JobPostingRow | null }>> {
  const rows = await db
    .select({
      ...roleColumns,
      location: rolesTable.location,
      country: rolesTable.country,
      postalCode: rolesTable.postalCode,
      posting: jobPostingsTable,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .leftJoin(
      jobPostingsTable,
      and(eq(jobPostingsTable.roleId, rolesTable.id), eq(jobPostingsTable.weekStart, weekStart)),
    )
    .where(or(postedNow, isNotNull(jobPostingsTable.id)))
    .orderBy(asc(clientsTable.name), asc(rolesTable.name), asc(rolesTable.id));
  return rows;
}

/** Roles a row may be entered for (posted now) plus every role that ever had one, for the filters. */
export async function formRoles(db: Db): Promise<PostedRole[]> {
  const everPosted = sql`exists (select 1 from ${jobPostingsTable} jp where jp.role_id = ${rolesTable.id})`;
  return db
    .select(roleColumns)
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(or(postedNow, everPosted))
    .orderBy(asc(clientsTable.name), asc(rolesTable.name), asc(rolesTable.id));
}

export async function findRole(db: Db, roleId: number): Promise<(PostedRole & { archived: boolean }) | undefined> {
  const [row] = await db
    .select({ ...roleColumns, archived: sql<boolean>`${rolesTable.archivedAt} is not null` })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(rolesTable.id, roleId));
  return row;
}

/** Every role by id and by lower-case title (the import's role column). */
export async function allRolesForImport(db: Db): Promise<PostedRole[]> {
  return db
    .select(roleColumns)
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(isNull(rolesTable.archivedAt));
}

export async function findPosting(db: Db, id: number): Promise<JobPostingRow | undefined> {
  const [row] = await db.select().from(jobPostingsTable).where(eq(jobPostingsTable.id, id));
  return row;
}

/** The rows of these role+week pairs (the import's updates). */
export async function findPostingsByRoleWeek(
  db: Db,
  pairs: Array<{ roleId: number; weekStart: string }>,
): Promise<JobPostingRow[]> {
  if (pairs.length === 0) return [];
  const conditions: SQL[] = pairs.map((p) =>
    and(eq(jobPostingsTable.roleId, p.roleId), eq(jobPostingsTable.weekStart, p.weekStart))!,
  );
  const found: JobPostingRow[] = [];
  // Chunks keep the statement small for a big file.
  for (let i = 0; i < conditions.length; i += 200) {
    found.push(
      ...(await db
        .select()
        .from(jobPostingsTable)
        .where(or(...conditions.slice(i, i + 200)))),
    );
  }
  return found;
}

export async function insertPostingRows(db: Db, rows: NewJobPostingRow[]): Promise<JobPostingRow[]> {
  if (rows.length === 0) return [];
  return db.insert(jobPostingsTable).values(rows).returning();
}

export async function updatePostingRow(
  db: Db,
  id: number,
  values: Partial<NewJobPostingRow>,
): Promise<JobPostingRow | undefined> {
  const [row] = await db.update(jobPostingsTable).set(values).where(eq(jobPostingsTable.id, id)).returning();
  return row;
}

// ---- Performance ----

export interface PerformanceScope {
  from: string;
  to: string;
  roleId?: number | undefined;
  clientId?: number | undefined;
}

export interface WeekFiguresRow extends PostedRole {
  weekStart: string;
  spendMinor: number;
  dailyBudgetMinor: number | null;
  impressions: number;
  clicks: number;
  applyStarts: number;
  applies: number;
  currency: string;
}

/** The posting rows of the range (weeks starting from..to), with their role and client. */
export async function postingsInRange(db: Db, scope: PerformanceScope): Promise<WeekFiguresRow[]> {
  const conditions = [
    sql`${jobPostingsTable.weekStart} >= ${scope.from}`,
    sql`${jobPostingsTable.weekStart} <= ${scope.to}`,
  ];
  if (scope.roleId !== undefined) conditions.push(eq(jobPostingsTable.roleId, scope.roleId));
  if (scope.clientId !== undefined) conditions.push(eq(rolesTable.clientId, scope.clientId));
  const query = db
    .select({
      ...roleColumns,
      weekStart: jobPostingsTable.weekStart,
      spendMinor: jobPostingsTable.spendMinor,
      dailyBudgetMinor: jobPostingsTable.dailyBudgetMinor,
      impressions: jobPostingsTable.impressions,
      clicks: jobPostingsTable.clicks,
      applyStarts: jobPostingsTable.applyStarts,
      applies: jobPostingsTable.applies,
      currency: jobPostingsTable.currency,
    })
    .from(jobPostingsTable)
    .innerJoin(rolesTable, eq(rolesTable.id, jobPostingsTable.roleId))
    .$dynamic();
  return joinRoleClient(query)
    .where(and(...conditions))
    .orderBy(asc(jobPostingsTable.weekStart), asc(clientsTable.name), asc(rolesTable.name));
}

export interface OutcomeRow {
  role_id: number;
  week_start: string;
  qualified: number;
  submittals: number;
  placements: number;
}

/**
 * The agency's own outcomes of these roles by week (Monday, agency zone) within from..to+6 days:
 * applications converted to a candidate (by the week they arrived), submittals (by the day submitted) and
 * placements (by the day recorded).
 */
export async function outcomesByRoleWeek(
  db: Db,
  roleIds: number[],
  from: string,
  to: string,
  zone: string,
): Promise<OutcomeRow[]> {
  if (roleIds.length === 0) return [];
  const ids = sql`(${sql.join(
    roleIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const weekOf = (day: SQL) => sql`to_char(date_trunc('week', (${day})::timestamp), 'YYYY-MM-DD')`;
  const inRange = (day: SQL) => sql`(${day}) >= ${from}::date and (${day}) < ${to}::date + 7`;
  const appliedDay = sql`(a.created_at at time zone ${zone})::date`;
  const placedDay = sql`(pl.created_at at time zone ${zone})::date`;
  const result = await db.execute(sql`
    select role_id, week_start, sum(qualified)::int as qualified, sum(submittals)::int as submittals, sum(placements)::int as placements
    from (
      select a.role_id, ${weekOf(appliedDay)} as week_start, count(*) as qualified, 0 as submittals, 0 as placements
        from applications a
       where a.role_id in ${ids} and a.status = 'converted' and ${inRange(appliedDay)}
       group by 1, 2
      union all
      select p.role_id, ${weekOf(sql`s.submitted_on`)}, 0, count(*), 0
        from submittals s join pipelines p on p.id = s.pipeline_id
       where p.role_id in ${ids} and ${inRange(sql`s.submitted_on`)}
       group by 1, 2
      union all
      select p.role_id, ${weekOf(placedDay)}, 0, 0, count(*)
        from placements pl join pipelines p on p.id = pl.pipeline_id
       where p.role_id in ${ids} and ${inRange(placedDay)}
       group by 1, 2
    ) o
    group by role_id, week_start
  `);
  return rowsOf<OutcomeRow>(result);
}

// ---- The feed ----

/** For the roles module's public-role query: the role's current week, if it has a row, is `active`. */
export function activeThisWeek(currentWeek: string): SQL {
  return sql`not exists (select 1 from ${jobPostingsTable} where ${jobPostingsTable.roleId} = ${rolesTable.id} and ${jobPostingsTable.weekStart} = ${currentWeek} and ${jobPostingsTable.status} <> 'active')`;
}
