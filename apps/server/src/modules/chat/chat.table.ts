import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHAT_ROLES, type ChatRole } from '@recruitdesk/contracts/chat';
import { usersTable } from '../users/users.table';

/**
 * An owner's conversation with the assistant (issue 13). `pending` is the engine's state while one of its
 * questions awaits the owner's answer (null otherwise); it goes back to the engine with that answer.
 */
export const chatsTable = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    pending: jsonb('pending').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The owner's list, newest activity first.
  (table) => [index('chats_user_updated_idx').on(table.userId, table.updatedAt.desc(), table.id.desc())],
);

/** One turn of a chat, oldest first by id. */
export const chatMessagesTable = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chatsTable.id, { onDelete: 'cascade' }),
    role: text('role').$type<ChatRole>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_chat_id_idx').on(table.chatId, table.id),
    check('chat_messages_role_check', sql.raw(`role in (${CHAT_ROLES.map((role) => `'${role}'`).join(', ')})`)),
  ],
);

export type ChatRow = typeof chatsTable.$inferSelect;
export type ChatMessageRow = typeof chatMessagesTable.$inferSelect;
