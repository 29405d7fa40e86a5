import { sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Addresses that asked for no more mail (issue 33). MINIMAL VERSION by the campaigns helper: the outbox helper
 * owns this module (token, public page, List-Unsubscribe); the lead keeps theirs when merging.
 */
export const unsubscribesTable = pgTable(
  'unsubscribes',
  {
    id: serial('id').primaryKey(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('unsubscribes_address_lower_idx').on(sql`lower(${table.address})`)],
);
