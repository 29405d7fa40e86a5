import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * A file uploaded for a message not sent yet (POST /api/messages/attachments/): the compose request names it
 * by id and it becomes a message_attachments row under the same storage key. Unused ones are swept.
 */
export const messageUploadsTable = pgTable(
  'message_uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_uploads_user_id_idx').on(table.userId)],
);

export type MessageUploadRow = typeof messageUploadsTable.$inferSelect;
