import { and, count, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable, type UserRow } from '../users/users.table';
import { sessionsTable, type SessionRow } from './sessions.table';

export async function insertSession(db: Db, values: typeof sessionsTable.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessionsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The session-and-user query, built once per database and prepared (it runs on every request). */
function sessionWithUserQuery(db: Db) {
  return db
    .select({ session: sessionsTable, user: usersTable })
    .from(sessionsTable)
    .innerJoin(usersTable, eq(sessionsTable.userId, usersTable.id))
    .where(eq(sessionsTable.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session_with_user');
}
const sessionWithUserQueries = new WeakMap<Db, ReturnType<typeof sessionWithUserQuery>>();

/**
 * The session and its user in one query (the user's is_active is checked on every request). Building the
 * join from the table definitions cost more CPU than running it: it is built once per database.
 */
export async function findSessionWithUser(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  let query = sessionWithUserQueries.get(db);
  if (!query) {
    query = sessionWithUserQuery(db);
    sessionWithUserQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function updateSessionRow(db: Db, id: number, values: Partial<typeof sessionsTable.$inferInsert>) {
  await db.update(sessionsTable).set(values).where(eq(sessionsTable.id, id));
}

export async function deleteSessionRow(db: Db, id: number): Promise<void> {
  await db.delete(sessionsTable).where(eq(sessionsTable.id, id));
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Db, userId: number, exceptId?: number): Promise<void> {
  await db
    .delete(sessionsTable)
    .where(
      exceptId === undefined
        ? eq(sessionsTable.userId, userId)
        : and(eq(sessionsTable.userId, userId), ne(sessionsTable.id, exceptId)),
    );
}

export async function listSessionRowsOfUser(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), gt(sessionsTable.expiresAt, now)))
    .orderBy(desc(sessionsTable.lastSeenAt), desc(sessionsTable.id));
}

export async function countLiveSessionRows(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), gt(sessionsTable.expiresAt, now)));
  return row?.value ?? 0;
}

/** Deletes one session if it belongs to the user; returns whether it did. */
export async function deleteSessionRowOfUser(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sessionsTable)
    .where(and(eq(sessionsTable.id, id), eq(sessionsTable.userId, userId)))
    .returning({ id: sessionsTable.id });
  return rows.length > 0;
}

export async function deleteOtherSessionRows(db: Db, userId: number, keepId: number): Promise<number> {
  const rows = await db
    .delete(sessionsTable)
    .where(and(eq(sessionsTable.userId, userId), ne(sessionsTable.id, keepId)))
    .returning({ id: sessionsTable.id });
  return rows.length;
}
