// Over 400 lines: the role's queries, including the batch ones the imports module uses.
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike, lowerContains, nameMatchRank } from '../../db/sql-helpers';
import { clientNameColumns, clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { jobQualificationsTable } from './job-qualifications.table';
import { notesTable } from '../notes/notes.table';
import { personNameColumns, personNameOrder, recruitingUserCondition, usersTable } from '../users/users.table';
import { applicationCountsByRole, placementCountSql } from './role-children';
import { joinRoleClient, roleContactsTable, rolesTable, type NewRoleRow, type RoleRow } from './roles.table';

export interface RoleWithRelations {
  role: RoleRow;
  client: { id: number; name: string; clientType: string };
  recruiter: { id: number; firstName: string; lastName: string; username: string; email: string } | null;
  hiringManager: { id: number; firstName: string; lastName: string; email: string } | null;
  contactIds: number[];
  qualificationsCount: number;
  notesCount: number;
  applicationsCount: number;
  newApplicationsCount: number;
}

export interface RoleListFilter {
  states: string[];
  clientId?: number | undefined;
  search?: string | undefined;
  recruiterId?: number | undefined;
  priority?: string | undefined;
  /** YYYY-MM-DD: opened on or after. */
  openedFrom?: string | undefined;
  /** 'false': not archived; 'true': only archived; 'all' (or left out): both. */
  archived?: 'false' | 'true' | 'all' | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

/** Role with its client, recruiter and counts in one query (counts as correlated subqueries on indexes). */
function selectRoles(db: Db) {
  // The applications module provides its counts (decision 008): one grouped subquery, joined once.
  const applications = applicationCountsByRole.get()(db);
  const query = db
    .select({
      role: rolesTable,
      ...clientNameColumns,
      clientType: clientsTable.clientType,
      recruiterId: usersTable.id,
      recruiterFirstName: usersTable.firstName,
      recruiterLastName: usersTable.lastName,
      recruiterUsername: usersTable.username,
      recruiterEmail: usersTable.email,
      hiringManagerId: clientContactsTable.id,
      hiringManagerFirstName: clientContactsTable.firstName,
      hiringManagerLastName: clientContactsTable.lastName,
      hiringManagerEmail: clientContactsTable.email,
      contactIds: sql<
        number[]
      >`coalesce((select json_agg(${roleContactsTable.contactId} order by ${roleContactsTable.contactId}) from ${roleContactsTable} where ${roleContactsTable.roleId} = ${rolesTable.id}), '[]'::json)`,
      qualificationsCount:
        sql<number>`(select count(*)::int from ${jobQualificationsTable} where ${jobQualificationsTable.roleId} = ${rolesTable.id})`.mapWith(
          Number,
        ),
      notesCount:
        sql<number>`(select count(*)::int from ${notesTable} where ${notesTable.modelType} = 'role' and ${notesTable.objectId} = ${rolesTable.id})`.mapWith(
          Number,
        ),
      applicationsCount: sql<number>`coalesce(${applications.total}, 0)`.mapWith(Number),
      newApplicationsCount: sql<number>`coalesce(${applications.fresh}, 0)`.mapWith(Number),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(rolesTable)
    .$dynamic();
  return joinRoleClient(query)
    .leftJoin(usersTable, eq(usersTable.id, rolesTable.recruiterId))
    .leftJoin(clientContactsTable, eq(clientContactsTable.id, rolesTable.hiringManagerContactId))
    .leftJoin(applications, eq(applications.roleId, rolesTable.id));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRoles>['execute']>>[number];

function toWithRelations(row: Selected): RoleWithRelations {
  return {
    role: row.role,
    client: { id: row.clientId, name: row.clientName, clientType: row.clientType },
    recruiter:
      row.recruiterId === null
        ? null
        : {
            id: row.recruiterId,
            firstName: row.recruiterFirstName ?? '',
            lastName: row.recruiterLastName ?? '',
            username: row.recruiterUsername ?? '',
            email: row.recruiterEmail ?? '',
          },
    hiringManager:
      row.hiringManagerId === null
        ? null
        : {
            id: row.hiringManagerId,
            firstName: row.hiringManagerFirstName ?? '',
            lastName: row.hiringManagerLastName ?? '',
            email: row.hiringManagerEmail ?? '',
          },
    contactIds: row.contactIds,
    qualificationsCount: row.qualificationsCount,
    notesCount: row.notesCount,
    applicationsCount: row.applicationsCount,
    newApplicationsCount: row.newApplicationsCount,
  };
}

export async function findRoleWithRelations(db: Db, id: number): Promise<RoleWithRelations | undefined> {
  const [row] = await selectRoles(db).where(eq(rolesTable.id, id)).limit(1);
  return row ? toWithRelations(row) : undefined;
}

const PRIORITY_RANK = sql`case ${rolesTable.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

function listConditions(filter: RoleListFilter): SQL | undefined {
  const conditions: SQL[] = [inArray(rolesTable.state, filter.states)];
  if (filter.clientId !== undefined) conditions.push(eq(rolesTable.clientId, filter.clientId));
  if (filter.recruiterId !== undefined) conditions.push(eq(rolesTable.recruiterId, filter.recruiterId));
  if (filter.priority) conditions.push(eq(rolesTable.priority, filter.priority));
  if (filter.openedFrom) conditions.push(gte(rolesTable.openedAt, filter.openedFrom));
  if (filter.archived === 'false') conditions.push(isNull(rolesTable.archivedAt));
  if (filter.archived === 'true') conditions.push(isNotNull(rolesTable.archivedAt));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const match = or(
      ilike(rolesTable.name, pattern),
      ilike(clientsTable.name, pattern),
      ilike(rolesTable.location, pattern),
    );
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

export async function listRoleRows(
  db: Db,
  filter: RoleListFilter,
): Promise<{ rows: RoleWithRelations[]; count: number }> {
  const descending = filter.ordering.startsWith('-');
  const field = filter.ordering.replace(/^-/, '');
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const order: SQL[] =
    field === 'name'
      ? [dir(sql`lower(${rolesTable.name})`)]
      : field === 'closed_at'
        ? [descending ? sql`${rolesTable.closedAt} DESC NULLS LAST` : sql`${rolesTable.closedAt} ASC NULLS LAST`]
        : field === 'priority'
          ? [dir(PRIORITY_RANK), desc(rolesTable.openedAt)]
          : field === 'client'
            ? [dir(sql`lower(${clientsTable.name})`), asc(sql`lower(${rolesTable.name})`)]
            : [dir(sql`${rolesTable.openedAt}`)];
  const where = listConditions(filter);
  const rows = await selectRoles(db)
    .where(where)
    .orderBy(...order, desc(rolesTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(rolesTable)
      .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
      .where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map(toWithRelations), count: rows[0]?.total ?? 0 };
}

export async function findRoleRow(db: Db, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(rolesTable).where(eq(rolesTable.id, id)).limit(1);
  return row;
}

export async function insertRoleRow(db: Db, values: NewRoleRow): Promise<RoleRow> {
  const [row] = await db.insert(rolesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertRoleRows(db: Db, values: NewRoleRow[]): Promise<RoleRow[]> {
  if (values.length === 0) return [];
  return db.insert(rolesTable).values(values).returning();
}

export async function updateRoleRow(db: Db, id: number, values: Partial<NewRoleRow>): Promise<RoleRow | undefined> {
  const [row] = await db.update(rolesTable).set(values).where(eq(rolesTable.id, id)).returning();
  return row;
}

/** Roles of a client that share its retainer (all but those the client cancelled). */
export async function countRetainerSharingRoles(db: Db, clientId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(rolesTable)
    .where(
      and(
        eq(rolesTable.clientId, clientId),
        or(ne(rolesTable.state, 'closed'), sql`${rolesTable.closeReason} is distinct from 'cancelled_by_client'`),
      ),
    );
  return row?.value ?? 0;
}

export async function roleStats(
  db: Db,
  userId: number,
  monthStart: string,
): Promise<{ openRoles: number; openedThisMonth: number; myRoles: number }> {
  const [row] = await db
    .select({
      openRoles: sql<number>`(count(*) filter (where ${rolesTable.state} in ('open', 'on_hold')))::int`.mapWith(Number),
      openedThisMonth:
        sql<number>`(count(*) filter (where ${rolesTable.state} in ('open', 'on_hold') and ${gte(rolesTable.openedAt, monthStart)}))::int`.mapWith(
          Number,
        ),
      myRoles:
        sql<number>`(count(*) filter (where ${rolesTable.state} in ('open', 'on_hold') and ${rolesTable.recruiterId} = ${userId}))::int`.mapWith(
          Number,
        ),
    })
    .from(rolesTable);
  return { openRoles: row?.openRoles ?? 0, openedThisMonth: row?.openedThisMonth ?? 0, myRoles: row?.myRoles ?? 0 };
}

/** Active users who may recruit (recruiter, owner, superuser), for the role form. */
export async function listRecruiterUsers(db: Db) {
  return db
    .select(personNameColumns)
    .from(usersTable)
    .where(recruitingUserCondition)
    .orderBy(...personNameOrder);
}

/** The role's placements: how many and their fees, per currency (read here to avoid a roles → pipelines cycle). */
export function searchRoleRowsByName(db: Db, text: string, limit: number) {
  const name = sql`${rolesTable.name}`;
  return db
    .select({
      id: rolesTable.id,
      name: rolesTable.name,
      state: rolesTable.state,
      ...clientNameColumns,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(lowerContains(name, text))
    .orderBy(
      sql`(${rolesTable.state} = 'closed')`,
      nameMatchRank(name, text),
      asc(sql`lower(${rolesTable.name})`),
      desc(rolesTable.id),
    )
    .limit(limit);
}

/** Locks the role row for the rest of the transaction (a pipeline added meanwhile waits, then fails). */
export async function lockRoleRow(db: Db, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(rolesTable).where(eq(rolesTable.id, id)).for('update').limit(1);
  return row;
}

/** How many pipelines (open or closed) the role has: its history, which a delete would lose. */
export async function deleteRoleRow(db: Db, id: number): Promise<void> {
  await db.delete(rolesTable).where(eq(rolesTable.id, id));
}

/** The role as notes name it, "Senior Engineer (Acme)" (decision 008: registered with the notes module). */
export async function findRoleNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number; roleId: number } } | null> {
  const [row] = await db
    .select({ name: rolesTable.name, client: clientsTable.name, clientId: rolesTable.clientId })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(rolesTable.id, id))
    .limit(1);
  return row ? { label: `${row.name} (${row.client})`, scope: { clientId: row.clientId, roleId: id } } : null;
}

/** Role counts per client, grouped once (decision 008: the clients module joins them into its list). */
export function countRolesPerClient(db: Db) {
  return db
    .select({
      clientId: sql<number>`${rolesTable.clientId}`.as('client_id'),
      total: sql<number>`count(*)::int`.as('roles_total'),
      active: sql<number>`(count(*) filter (where ${rolesTable.state} in ('open', 'on_hold')))::int`.as('active_total'),
      latestActive:
        sql<Date | null>`max(${rolesTable.createdAt}) filter (where ${rolesTable.state} in ('open', 'on_hold'))`.as(
          'latest_active_created_at',
        ),
    })
    .from(rolesTable)
    .groupBy(rolesTable.clientId)
    .as('role_counts');
}

// ---- The public view of posted roles (careers pages, the job-board feed) ----

/** What a public page or feed may show of a role, before the client's name is removed (roles.service). */
export interface PublicRoleRow {
  id: number;
  name: string;
  location: string;
  country: string;
  postalCode: string;
  remoteType: string;
  employmentType: string;
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string;
  descriptionText: string;
  openedAt: string;
  updatedAt: Date;
  showClientPublicly: boolean;
  /** What names the client (never shown as is while the client is hidden: roles/public-text.ts masks it). */
  privateClient: { name: string; website: string; contactName: string; contactEmail: string };
}

/**
 * Open, posted (`indeed_posting`), not archived roles, newest first; `id` narrows to one role, `where` adds a
 * caller's condition (the feed's "current week not paused"), `limit` caps the list.
 */
export async function listPublicRoleRows(
  db: Db,
  options: { id?: number; where?: SQL; limit?: number } = {},
): Promise<PublicRoleRow[]> {
  const conditions: SQL[] = [
    eq(rolesTable.state, 'open'),
    eq(rolesTable.indeedPosting, true),
    isNull(rolesTable.archivedAt),
    // Filled roles (every opening placed) are not advertised any more.
    sql`${placementCountSql.get()(rolesTable.id)} < ${rolesTable.openings}`,
  ];
  if (options.id !== undefined) conditions.push(eq(rolesTable.id, options.id));
  if (options.where) conditions.push(options.where);
  const query = db
    .select({
      id: rolesTable.id,
      name: rolesTable.name,
      location: rolesTable.location,
      country: rolesTable.country,
      postalCode: rolesTable.postalCode,
      remoteType: rolesTable.remoteType,
      employmentType: rolesTable.employmentType,
      salaryMin: rolesTable.salaryMin,
      salaryMax: rolesTable.salaryMax,
      salaryCurrency: rolesTable.salaryCurrency,
      descriptionText: rolesTable.descriptionText,
      openedAt: rolesTable.openedAt,
      updatedAt: rolesTable.updatedAt,
      showClientPublicly: rolesTable.showClientPublicly,
      privateClient: {
        name: clientsTable.name,
        website: clientsTable.website,
        contactName: clientsTable.contactName,
        contactEmail: clientsTable.contactEmail,
      },
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(and(...conditions))
    .orderBy(desc(rolesTable.openedAt), desc(rolesTable.id));
  return options.limit !== undefined ? query.limit(options.limit) : query;
}

// ---- For the imports module (issue 31) ----

/** Roles of these clients whose lower-cased title is one of these (pairs checked by the caller), one query. */
export async function findRoleRowsByClientsAndTitles(
  db: Db,
  clientIds: number[],
  titles: string[],
): Promise<RoleRow[]> {
  if (clientIds.length === 0 || titles.length === 0) return [];
  return db
    .select()
    .from(rolesTable)
    .where(and(inArray(rolesTable.clientId, clientIds), inArray(sql`lower(${rolesTable.name})`, titles)))
    .orderBy(asc(rolesTable.id));
}

export async function findRoleRowsByIds(db: Db, ids: number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(rolesTable).where(inArray(rolesTable.id, ids));
}

export async function deleteRoleRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(rolesTable).where(inArray(rolesTable.id, ids));
}

/** Roles of these clients (by id) that are not in `exceptIds`: what an import's undo may not remove. */
export async function findRoleIdsOfClients(
  db: Db,
  clientIds: number[],
): Promise<Array<{ id: number; clientId: number }>> {
  if (clientIds.length === 0) return [];
  return db
    .select({ id: rolesTable.id, clientId: rolesTable.clientId })
    .from(rolesTable)
    .where(inArray(rolesTable.clientId, clientIds));
}

/** Sets the role's other contacts (the join table) to exactly `contactIds`. */
export async function replaceRoleContacts(db: Db, roleId: number, contactIds: number[]): Promise<void> {
  await db.delete(roleContactsTable).where(eq(roleContactsTable.roleId, roleId));
  const unique = [...new Set(contactIds)];
  if (unique.length > 0) await db.insert(roleContactsTable).values(unique.map((contactId) => ({ roleId, contactId })));
}
