import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * A user's personal iCal subscription (decision 024): one per user, only the SHA-256 of its secret is
 * kept. Rotating replaces the row's hash, so the old address stops working at once.
 */
export const calendarSubscriptionsTable = pgTable(
  'calendar_subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('calendar_subscriptions_token_hash_unique').on(table.tokenHash)],
);

export type CalendarSubscriptionRow = typeof calendarSubscriptionsTable.$inferSelect;
