import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

export const invitationsTable = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    userType: text('user_type')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** sha256 of the token; the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedById: integer('invited_by_id').references(() => usersTable.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => usersTable.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [index('invitations_email_lower_idx').on(sql`lower(${table.email})`)],
);

export type InvitationRow = typeof invitationsTable.$inferSelect;
export type NewInvitationRow = typeof invitationsTable.$inferInsert;
