import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable } from '../users/users.table';
import { notificationsTable, type NotificationRow } from './notifications.table';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string;
}

export async function insertNotifications(db: Db, userIds: number[], values: NewNotification): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notificationsTable).values(userIds.map((userId) => ({ userId, ...values })));
}

export async function activeOwnerIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(and(eq(usersTable.isActive, true), sql`'owner' = any(${usersTable.userType})`));
  return rows.map((row) => row.id);
}

export async function findNotifications(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; before?: number; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notificationsTable)
    .where(
      and(
        eq(notificationsTable.userId, userId),
        options.unreadOnly ? isNull(notificationsTable.readAt) : undefined,
        options.before ? lt(notificationsTable.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(notificationsTable.id))
    .limit(options.limit);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationsTable)
    .where(and(eq(notificationsTable.userId, userId), isNull(notificationsTable.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notifications read (others' ids are ignored); returns how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all', now: Date): Promise<number> {
  const rows = await db
    .update(notificationsTable)
    .set({ readAt: now })
    .where(
      and(
        eq(notificationsTable.userId, userId),
        isNull(notificationsTable.readAt),
        ids === 'all' ? undefined : inArray(notificationsTable.id, ids),
      ),
    )
    .returning({ id: notificationsTable.id });
  return rows.length;
}
