import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { messagesTable } from '../messages/messages.table';
import { usersTable } from '../users/users.table';

/**
 * What people asked for about their data (issue 34): access, erasure, a correction, a withdrawn consent or a
 * restriction, from the privacy page or filed by staff for them. Due 30 days after receipt; owners close them.
 * No personal data beyond the candidate's id (the note is the owner's or the filer's words).
 */
export const dataProtectionRequestsTable = pgTable(
  'data_protection_requests',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id').references(() => candidatesTable.id, { onDelete: 'set null' }),
    /** access | erasure | rectification | withdraw_consent | restriction */
    kind: text('kind').notNull(),
    /** open | done | rejected */
    status: text('status').notNull().default('open'),
    /** self_service | staff */
    channel: text('channel').notNull(),
    note: text('note').notNull().default(''),
    filedById: integer('filed_by').references(() => usersTable.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** When the owners were told 7 days were left (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: integer('decided_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('data_protection_requests_status_deadline_idx').on(table.status, table.deadlineAt),
    index('data_protection_requests_candidate_idx').on(table.candidateId),
    check(
      'data_protection_requests_kind',
      sql`${table.kind} in ('access', 'erasure', 'rectification', 'withdraw_consent', 'restriction')`,
    ),
    check('data_protection_requests_status', sql`${table.status} in ('open', 'done', 'rejected')`),
    check('data_protection_requests_channel', sql`${table.channel} in ('self_service', 'staff')`),
  ],
);
export type DataProtectionRequestRow = typeof dataProtectionRequestsTable.$inferSelect;

/**
 * One retention cycle of one person: the renewal notice for the expiry `due_at`, and what the daily job did at
 * expiry. The (candidate, due_at) key makes the job idempotent: a second run finds the notice sent.
 */
export const retentionNoticesTable = pgTable(
  'retention_notices',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidatesTable.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }).notNull(),
    /** The renewal email (null when the person has no address or unsubscribed: the notice is only recorded). */
    messageId: integer('message_id').references(() => messagesTable.id, { onDelete: 'set null' }),
    /** Why the job waits at expiry ("In an open pipeline"), as of its last run. */
    waitingReason: text('waiting_reason'),
    ownersNotifiedAt: timestamp('owners_notified_at', { withTimezone: true }),
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('retention_notices_candidate_due_idx').on(table.candidateId, table.dueAt)],
);
export type RetentionNoticeRow = typeof retentionNoticesTable.$inferSelect;

export interface RetentionRunDetail {
  candidate_id: number | null;
  request_id: number | null;
  action: string;
  reason: string;
}

/** Each run of the daily retention job and what it did (ids only): the data protection page shows the last. */
export const retentionRunsTable = pgTable(
  'retention_runs',
  {
    id: serial('id').primaryKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    noticesSent: integer('notices_sent').notNull().default(0),
    anonymised: integer('anonymised').notNull().default(0),
    waiting: integer('waiting').notNull().default(0),
    ownersNotified: integer('owners_notified').notNull().default(0),
    remindersSent: integer('reminders_sent').notNull().default(0),
    details: jsonb('details')
      .$type<RetentionRunDetail[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('retention_runs_ran_at_idx').on(table.ranAt)],
);
export type RetentionRunRow = typeof retentionRunsTable.$inferSelect;
