import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { messagesTable } from '../messages/messages.table';
import { usersTable } from '../users/users.table';

export const MAILBOX_KINDS = ['shared', 'personal'] as const;
export const MAILBOX_SYNC_STATES = ['connecting', 'syncing', 'idle', 'stopped'] as const;

/**
 * An IMAP mailbox the server keeps in sync (issue 33, docs/email.md "Receiving"). The password is encrypted
 * with the server's secret (lib/crypto encryptSecret) and never leaves the server.
 */
export const mailboxesTable = pgTable(
  'mailboxes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: MAILBOX_KINDS }).notNull(),
    /** Who connected it: a personal mailbox's recruiter; for a shared one, the owner who added it. */
    ownerId: integer('owner_id').references(() => usersTable.id, { onDelete: 'set null' }),
    label: text('label').notNull().default(''),
    email: text('email').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    tls: boolean('tls').notNull().default(true),
    username: text('username').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    syncState: text('sync_state', { enum: MAILBOX_SYNC_STATES }).notNull().default('connecting'),
    stoppedSince: timestamp('stopped_since', { withTimezone: true }),
    stoppedReason: text('stopped_reason'),
    /** Whether the stop is retried on its own (connection trouble) or waits for a new password (auth). */
    retryable: boolean('retryable').notNull().default(true),
    /** Failed attempts in a row: the retry back-off. */
    failures: integer('failures').notNull().default(0),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    messagesSynced: integer('messages_synced').notNull().default(0),
    usesIdle: boolean('uses_idle').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('mailboxes_kind_check', sql`${table.kind} in ('shared', 'personal')`),
    check('mailboxes_sync_state_check', sql`${table.syncState} in ('connecting', 'syncing', 'idle', 'stopped')`),
    uniqueIndex('mailboxes_account_idx').on(sql`lower(${table.host})`, table.port, sql`lower(${table.username})`),
    index('mailboxes_owner_idx').on(table.ownerId),
  ],
);

/** Where the sync of one folder of a mailbox stands: resumes after the last UID while UIDVALIDITY holds. */
export const mailboxFoldersTable = pgTable(
  'mailbox_folders',
  {
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxesTable.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.mailboxId, table.path] })],
);

/** Which mailboxes a synced message came from (the Unmatched list shows a recruiter their own mailboxes' mail). */
export const mailboxMessagesTable = pgTable(
  'mailbox_messages',
  {
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxesTable.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => messagesTable.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.mailboxId, table.messageId] }),
    index('mailbox_messages_message_idx').on(table.messageId),
  ],
);

export type MailboxRow = typeof mailboxesTable.$inferSelect;
