import type { MoneyVisibility } from '@recruitdesk/contracts/settings-constants';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface InvoiceIssuerColumn {
  legal_name: string;
  address: string;
  tax_id: string;
  bank_details: string;
  email: string;
  phone: string;
}

/** One row (id = 1) of agency-wide settings; absent until first saved (defaults apply). */
export const agencySettingsTable = pgTable(
  'agency_settings',
  {
    id: integer('id').primaryKey().default(1),
    agencyName: text('agency_name').notNull().default('My Agency'),
    currency: text('currency').notNull().default('USD'),
    defaultFindersFeePercent: doublePrecision('default_finders_fee_percent').notNull().default(20),
    defaultPaymentTermsDays: integer('default_payment_terms_days').notNull().default(30),
    invoiceIssuer: jsonb('invoice_issuer')
      .$type<InvoiceIssuerColumn>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The agency's privacy notice shown next to the consent box of the public application form (issue 14). */
    privacyText: text('privacy_text').notNull().default(''),
    /** The agency's country (ISO two letters) and postal code: the job feed's default (issue 29 item 7). */
    country: text('country').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** Who sees fees (decision 071): owners | owners_and_superusers | all_but_viewers. */
    moneyVisibility: text('money_visibility')
      .$type<MoneyVisibility>()
      .notNull()
      .default(sql`'all_but_viewers'`),
    // Retention (issue 34, docs/data-protection.md "Retention"): months since a person's last activity, the
    // renewal notice's lead in days, and what the daily job does at expiry (anonymise | notify).
    retentionMonths: integer('retention_months').notNull().default(24),
    renewalNoticeDays: integer('renewal_notice_days').notNull().default(30),
    expiryAction: text('expiry_action').notNull().default('anonymise'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('agency_settings_single_row', sql`${table.id} = 1`),
    check(
      'agency_settings_money_visibility',
      sql`${table.moneyVisibility} in ('owners', 'owners_and_superusers', 'all_but_viewers')`,
    ),
    check('agency_settings_expiry_action', sql`${table.expiryAction} in ('anonymise', 'notify')`),
  ],
);

export type AgencySettingsRow = typeof agencySettingsTable.$inferSelect;
