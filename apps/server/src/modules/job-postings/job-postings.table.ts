import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/**
 * One role's job-board figures for one week (issue 14, decision 042): the week starts on the Monday of the
 * agency's time zone; money in integer minor units with its currency.
 */
export const jobPostingsTable = pgTable(
  'job_postings',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('active'),
    /** Null when the report or the user gave none ("Not set", issue 29 item m). */
    dailyBudgetMinor: bigint('daily_budget_minor', { mode: 'number' }),
    spendMinor: bigint('spend_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    applyStarts: integer('apply_starts').notNull().default(0),
    applies: integer('applies').notNull().default(0),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('job_postings_role_week_unique').on(table.roleId, table.weekStart),
    // The overview and the performance range read by week first.
    index('job_postings_week_start_idx').on(table.weekStart),
    check('job_postings_week_is_monday', sql`extract(isodow from ${table.weekStart}) = 1`),
    check('job_postings_status', sql`${table.status} in ('active', 'paused', 'closed')`),
    check(
      'job_postings_non_negative',
      sql`${table.dailyBudgetMinor} >= 0 and ${table.spendMinor} >= 0 and ${table.impressions} >= 0 and ${table.clicks} >= 0 and ${table.applyStarts} >= 0 and ${table.applies} >= 0`,
    ),
  ],
);

export type JobPostingRow = typeof jobPostingsTable.$inferSelect;
export type NewJobPostingRow = typeof jobPostingsTable.$inferInsert;
