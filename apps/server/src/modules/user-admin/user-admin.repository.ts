import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable, type UserRow } from '../users/users.table';

export interface UserListFilter {
  search?: string | undefined;
  /** Match the search against names only (the directory: no probing for emails or usernames). */
  searchNamesOnly?: boolean;
  userType?: string | undefined;
  isActive?: boolean | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One query: the page of users and the total count (window function). */
export async function listUserRows(db: Db, filter: UserListFilter): Promise<{ rows: UserRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const fullName = sql`(${usersTable.firstName} || ' ' || ${usersTable.lastName})`;
    const match = filter.searchNamesOnly
      ? ilike(fullName, pattern)
      : or(ilike(fullName, pattern), ilike(usersTable.email, pattern), ilike(usersTable.username, pattern));
    if (match) conditions.push(match);
  }
  if (filter.userType) conditions.push(sql`${filter.userType} = ANY(${usersTable.userType})`);
  if (filter.isActive !== undefined) conditions.push(eq(usersTable.isActive, filter.isActive));

  const descending = filter.ordering.startsWith('-');
  const field = filter.ordering.replace(/^-/, '');
  const dir = (column: SQL | AnyColumn) => (descending ? desc(column) : asc(column));
  const order: SQL[] =
    field === 'email'
      ? [dir(sql`lower(${usersTable.email})`)]
      : field === 'last_login'
        ? [descending ? sql`${usersTable.lastLogin} DESC NULLS LAST` : sql`${usersTable.lastLogin} ASC NULLS LAST`]
        : field === 'date_joined'
          ? [dir(usersTable.dateJoined)]
          : [
              dir(sql`lower(${usersTable.firstName})`),
              dir(sql`lower(${usersTable.lastName})`),
              dir(sql`lower(${usersTable.email})`),
            ];

  const rows = await db
    .select({ user: usersTable, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(usersTable)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(...order, asc(usersTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    // Past the last page: the window gives no count, so ask for it.
    const [row] = await db
      .select({ value: count() })
      .from(usersTable)
      .where(conditions.length ? and(...conditions) : undefined);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map((row) => row.user), count: rows[0]?.total ?? 0 };
}

/** Active owners' ids, locked for the rest of the transaction (two owners cannot demote each other at once). */
export async function lockActiveOwnerIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.isActive, true), sql`'owner' = ANY(${usersTable.userType})`))
    .orderBy(asc(usersTable.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function deleteUserRow(db: Db, id: number): Promise<void> {
  await db.delete(usersTable).where(eq(usersTable.id, id));
}
