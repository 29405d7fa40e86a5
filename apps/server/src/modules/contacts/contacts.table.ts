import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clientsTable } from '../clients/clients.table';
import { usersTable } from '../users/users.table';

/** A person at a client (issue 33): the hiring managers, the people messages and portal shares go to. */
export const clientContactsTable = pgTable(
  'client_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Kept with their history, but no longer someone to write to. */
    leftCompany: boolean('left_company').notNull().default(false),
    // The legal basis (issue 34), as on candidates: a contact is usually held on legitimate interest or contract.
    legalBasis: text('legal_basis').notNull().default('legitimate_interest'),
    legalBasisSource: text('legal_basis_source').notNull().default('manual'),
    legalBasisAt: timestamp('legal_basis_at', { withTimezone: true }).defaultNow(),
    consentText: text('consent_text').notNull().default(''),
    legalBasisExpiresAt: timestamp('legal_basis_expires_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_contacts_client_id_idx').on(table.clientId),
    index('client_contacts_email_lower_idx').on(sql`lower(${table.email})`),
  ],
);

export type ContactRow = typeof clientContactsTable.$inferSelect;
export type NewContactRow = typeof clientContactsTable.$inferInsert;
