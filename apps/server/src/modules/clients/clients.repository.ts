import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike, lowerContains, nameMatchRank } from '../../db/sql-helpers';
import { usersTable } from '../users/users.table';
import { pipelineCountOfClient, roleCountsByClient } from './client-children';
import { clientsTable, type ClientRow, type NewClientRow } from './clients.table';

export interface ClientWithCounts {
  client: ClientRow;
  owner: { id: number; firstName: string; lastName: string; username: string; email: string } | null;
  activeRolesCount: number;
  rolesCount: number;
}

export interface ClientListFilter {
  search?: string | undefined;
  state?: string | undefined;
  clientType?: string | undefined;
  hasActiveRoles?: boolean | undefined;
  /** 'false': not archived; 'true': only archived; 'all' (or left out): both. */
  archived?: 'false' | 'true' | 'all' | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

/** Role counts per client, grouped once and joined (no query per client); the roles module provides them. */
const roleCounts = (db: Db) => roleCountsByClient.get()(db);

function selectClients(db: Db, withTotal: boolean) {
  const counts = roleCounts(db);
  const active = sql<number>`coalesce(${counts.active}, 0)`.mapWith(Number);
  const query = db
    .select({
      client: clientsTable,
      ownerId: usersTable.id,
      ownerFirstName: usersTable.firstName,
      ownerLastName: usersTable.lastName,
      ownerUsername: usersTable.username,
      ownerEmail: usersTable.email,
      activeRolesCount: active,
      rolesCount: sql<number>`coalesce(${counts.total}, 0)`.mapWith(Number),
      total: withTotal ? sql<number>`count(*) over()`.mapWith(Number) : sql<number>`0`.mapWith(Number),
    })
    .from(clientsTable)
    .leftJoin(counts, eq(counts.clientId, clientsTable.id))
    .leftJoin(usersTable, eq(usersTable.id, clientsTable.ownerId));
  return { query, counts, active, latestActive: sql`${counts.latestActive}` };
}

type SelectedRow = {
  client: ClientRow;
  ownerId: number | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerUsername: string | null;
  ownerEmail: string | null;
  activeRolesCount: number;
  rolesCount: number;
};

function toWithCounts(row: SelectedRow): ClientWithCounts {
  return {
    client: row.client,
    owner:
      row.ownerId === null
        ? null
        : {
            id: row.ownerId,
            firstName: row.ownerFirstName ?? '',
            lastName: row.ownerLastName ?? '',
            username: row.ownerUsername ?? '',
            email: row.ownerEmail ?? '',
          },
    activeRolesCount: row.activeRolesCount,
    rolesCount: row.rolesCount,
  };
}

export async function findClientWithCounts(db: Db, id: number): Promise<ClientWithCounts | undefined> {
  const { query } = selectClients(db, false);
  const [row] = await query.where(eq(clientsTable.id, id)).limit(1);
  return row ? toWithCounts(row) : undefined;
}

export async function listClientRows(
  db: Db,
  filter: ClientListFilter,
): Promise<{ rows: ClientWithCounts[]; count: number }> {
  const { query, active, latestActive } = selectClients(db, true);
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const match = or(
      ilike(clientsTable.name, pattern),
      ilike(clientsTable.industry, pattern),
      ilike(clientsTable.location, pattern),
      ilike(clientsTable.contactName, pattern),
      ilike(clientsTable.contactEmail, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.state) conditions.push(eq(clientsTable.state, filter.state));
  if (filter.clientType) conditions.push(eq(clientsTable.clientType, filter.clientType));
  if (filter.hasActiveRoles === true) conditions.push(gt(active, 0));
  if (filter.hasActiveRoles === false) conditions.push(eq(active, 0));
  if (filter.archived === 'false') conditions.push(isNull(clientsTable.archivedAt));
  if (filter.archived === 'true') conditions.push(isNotNull(clientsTable.archivedAt));

  const descending = filter.ordering.startsWith('-');
  const field = filter.ordering.replace(/^-/, '');
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const lowerName = sql`lower(${clientsTable.name})`;
  const order: SQL[] =
    field === 'created_at'
      ? [dir(sql`${clientsTable.createdAt}`)]
      : field === 'active_roles_count'
        ? [dir(active), asc(lowerName)]
        : field === 'state'
          ? [dir(sql`${clientsTable.state}`), asc(lowerName)]
          : field === 'recent_roles'
            ? [sql`${latestActive} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, desc(clientsTable.id)]
            : [dir(lowerName)];
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await query
    .where(where)
    .orderBy(...order, asc(clientsTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    const counts = roleCounts(db);
    const [row] = await db
      .select({ value: count() })
      .from(clientsTable)
      .leftJoin(counts, eq(counts.clientId, clientsTable.id))
      .where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map(toWithCounts), count: rows[0]?.total ?? 0 };
}

export async function findClientRow(db: Db, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
  return row;
}

export async function findClientByName(db: Db, name: string, exceptId?: number): Promise<ClientRow | undefined> {
  const conditions: SQL[] = [sql`lower(${clientsTable.name}) = ${name.trim().toLowerCase()}`];
  if (exceptId !== undefined) conditions.push(ne(clientsTable.id, exceptId));
  const [row] = await db
    .select()
    .from(clientsTable)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function insertClientRow(db: Db, values: NewClientRow): Promise<ClientRow> {
  const [row] = await db.insert(clientsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertClientRows(db: Db, values: NewClientRow[]): Promise<ClientRow[]> {
  if (values.length === 0) return [];
  return db.insert(clientsTable).values(values).returning();
}

export async function updateClientRow(
  db: Db,
  id: number,
  values: Partial<NewClientRow>,
): Promise<ClientRow | undefined> {
  const [row] = await db.update(clientsTable).set(values).where(eq(clientsTable.id, id)).returning();
  return row;
}

export async function deleteClientRow(db: Db, id: number): Promise<void> {
  await db.delete(clientsTable).where(eq(clientsTable.id, id));
}

/** What a delete of the client would meet: its roles (and how many are active) and their pipelines. */
export async function clientHistoryCounts(
  db: Db,
  clientId: number,
): Promise<{ roles: number; activeRoles: number; pipelines: number }> {
  const counts = roleCounts(db);
  const [row] = await db
    .select({
      roles: sql<number>`${counts.total}`.mapWith(Number),
      activeRoles: sql<number>`${counts.active}`.mapWith(Number),
    })
    .from(counts)
    .where(eq(counts.clientId, clientId));
  const pipelines = await pipelineCountOfClient.get()(db, clientId);
  return { roles: row?.roles ?? 0, activeRoles: row?.activeRoles ?? 0, pipelines };
}

/** Locks the client row for the rest of the transaction (a role added meanwhile waits, then fails). */
export async function lockClientRow(db: Db, id: number): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clientsTable).where(eq(clientsTable.id, id)).for('update').limit(1);
  return row;
}

/** Clients with state Open and not archived (the dashboard's active clients card). */
export async function countClientsInState(db: Db, state: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(clientsTable)
    .where(and(eq(clientsTable.state, state), isNull(clientsTable.archivedAt)));
  return row?.value ?? 0;
}

/** What a list of clients to pick from shows of each: the role form's and the shell search's. */
const clientChoiceColumns = {
  id: clientsTable.id,
  name: clientsTable.name,
  clientType: clientsTable.clientType,
  state: clientsTable.state,
};

/** Clients that are neither Closed nor archived, for the role form. */
export async function listSelectableClients(
  db: Db,
): Promise<Pick<ClientRow, 'id' | 'name' | 'clientType' | 'state'>[]> {
  return db
    .select(clientChoiceColumns)
    .from(clientsTable)
    .where(and(ne(clientsTable.state, 'Closed'), isNull(clientsTable.archivedAt)))
    .orderBy(asc(sql`lower(${clientsTable.name})`), asc(clientsTable.id));
}

/** Clients whose name contains `text` (any case), best matches first (the shell search); a query builder, so tests can read its plan. */
export function searchClientRowsByName(db: Db, text: string, limit: number) {
  const name = sql`${clientsTable.name}`;
  return db
    .select(clientChoiceColumns)
    .from(clientsTable)
    .where(lowerContains(name, text))
    .orderBy(nameMatchRank(name, text), asc(sql`lower(${clientsTable.name})`), asc(clientsTable.id))
    .limit(limit);
}

/** The client as notes name it (decision 008: registered with the notes module at start-up). */
export async function findClientNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number } } | null> {
  const [row] = await db.select({ name: clientsTable.name }).from(clientsTable).where(eq(clientsTable.id, id)).limit(1);
  return row ? { label: row.name, scope: { clientId: id } } : null;
}

// ---- For the imports module (issue 31) ----

/** The website's host without `www.`, lower-cased ('' without a website): how an import matches a client. */
export const websiteDomainSql = sql<string>`lower(regexp_replace(regexp_replace(${clientsTable.website}, '^[a-z]+://(www\\.)?', '', 'i'), '[/:?#].*$', ''))`;

/** Clients whose lower-cased name or website domain is one of these, in one query. */
export async function findClientRowsByNamesOrDomains(db: Db, names: string[], domains: string[]): Promise<ClientRow[]> {
  const conditions: SQL[] = [];
  if (names.length) conditions.push(inArray(sql`lower(${clientsTable.name})`, names));
  if (domains.length) conditions.push(and(ne(clientsTable.website, ''), inArray(websiteDomainSql, domains)) as SQL);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(clientsTable)
    .where(or(...conditions))
    .orderBy(asc(clientsTable.id));
}

export async function findClientRowsByIds(db: Db, ids: number[]): Promise<ClientRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(clientsTable).where(inArray(clientsTable.id, ids));
}

export async function deleteClientRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(clientsTable).where(inArray(clientsTable.id, ids));
}
