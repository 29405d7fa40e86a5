import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * The agency's own skill aliases (decision 096): `alias` is read as `canonical` wherever skills are
 * compared (resume parsing, matching), on top of the built-in list in built-in-skills.ts.
 */
export const skillAliasesTable = pgTable(
  'skill_aliases',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    canonical: text('canonical').notNull(),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('skill_aliases_alias_lower_unique').on(sql`lower(${table.alias})`)],
);

export type SkillAliasRow = typeof skillAliasesTable.$inferSelect;
export type NewSkillAliasRow = typeof skillAliasesTable.$inferInsert;
