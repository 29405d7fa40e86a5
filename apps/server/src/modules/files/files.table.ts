import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * Every upload link handed out (storage key, user, times). A row is open until its file is confirmed;
 * rows (and whatever their key still holds) are swept 24 h after creation. Confirmed files live under a
 * new key, so a link can never overwrite them.
 */
export const uploadsTable = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    /** Null once the user is deleted: the row still gets swept and its object deleted. */
    userId: integer('user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the link itself stops working. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('uploads_open_by_user_idx')
      .on(table.userId)
      .where(sql`${table.confirmedAt} is null`),
    index('uploads_created_at_idx').on(table.createdAt),
  ],
);

export type UploadRow = typeof uploadsTable.$inferSelect;
