import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientsTable } from '../clients/clients.table';
import { placementsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

// Money columns are integer minor units (cents) in bigint, read as JS numbers (exact up to 2^53); rates are
// hundredths of a percent (20.00 % = 2000), quantities hundredths (1.50 = 150). No numeric/float columns.

/**
 * An invoice or credit note. `balance_minor` is kept with every write (total − paid − credited; 0 for
 * credit notes) so lists can sort and filter by it and the statistics sum it without recomputing.
 */
export const invoicesTable = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** INV-YYYY-NNNN from (number_year, number_seq). */
    number: text('number').notNull(),
    numberYear: integer('number_year').notNull(),
    numberSeq: integer('number_seq').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('draft'),
    clientId: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'restrict' }),
    roleId: integer('role_id').references(() => rolesTable.id, { onDelete: 'restrict' }),
    placementId: integer('placement_id').references(() => placementsTable.id, {
      onDelete: 'restrict',
    }),
    /** Retainer: 0-based index in the client's instalment schedule. */
    instalment: integer('instalment'),
    creditForId: integer('credit_for_id').references((): AnyPgColumn => invoicesTable.id, {
      onDelete: 'restrict',
    }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    currency: text('currency').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull().default(0),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    creditedMinor: bigint('credited_minor', { mode: 'number' }).notNull().default(0),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    notes: text('notes').notNull().default(''),
    voidReason: text('void_reason').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    uniqueIndex('invoices_year_seq_unique').on(table.numberYear, table.numberSeq),
    // One live finder's fee per placement, one live invoice per retainer instalment, one live credit note per invoice.
    uniqueIndex('invoices_placement_live_unique')
      .on(table.placementId)
      .where(sql`kind = 'finders_fee' and status <> 'void' and placement_id is not null`),
    uniqueIndex('invoices_instalment_live_unique')
      .on(table.clientId, table.instalment)
      .where(sql`kind = 'retainer' and status <> 'void' and instalment is not null`),
    uniqueIndex('invoices_credit_for_live_unique')
      .on(table.creditForId)
      .where(sql`kind = 'credit_note' and status <> 'void' and credit_for_id is not null`),
    // The list's default order and the date filters; per client; per status (overdue = sent and due before today).
    index('invoices_issue_date_idx').on(table.issueDate, table.id),
    index('invoices_client_issue_idx').on(table.clientId, table.issueDate),
    index('invoices_role_id_idx').on(table.roleId),
    index('invoices_status_due_idx').on(table.status, table.dueDate),
    // The list's other sorts (a page of the largest balances or totals, the nearest due dates).
    index('invoices_balance_idx').on(table.balanceMinor, table.id),
    index('invoices_total_idx').on(table.totalMinor, table.id),
    index('invoices_due_date_idx').on(table.dueDate, table.id),
    index('invoices_number_trgm_idx')
      .using('gin', sql`lower(${table.number}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
export type InvoiceRow = typeof invoicesTable.$inferSelect;
export type NewInvoiceRow = typeof invoicesTable.$inferInsert;

export const invoiceLinesTable = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoicesTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Hundredths: 1.00 = 100. */
    quantityHundredths: integer('quantity_hundredths').notNull(),
    unitMinor: bigint('unit_minor', { mode: 'number' }).notNull(),
    /** quantity × unit, half-up to the cent. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [index('invoice_lines_invoice_idx').on(table.invoiceId, table.position)],
);
export type InvoiceLineRow = typeof invoiceLinesTable.$inferSelect;
export type NewInvoiceLineRow = typeof invoiceLinesTable.$inferInsert;

/** Money received against an invoice. */
export const payoutsTable = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoicesTable.id, { onDelete: 'restrict' }),
    // Copied from the invoice, which no longer changes once it takes payments (sent): the statistics'
    // collected-by-month reads payouts alone, filtered like the list, without joining 50,000 invoices.
    clientId: integer('client_id')
      .notNull()
      .references(() => clientsTable.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    invoiceIssueDate: date('invoice_issue_date', { mode: 'string' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    method: text('method').notNull().default('bank_transfer'),
    reference: text('reference').notNull().default(''),
    recordedById: integer('recorded_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payouts_invoice_idx').on(table.invoiceId),
    index('payouts_date_idx').on(table.date),
    index('payouts_client_date_idx').on(table.clientId, table.date),
    // Collected by month for an issue-date range: the payouts of the invoices issued in it.
    index('payouts_invoice_issue_idx').on(table.invoiceIssueDate),
  ],
);
export type PayoutRow = typeof payoutsTable.$inferSelect;
export type NewPayoutRow = typeof payoutsTable.$inferInsert;

/**
 * The invoices summed per currency, status, kind, issue date and due date, kept in step with every write to
 * `invoices` by a trigger (`invoice_day_totals_sync`, migration 0028). The statistics read these few
 * thousand rows instead of every invoice when they filter by nothing but dates, status and kind
 * (decision 058: 50,000 invoices summed in ~80 ms, their summary in a few ms).
 */
export const invoiceDayTotalsTable = pgTable(
  'invoice_day_totals',
  {
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull(),
    /** The invoices with a balance above zero, and that balance (the overdue rule's third part). */
    owingCount: integer('owing_count').notNull(),
    owingMinor: bigint('owing_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.currency, table.status, table.kind, table.issueDate, table.dueDate],
    }),
  ],
);

/** Payouts summed per currency and payout date, kept by a trigger (`payout_day_totals_sync`) like the invoices'. */
export const payoutDayTotalsTable = pgTable(
  'payout_day_totals',
  {
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.currency, table.date] })],
);

/** An invoice's history: created, updated, sent, payment, voided, credited. */
export const invoiceEventsTable = pgTable(
  'invoice_events',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoicesTable.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: text('detail').notNull().default(''),
    actorId: integer('actor_id').references(() => usersTable.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_events_invoice_idx').on(table.invoiceId, table.createdAt)],
);
export type InvoiceEventRow = typeof invoiceEventsTable.$inferSelect;
export type NewInvoiceEventRow = typeof invoiceEventsTable.$inferInsert;

/** The last number handed out per year: the row is locked by the creating transaction (gapless numbers). */
export const invoiceNumberCountersTable = pgTable('invoice_number_counters', {
  year: integer('year').primaryKey(),
  lastSeq: integer('last_seq').notNull().default(0),
});

/** Numbers of deleted drafts, handed out again first so a year's numbers stay without gaps. */
export const invoiceNumberFreeTable = pgTable(
  'invoice_number_free',
  {
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
  },
  (table) => [primaryKey({ columns: [table.year, table.seq] })],
);
