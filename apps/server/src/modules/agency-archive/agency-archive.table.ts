import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/** What an export's ZIP holds, for the list (the manifest itself travels in the ZIP). */
export interface ExportSummary {
  tables: number;
  rows: number;
  files: number;
  missing_files: number;
}

/**
 * Agency exports (issue 31): one row per `POST /api/exports/`, its job, and the ZIP in the storage until it
 * is downloaded once or its link expires. Never exported itself (decision 098).
 */
export const agencyExportsTable = pgTable(
  'agency_exports',
  {
    id: serial('id').primaryKey(),
    /** Null once the user is deleted (or replaced by an agency import). */
    createdBy: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    /** The job that builds the ZIP (the job runner's id). */
    jobId: integer('job_id').notNull(),
    /** queued | running | succeeded | failed: mirrored from the job for the list. */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The ZIP's storage key while it waits for its one download; null after it or after expiry. */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    summary: jsonb('summary').$type<ExportSummary>(),
    /** When the download link stops working (finished_at + 24 h). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set by the one download the link allows: the link is used up. */
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (table) => [index('agency_exports_created_at_idx').on(table.createdAt)],
);

export type AgencyExportRow = typeof agencyExportsTable.$inferSelect;
