import type { RetainerInstalment } from '@recruitdesk/contracts/clients';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

export const clientsTable = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    clientType: text('client_type').notNull(),
    state: text('state').notNull().default('Open'),
    website: text('website').notNull().default(''),
    industry: text('industry').notNull().default(''),
    location: text('location').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    findersFeePercent: numeric('finders_fee_percent', { precision: 5, scale: 2 }),
    guaranteeDays: integer('guarantee_days'),
    retainerAmount: numeric('retainer_amount', { precision: 14, scale: 2 }),
    retainerInstalments: jsonb('retainer_instalments')
      .$type<RetainerInstalment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    currency: text('currency').notNull().default('USD'),
    ownerId: integer('owner_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    /** Set while the client is archived: out of the default lists, kept with its history, restorable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clients_name_lower_unique').on(sql`lower(${table.name})`),
    index('clients_state_idx').on(table.state),
    // The shell search: name contains the typed text (lowerContains).
    index('clients_name_trgm_idx')
      .using('gin', sql`lower(${table.name}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export type ClientRow = typeof clientsTable.$inferSelect;
export type NewClientRow = typeof clientsTable.$inferInsert;

/** The client as lists and events name it. */
export const clientNameColumns = { clientId: clientsTable.id, clientName: clientsTable.name };
