import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rolesTable } from './roles.table';

export const jobQualificationsTable = pgTable(
  'job_qualifications',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull().default('must_have'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_qualifications_role_position_idx').on(table.roleId, table.position)],
);

export type JobQualificationRow = typeof jobQualificationsTable.$inferSelect;
export type NewJobQualificationRow = typeof jobQualificationsTable.$inferInsert;
