import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Addresses that asked for no more mail from the agency (the link in every message to a candidate, or the
 * one-click List-Unsubscribe POST). Compose refuses them; bulk and sequences leave them out.
 */
export const unsubscribesTable = pgTable(
  'unsubscribes',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    address: text('address').notNull(),
    /** 'link' (the page's button) or 'one_click' (RFC 8058 POST from the mail client). */
    source: text('source').notNull().default('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('unsubscribes_address_idx').on(sql`lower(${table.address})`)],
);

export type UnsubscribeRow = typeof unsubscribesTable.$inferSelect;
