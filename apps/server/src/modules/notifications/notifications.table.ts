import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * In-app notices for one user: a reply to their outreach, a client's decision on the portal, a data request
 * nearing its deadline. Written by the module where it happens (notifyUsers / notifyOwners); read from the
 * bell in the app's top bar. Texts carry record names only through links' targets, never message bodies.
 */
export const notificationsTable = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    /** What happened, e.g. 'message.reply', 'portal.approved'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** An in-app path ("/candidates/12"), or '' when there is nothing to open. */
    link: text('link').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_id_idx').on(table.userId, table.id),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notificationsTable.$inferSelect;
