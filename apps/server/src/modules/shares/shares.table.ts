import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientContactsTable } from '../contacts/contacts.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/**
 * A shortlist shared with one client contact for one role (issue 35, decision 122): the link's token is long
 * and random, only its SHA-256 is kept; it expires, can be revoked, and renewing replaces the hash.
 */
export const portalSharesTable = pgTable(
  'portal_shares',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => clientContactsTable.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the link's token; the token itself is only in the email. */
    tokenHash: text('token_hash').notNull(),
    showSalary: boolean('show_salary').notNull().default(false),
    removeContactDetails: boolean('remove_contact_details').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('portal_shares_token_hash_idx').on(table.tokenHash),
    index('portal_shares_role_id_idx').on(table.roleId),
    index('portal_shares_contact_id_idx').on(table.contactId),
  ],
);

export type PortalShareRow = typeof portalSharesTable.$inferSelect;
export type NewPortalShareRow = typeof portalSharesTable.$inferInsert;

/** The candidates (pipelines) of a share, with the recruiter's pitch and what the contact did with each. */
export const portalShareCandidatesTable = pgTable(
  'portal_share_candidates',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id')
      .notNull()
      .references(() => portalSharesTable.id, { onDelete: 'cascade' }),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => pipelinesTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    pitch: text('pitch').notNull().default(''),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    /** 'approved' | 'rejected' | null */
    decision: text('decision'),
    decisionAt: timestamp('decision_at', { withTimezone: true }),
    decisionDetail: text('decision_detail').notNull().default(''),
  },
  (table) => [
    uniqueIndex('portal_share_candidates_share_pipeline_idx').on(table.shareId, table.pipelineId),
    index('portal_share_candidates_pipeline_id_idx').on(table.pipelineId),
  ],
);

export type PortalShareCandidateRow = typeof portalShareCandidatesTable.$inferSelect;

/** What happened on a share's portal: opened, viewed, downloaded, decided, commented, asked for more. */
export const portalEventsTable = pgTable(
  'portal_events',
  {
    id: serial('id').primaryKey(),
    shareId: integer('share_id')
      .notNull()
      .references(() => portalSharesTable.id, { onDelete: 'cascade' }),
    pipelineId: integer('pipeline_id').references(() => pipelinesTable.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('portal_events_share_created_idx').on(table.shareId, table.createdAt)],
);

export type PortalEventRow = typeof portalEventsTable.$inferSelect;
