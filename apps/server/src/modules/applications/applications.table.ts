import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';

/**
 * One inbound application to a posted role (issue 14): sent through the public careers page (or a job board),
 * then decided by a recruiter: rejected with a reason, or converted to a candidate and a pipeline in the role.
 */
export const applicationsTable = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    roleId: integer('role_id')
      .notNull()
      .references(() => rolesTable.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** The phone's digits only (duplicate check against candidates). */
    phoneDigits: text('phone_digits').notNull().default(''),
    resumeKey: text('resume_key'),
    resumeFilename: text('resume_filename'),
    resumeSize: integer('resume_size'),
    resumeContentType: text('resume_content_type'),
    /** The text extracted from the resume file ('' when none could be read); copied to the candidate on convert. */
    resumeText: text('resume_text').notNull().default(''),
    resumeHasText: boolean('resume_has_text').notNull().default(false),
    /** When the applicant consented to the processing of their data (the form's checkbox). */
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** The exact consent text the form showed (issue 34): the checkbox's words and the privacy notice. */
    consentText: text('consent_text').notNull().default(''),
    /** Where the application came from: 'careers_page' | 'indeed' | 'other'. */
    source: text('source').notNull().default('careers_page'),
    /** 'new' | 'rejected' | 'converted'. */
    status: text('status').notNull().default('new'),
    rejectReason: text('reject_reason'),
    rejectEmailSent: boolean('reject_email_sent').notNull().default(false),
    candidateId: integer('candidate_id').references(() => candidatesTable.id, { onDelete: 'set null' }),
    pipelineId: integer('pipeline_id').references(() => pipelinesTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: integer('decided_by').references(() => usersTable.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('applications_role_status_created_idx').on(table.roleId, table.status, table.createdAt, table.id),
    index('applications_status_created_idx').on(table.status, table.createdAt, table.id),
    index('applications_created_at_idx').on(table.createdAt, table.id),
    index('applications_candidate_id_idx')
      .on(table.candidateId)
      .where(sql`${table.candidateId} is not null`),
    index('applications_pipeline_id_idx')
      .on(table.pipelineId)
      .where(sql`${table.pipelineId} is not null`),
  ],
);

export type ApplicationRow = typeof applicationsTable.$inferSelect;
export type NewApplicationRow = typeof applicationsTable.$inferInsert;
