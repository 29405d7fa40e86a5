import { eq, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { clientNameColumns, clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { usersTable } from '../users/users.table';

export const rolesTable = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    state: text('state').notNull().default('open'),
    closeReason: text('close_reason'),
    closeNote: text('close_note').notNull().default(''),
    openings: integer('openings').notNull().default(1),
    location: text('location').notNull().default(''),
    /** The job feed's country (ISO two letters) and postal code when not the agency's (issue 29 item 7). */
    country: text('country').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    remoteType: text('remote_type').notNull().default('onsite'),
    employmentType: text('employment_type').notNull().default('full_time'),
    salaryMin: numeric('salary_min', { precision: 14, scale: 2 }),
    salaryMax: numeric('salary_max', { precision: 14, scale: 2 }),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    feePercentOverride: numeric('fee_percent_override', { precision: 5, scale: 2 }),
    priority: text('priority').notNull().default('medium'),
    recruiterId: integer('recruiter_id').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The client's contact who hires for the role (one of the role's client's contacts; decision 104). */
    hiringManagerContactId: integer('hiring_manager_contact_id').references(() => clientContactsTable.id, {
      onDelete: 'set null',
    }),
    openedAt: date('opened_at', { mode: 'string' }).notNull(),
    /** When the client wants the role filled (the calendar shows it while the role is active). */
    targetFillDate: date('target_fill_date', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set while the (closed) role is archived: out of the default lists, kept with its history, restorable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    descriptionText: text('description_text').notNull().default(''),
    descriptionFileKey: text('description_file_key'),
    descriptionFilename: text('description_filename'),
    descriptionFileSize: integer('description_file_size'),
    descriptionContentType: text('description_content_type'),
    descriptionUploadedAt: timestamp('description_uploaded_at', { withTimezone: true }),
    indeedPosting: boolean('indeed_posting').notNull().default(false),
    /** Whether the client's name may appear in public (the job feed, the careers pages); off by default. */
    showClientPublicly: boolean('show_client_publicly').notNull().default(false),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('roles_state_opened_at_idx').on(table.state, table.openedAt),
    index('roles_target_fill_date_idx').on(table.targetFillDate),
    index('roles_client_id_idx').on(table.clientId),
    index('roles_recruiter_id_idx').on(table.recruiterId),
    // The shell search: name contains the typed text (lowerContains).
    index('roles_name_trgm_idx')
      .using('gin', sql`lower(${table.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** The role's other contacts at its client (besides the hiring manager). */
export const roleContactsTable = pgTable(
  'role_contacts',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => clientContactsTable.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.roleId, table.contactId] }),
    index('role_contacts_contact_id_idx').on(table.contactId),
  ],
);

export type RoleRow = typeof rolesTable.$inferSelect;
export type NewRoleRow = typeof rolesTable.$inferInsert;

// ---- Shared join and columns: every module that names a role's client (roles, pipelines, postings, calendar, demo) ----

/** The role and its client as lists and events name them. */
export const roleClientColumns = { roleId: rolesTable.id, roleName: rolesTable.name, ...clientNameColumns };

/** Joins the role's client (inner: every role has one) onto a dynamic select that already reads `rolesTable`. */
export function joinRoleClient<T extends PgSelect>(query: T) {
  return query.innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId));
}
