import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * An email template with merge fields (issue 33). `shared`: the agency's, every sender sees it; `personal`:
 * only its owner sees it. `owner_id` is the author (of either scope).
 */
export const emailTemplatesTable = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['shared', 'personal'] }).notNull(),
    purpose: text('purpose', { enum: ['general', 'submittal'] })
      .notNull()
      .default('general'),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    ownerId: integer('owner_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('email_templates_scope_check', sql`${table.scope} in ('shared', 'personal')`),
    check('email_templates_purpose_check', sql`${table.purpose} in ('general', 'submittal')`),
    index('email_templates_owner_idx').on(table.ownerId),
  ],
);

export type EmailTemplateRow = typeof emailTemplatesTable.$inferSelect;
export type NewEmailTemplateRow = typeof emailTemplatesTable.$inferInsert;
