import type { CandidateDuplicate } from '@recruitdesk/contracts/candidates';
import type { ResumeDraftValues } from '@recruitdesk/contracts/resume-bulk';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidatesTable } from '../candidates/candidates.table';
import { usersTable } from '../users/users.table';

/**
 * A bulk resume upload (issue 31): its files are drafts (resume_drafts) read by the `resumes.bulk-parse`
 * job. `status`: parsing (the job is reading), ready (every file read), failed (the job gave up), closed
 * (the rest discarded). Only its uploader and owners see it.
 */
export const resumeBatchesTable = pgTable(
  'resume_batches',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('parsing'),
    /** Files refused at upload (never stored): name and reason, shown with the batch. */
    refused: jsonb('refused')
      .$type<Array<{ filename: string; reason: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The job reading the files (lib/jobs). */
    jobId: integer('job_id'),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('resume_batches_created_by_idx').on(table.createdById, table.createdAt)],
);

/**
 * One file of a batch: stored under `storageKey` until it is confirmed (copied to the candidate's resume)
 * or discarded (deleted). `status`: pending, parsed, failed, confirmed, discarded.
 */
export const resumeDraftsTable = pgTable(
  'resume_drafts',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => resumeBatchesTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key'),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    status: text('status').notNull().default('pending'),
    /** The candidate fields read from the file (ResumeDraftValues); null until read. */
    fields: jsonb('fields').$type<ResumeDraftValues>(),
    /** 0..1 per field found. */
    confidence: jsonb('confidence')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    overallConfidence: real('overall_confidence'),
    warnings: jsonb('warnings')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Existing candidates that looked like the same person when the file was read. */
    duplicates: jsonb('duplicates')
      .$type<CandidateDuplicate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The text read from the file: the candidate's searchable resume text once confirmed. */
    resumeText: text('resume_text').notNull().default(''),
    error: text('error'),
    candidateId: integer('candidate_id').references(() => candidatesTable.id, { onDelete: 'set null' }),
    parsedAt: timestamp('parsed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('resume_drafts_batch_position_idx').on(table.batchId, table.position),
    index('resume_drafts_candidate_idx').on(table.candidateId),
  ],
);

export type ResumeBatchRow = typeof resumeBatchesTable.$inferSelect;
export type ResumeDraftRow = typeof resumeDraftsTable.$inferSelect;
