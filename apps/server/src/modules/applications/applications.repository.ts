import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lowerContains } from '../../db/sql-helpers';
import { joinRoleClient, roleClientColumns, rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { applicationsTable, type ApplicationRow, type NewApplicationRow } from './applications.table';

export interface ApplicationWithRole {
  application: ApplicationRow;
  role: { id: number; name: string; state: string; recruiterId: number | null };
  client: { id: number; name: string };
  decidedBy: { id: number; firstName: string; lastName: string; username: string; email: string } | null;
}

function selectApplications(db: Db) {
  const query = db
    .select({
      application: applicationsTable,
      ...roleClientColumns,
      roleState: rolesTable.state,
      roleRecruiterId: rolesTable.recruiterId,
      deciderId: usersTable.id,
      deciderFirstName: usersTable.firstName,
      deciderLastName: usersTable.lastName,
      deciderUsername: usersTable.username,
      deciderEmail: usersTable.email,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(applicationsTable)
    .innerJoin(rolesTable, eq(rolesTable.id, applicationsTable.roleId))
    .$dynamic();
  return joinRoleClient(query).leftJoin(usersTable, eq(usersTable.id, applicationsTable.decidedById));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectApplications>['execute']>>[number];

function toWithRole(row: Selected): ApplicationWithRole {
  return {
    application: row.application,
    role: { id: row.roleId, name: row.roleName, state: row.roleState, recruiterId: row.roleRecruiterId },
    client: { id: row.clientId, name: row.clientName },
    decidedBy:
      row.deciderId === null
        ? null
        : {
            id: row.deciderId,
            firstName: row.deciderFirstName ?? '',
            lastName: row.deciderLastName ?? '',
            username: row.deciderUsername ?? '',
            email: row.deciderEmail ?? '',
          },
  };
}

export async function findApplication(db: Db, id: number): Promise<ApplicationWithRole | undefined> {
  const [row] = await selectApplications(db).where(eq(applicationsTable.id, id)).limit(1);
  return row ? toWithRole(row) : undefined;
}

export interface ApplicationListFilter {
  roleId?: number | undefined;
  /** Only the roles this user recruits for. */
  recruiterId?: number | undefined;
  clientId?: number | undefined;
  /** The applicant's name or email contains it (any case). */
  search?: string | undefined;
  statuses: string[];
  limit: number;
  offset: number;
}

/** Newest first; the (role, status, created) and (status, created) indexes serve both lists. */
export async function listApplications(
  db: Db,
  filter: ApplicationListFilter,
): Promise<{ rows: ApplicationWithRole[]; count: number }> {
  const conditions: SQL[] = [inArray(applicationsTable.status, filter.statuses)];
  if (filter.roleId !== undefined) conditions.push(eq(applicationsTable.roleId, filter.roleId));
  if (filter.recruiterId !== undefined) conditions.push(eq(rolesTable.recruiterId, filter.recruiterId));
  if (filter.clientId !== undefined) conditions.push(eq(rolesTable.clientId, filter.clientId));
  if (filter.search) {
    const name = sql`${applicationsTable.firstName} || ' ' || ${applicationsTable.lastName}`;
    const match = or(lowerContains(name, filter.search), lowerContains(sql`${applicationsTable.email}`, filter.search));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const rows = await selectApplications(db)
    .where(where)
    .orderBy(desc(applicationsTable.createdAt), desc(applicationsTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(applicationsTable)
      .innerJoin(rolesTable, eq(rolesTable.id, applicationsTable.roleId))
      .where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map(toWithRole), count: rows[0]?.total ?? 0 };
}

export async function insertApplicationRow(db: Db, values: NewApplicationRow): Promise<ApplicationRow> {
  const [row] = await db.insert(applicationsTable).values(values).returning();
  if (!row) throw new Error('application insert returned nothing');
  return row;
}

export async function insertApplicationRows(db: Db, values: NewApplicationRow[]): Promise<void> {
  if (values.length) await db.insert(applicationsTable).values(values);
}

/** Decides a still-new application; undefined when it was decided meanwhile (or is gone). */
export async function decideApplicationRow(
  db: Db,
  id: number,
  values: Pick<
    NewApplicationRow,
    'status' | 'rejectReason' | 'rejectEmailSent' | 'candidateId' | 'pipelineId' | 'decidedAt' | 'decidedById'
  >,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applicationsTable)
    .set(values)
    .where(and(eq(applicationsTable.id, id), eq(applicationsTable.status, 'new')))
    .returning();
  return row;
}

export async function setRejectEmailSent(db: Db, id: number): Promise<void> {
  await db.update(applicationsTable).set({ rejectEmailSent: true }).where(eq(applicationsTable.id, id));
}

/** Application counts per role, grouped once (decision 008: the roles module joins them into its list). */
export function countApplicationsPerRole(db: Db) {
  return db
    .select({
      roleId: sql<number>`${applicationsTable.roleId}`.as('application_role_id'),
      total: sql<number>`count(*)::int`.as('applications_total'),
      fresh: sql<number>`(count(*) filter (where ${applicationsTable.status} = 'new'))::int`.as('applications_new'),
    })
    .from(applicationsTable)
    .groupBy(applicationsTable.roleId)
    .as('application_counts');
}

export async function findApplicationNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number; roleId: number; candidateId: number | null } } | null> {
  const [row] = await db
    .select({
      firstName: applicationsTable.firstName,
      lastName: applicationsTable.lastName,
      roleId: rolesTable.id,
      clientId: rolesTable.clientId,
      roleName: rolesTable.name,
      candidateId: applicationsTable.candidateId,
    })
    .from(applicationsTable)
    .innerJoin(rolesTable, eq(rolesTable.id, applicationsTable.roleId))
    .where(eq(applicationsTable.id, id))
    .limit(1);
  return row
    ? {
        label: `the application of ${row.firstName} ${row.lastName} to ${row.roleName}`,
        scope: { clientId: row.clientId, roleId: row.roleId, candidateId: row.candidateId },
      }
    : null;
}
