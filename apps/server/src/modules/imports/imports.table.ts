import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usersTable } from '../users/users.table';

/**
 * One uploaded file and what became of it (issue 31, decision 093): the file itself stays in storage
 * (`file_key`) so the job can read it after a restart or on another server; `rows_done` is the checkpoint
 * (data rows whose batch has committed), advanced in the same transaction as the batch's records.
 */
export const importsTable = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: integer('file_size').notNull().default(0),
    format: text('format').notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    headers: jsonb('headers').$type<string[]>().notNull(),
    sampleRows: jsonb('sample_rows').$type<string[][]>().notNull(),
    suggestedMapping: jsonb('suggested_mapping').$type<string[]>().notNull(),
    preset: text('preset'),
    /** Per column: how its dates and amounts are written (day first, comma decimals), from the upload's samples. */
    columnHints: jsonb('column_hints')
      .$type<Array<{ dateOrder?: 'dmy' | 'mdy'; decimalComma?: boolean }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    totalRows: integer('total_rows').notNull().default(0),
    mapping: jsonb('mapping').$type<string[]>(),
    duplicatePolicy: text('duplicate_policy'),
    /** uploaded | queued | running | succeeded | failed | undoing | undone */
    status: text('status').notNull().default('uploaded'),
    /** The job running it (lib/jobs); no foreign key: jobs are swept, the import's record stays. */
    jobId: integer('job_id'),
    /** The checkpoint: data rows done, committed with their batch. */
    rowsDone: integer('rows_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    error: text('error'),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    /** Kept so the history still names who imported after the user is deleted. */
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoUntil: timestamp('undo_until', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [index('imports_created_at_idx').on(table.createdAt.desc(), table.id.desc())],
);

export type ImportRow = typeof importsTable.$inferSelect;
export type NewImportRow = typeof importsTable.$inferInsert;

/** The rows an import refused, with why and the row's original cells (the report and report.csv). */
export const importRowResultsTable = pgTable(
  'import_row_results',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => importsTable.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (table) => [uniqueIndex('import_row_results_import_line_idx').on(table.importId, table.line)],
);

export type ImportRowResultRow = typeof importRowResultsTable.$inferSelect;
export type NewImportRowResultRow = typeof importRowResultsTable.$inferInsert;

/**
 * The undo record: one row per record the import created or updated. For an update, `previous` holds the
 * fields it filled with their values before (column name -> value); `updated_at_after` is the record's
 * updated_at once the import wrote it, so the undo can tell whether anyone changed it since.
 */
export const importChangesTable = pgTable(
  'import_changes',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => importsTable.id, { onDelete: 'cascade' }),
    /** candidate | client | role */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** created | updated */
    action: text('action').notNull(),
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    updatedAtAfter: timestamp('updated_at_after', { withTimezone: true }).notNull(),
    line: integer('line').notNull(),
  },
  (table) => [uniqueIndex('import_changes_import_entity_idx').on(table.importId, table.entity, table.entityId)],
);

export type ImportChangeRow = typeof importChangesTable.$inferSelect;
export type NewImportChangeRow = typeof importChangesTable.$inferInsert;

/** A mapping saved for reuse: the headers it was made for and one target per header. */
export const importMappingsTable = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    targets: jsonb('targets').$type<string[]>().notNull(),
    createdById: integer('created_by').references(() => usersTable.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('import_mappings_kind_name_idx').on(table.kind, sql`lower(${table.name})`)],
);

export type ImportMappingRow = typeof importMappingsTable.$inferSelect;
