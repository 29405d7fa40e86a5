import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * An outbound message's life: queued (or scheduled: queued with a later `send_after`) -> sending -> sent |
 * failed | bounced; `unconfirmed` when a server died between handing it to the relay and recording the
 * answer and no copy was found (never resent on its own: decision 105). Inbound messages are `received`.
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
  'unconfirmed',
  'cancelled',
  'received',
] as const;
export const MESSAGE_DIRECTIONS = ['outbound', 'inbound'] as const;
/** The records a message can belong to; one message may belong to several (a candidate, its pipeline, the role). */
export const MESSAGE_RECORD_TYPES = ['candidate', 'contact', 'client', 'role', 'pipeline'] as const;

/** An iCalendar part of a message: the .ics text and its iTIP method. */
export interface MessageCalendarEventJson {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

/** `{ name, address }`, as on the headers. */
export interface MessageAddressJson {
  name: string;
  address: string;
}

/**
 * Every message with a candidate or a client, sent from here or synced from a mailbox (issue 33). Outbound
 * rows are the durable outbox: the `mail.send` job claims one and hands it to the relay.
 */
export const messagesTable = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    /** The RFC 5322 Message-ID, without angle brackets; made when an outbound message is created. */
    messageIdHeader: text('message_id_header').notNull(),
    inReplyTo: text('in_reply_to'),
    /** The References header's ids, oldest first. */
    referencesHeader: jsonb('references_header').$type<string[]>().notNull().default([]),
    /** The first message of the conversation's Message-ID: a thread is every message with the same one. */
    threadKey: text('thread_key').notNull(),
    fromName: text('from_name').notNull().default(''),
    fromAddress: text('from_address').notNull(),
    toAddresses: jsonb('to_addresses').$type<MessageAddressJson[]>().notNull().default([]),
    ccAddresses: jsonb('cc_addresses').$type<MessageAddressJson[]>().notNull().default([]),
    bccAddresses: jsonb('bcc_addresses').$type<MessageAddressJson[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    /** Sanitised HTML (outbound: from the composer; inbound: the parsed body, sanitised before storing). */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    /** The user who wrote an outbound message (null for inbound, or once the user is deleted). */
    authorId: integer('author_id').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The client's `Idempotency-Key` on POST /api/messages/: one message per (author, key). */
    idempotencyKey: text('idempotency_key'),
    /** Outbound: not sent before this time (scheduled sends, throttled bulk). */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    /** When it was sent (outbound) or its Date / arrival (inbound): the timelines' order. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Outbound: an iCalendar part (a meeting invitation or its cancellation) sent as the text/calendar
     * alternative of the message, with its iTIP method (issue 35, decision 125).
     */
    calendarEvent: jsonb('calendar_event').$type<MessageCalendarEventJson>(),
    /** Outbound: relay hand-overs so far, the relay's last answer, the last failure. */
    attempts: integer('attempts').notNull().default(0),
    relayResponse: text('relay_response'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'messages_status_check',
      sql`${table.status} in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unconfirmed', 'cancelled', 'received')`,
    ),
    check('messages_direction_check', sql`${table.direction} in ('outbound', 'inbound')`),
    // The same mail synced from two mailboxes (a shared one and a recruiter's) is one message.
    uniqueIndex('messages_message_id_header_idx').on(table.messageIdHeader),
    uniqueIndex('messages_author_idempotency_idx')
      .on(table.authorId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('messages_thread_key_idx').on(table.threadKey),
    index('messages_outbox_idx')
      .on(table.sendAfter, table.id)
      .where(sql`${table.status} in ('queued', 'sending')`),
  ],
);

/** Which records a message belongs to: each record's timeline reads these. */
export const messageLinksTable = pgTable(
  'message_links',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => messagesTable.id, { onDelete: 'cascade' }),
    recordType: text('record_type', { enum: MESSAGE_RECORD_TYPES }).notNull(),
    recordId: integer('record_id').notNull(),
    /** Denormalised from the message: a timeline page is one index range scan. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'message_links_record_type_check',
      sql`${table.recordType} in ('candidate', 'contact', 'client', 'role', 'pipeline')`,
    ),
    uniqueIndex('message_links_unique_idx').on(table.messageId, table.recordType, table.recordId),
    index('message_links_timeline_idx').on(table.recordType, table.recordId, table.occurredAt, table.messageId),
  ],
);

/** A message's attachments, stored through the storage backend (lib/storage) under `storage_key`. */
export const messageAttachmentsTable = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messagesTable.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** Inline images referenced from the HTML body as cid:… */
    contentId: text('content_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_attachments_message_id_idx').on(table.messageId)],
);

export type MessageRow = typeof messagesTable.$inferSelect;
export type NewMessageRow = typeof messagesTable.$inferInsert;
export type MessageLinkRow = typeof messageLinksTable.$inferSelect;
export type MessageAttachmentRow = typeof messageAttachmentsTable.$inferSelect;
export type MessageRecordType = (typeof MESSAGE_RECORD_TYPES)[number];
