import { z } from 'zod';
import { MAX_ID, pageQueryShape } from './common';

/**
 * The Import API (issue 31): upload a CSV/XLSX file, map its columns, preview, start a background import,
 * follow its progress, download the refused rows, undo it within 7 days, and save mappings for reuse.
 * The target fields of each kind (their keys, labels and types) are in `import-fields.ts`.
 */

/** What a file may be imported as. `agency` is a whole-agency ZIP made by the export (`POST /api/exports/`). */
export const IMPORT_UPLOAD_KINDS = ['candidates', 'clients', 'roles', 'agency'] as const;
export const ImportUploadKindSchema = z.enum(IMPORT_UPLOAD_KINDS, {
  error: 'Choose what to import: candidates, clients, roles or agency.',
});
export type ImportUploadKind = z.infer<typeof ImportUploadKindSchema>;

/** The kinds of records a spreadsheet maps to (a mapping is saved for one of them). */
export const IMPORT_RECORD_KINDS = ['candidates', 'clients', 'roles'] as const;
export const ImportRecordKindSchema = z.enum(IMPORT_RECORD_KINDS, {
  error: 'Choose candidates, clients or roles.',
});
export type ImportRecordKind = z.infer<typeof ImportRecordKindSchema>;

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'succeeded', 'failed', 'undoing', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What a duplicate row does: skip it, fill only the existing record's empty fields, or create a new record anyway. */
export const DUPLICATE_POLICIES = ['skip', 'update_empty', 'create'] as const;
export const DuplicatePolicySchema = z.enum(DUPLICATE_POLICIES, {
  error: 'Choose what to do with duplicates: skip, update empty fields, or create anyway.',
});
export type DuplicatePolicy = z.infer<typeof DuplicatePolicySchema>;

export const DUPLICATE_POLICY_LABELS: Record<DuplicatePolicy, string> = {
  skip: 'Skip the row',
  update_empty: 'Fill the empty fields of the existing record',
  create: 'Create a new record anyway',
};

/** How a row was recognised as a duplicate: against the database, or (`file`) an earlier row of the same file. */
export const DUPLICATE_MATCHES = ['email', 'phone', 'name_company', 'name', 'title_client', 'file'] as const;
export type DuplicateMatch = (typeof DUPLICATE_MATCHES)[number];

/** The most columns a file may have (the reading module refuses more); a mapping has one target per column. */
export const MAX_IMPORT_COLUMNS = 200;

/** One target per column: a target field's key (import-fields.ts), 'note' (kept in a note) or 'ignore'. */
export const ImportColumnTargetSchema = z
  .string({ error: 'Choose a target for every column.' })
  .trim()
  .min(1, 'Choose a target for every column.')
  .max(100, 'Unknown target field.');
export type ImportColumnTargetValue = z.infer<typeof ImportColumnTargetSchema>;

export const ImportMappingArraySchema = z
  .array(ImportColumnTargetSchema, { error: 'Give one target per column.' })
  .min(1, 'Give one target per column.')
  .max(MAX_IMPORT_COLUMNS, `A file has at most ${MAX_IMPORT_COLUMNS} columns.`);

/** POST /api/imports/{id}/preview/ and /start/: the mapping (one target per column, in order) and the duplicate policy. */
export const ImportRunInputSchema = z.object({
  mapping: ImportMappingArraySchema,
  duplicate_policy: DuplicatePolicySchema,
});
export type ImportRunInput = z.infer<typeof ImportRunInputSchema>;

export const ImportColumnSchema = z.object({
  index: z.number().int(),
  header: z.string(),
  samples: z.array(z.string()),
});
export type ImportColumn = z.infer<typeof ImportColumnSchema>;

export const ImportCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportViewSchema = z.object({
  id: z.number().int(),
  kind: ImportUploadKindSchema,
  filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  format: z.enum(['csv', 'xlsx', 'zip']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  columns: z.array(ImportColumnSchema),
  /** One target per column, from the header names and values (and a preset when the file is a known export). */
  suggested_mapping: z.array(z.string()),
  /** 'opencats_candidates' | 'bullhorn_candidates' | 'bullhorn_contacts', or null. */
  preset: z.string().nullable(),
  /** Set when the import was started. */
  mapping: z.array(z.string()).nullable(),
  duplicate_policy: DuplicatePolicySchema.nullable(),
  /** Data rows in the file (the header row not counted). */
  total_rows: z.number().int(),
  progress: z.object({
    done: z.number().int(),
    total: z.number().int(),
    /** Seconds left, estimated from the job's pace; null before it has one or once finished. */
    eta_seconds: z.number().nullable(),
  }),
  counts: ImportCountsSchema,
  /** The first 20 refused rows (the whole list: report.csv). */
  errors_preview: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** Why the import failed (status 'failed'), else null. */
  error: z.string().nullable(),
  /** Until when the import may be undone (7 days after it finished), null when it cannot be. */
  undo_until: z.string().nullable(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type ImportView = z.infer<typeof ImportViewSchema>;

export const ImportResponseSchema = z.object({ success: z.literal(true), import: ImportViewSchema });
export type ImportResponse = z.infer<typeof ImportResponseSchema>;

/** GET /api/imports/?page=&page_size= — the history, newest first. */
export const ImportListQuerySchema = z.object({ ...pageQueryShape(20) });
export type ImportListQuery = z.input<typeof ImportListQuerySchema>;
export const ImportListResponseSchema = z.object({
  success: z.literal(true),
  imports: z.array(ImportViewSchema),
  count: z.number().int(),
});
export type ImportListResponse = z.infer<typeof ImportListResponseSchema>;

/** The multipart fields of POST /api/imports/ besides `file`. */
export const ImportUploadFieldsSchema = z.object({ kind: ImportUploadKindSchema });

export const IMPORT_ROW_ACTIONS = ['create', 'update', 'skip', 'refuse'] as const;
export type ImportRowAction = (typeof IMPORT_ROW_ACTIONS)[number];

export const ImportPreviewValueSchema = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);

export const ImportPreviewRowSchema = z.object({
  line: z.number().int(),
  /** Each mapped field's value as it will be stored (null: empty or unreadable). */
  values: z.record(z.string(), ImportPreviewValueSchema),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  action: z.enum(IMPORT_ROW_ACTIONS),
  duplicate: z
    .object({
      id: z.number().int().nullable(),
      name: z.string(),
      matched_by: z.enum(DUPLICATE_MATCHES),
      /** When matched_by is 'file': the earlier line of the file. */
      line: z.number().int().optional(),
    })
    .nullable(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewResponseSchema = z.object({
  success: z.literal(true),
  /** The first 20 rows. */
  rows: z.array(ImportPreviewRowSchema),
  /** Over the whole file. */
  totals: z.object({
    create: z.number().int(),
    update: z.number().int(),
    skip: z.number().int(),
    refuse: z.number().int(),
  }),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

/** 409 UNDO_BLOCKED: the records changed since the import (at most 50 named). */
export const ImportUndoBlockedSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('UNDO_BLOCKED'),
  changed: z.array(z.object({ kind: z.string(), id: z.number().int(), name: z.string() })),
});
export type ImportUndoBlocked = z.infer<typeof ImportUndoBlockedSchema>;

export const ImportIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

// Saved mappings -------------------------------------------------------------------------------------

export const ImportMappingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ImportRecordKindSchema,
  headers: z.array(z.string()),
  targets: z.array(z.string()),
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportMappingInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the mapping.').max(100, 'Use at most 100 characters.'),
    kind: ImportRecordKindSchema,
    headers: z
      .array(z.string().max(500, 'A header is at most 500 characters.'))
      .min(1, 'Give the file’s headers.')
      .max(MAX_IMPORT_COLUMNS, `A file has at most ${MAX_IMPORT_COLUMNS} columns.`),
    targets: ImportMappingArraySchema,
  })
  .refine((value) => value.headers.length === value.targets.length, {
    path: ['targets'],
    message: 'Give one target per header.',
  });
export type ImportMappingInput = z.infer<typeof ImportMappingInputSchema>;

export const ImportMappingListQuerySchema = z.object({ kind: ImportRecordKindSchema.optional() });
export const ImportMappingListResponseSchema = z.object({
  success: z.literal(true),
  mappings: z.array(ImportMappingSchema),
});
export type ImportMappingListResponse = z.infer<typeof ImportMappingListResponseSchema>;
export const ImportMappingResponseSchema = z.object({ success: z.literal(true), mapping: ImportMappingSchema });
export type ImportMappingResponse = z.infer<typeof ImportMappingResponseSchema>;

/** How long after it finished an import may be undone. */
export const IMPORT_UNDO_DAYS = 7;
/** Rows shown by the preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** At most this many saved mappings per kind. */
export const MAX_SAVED_MAPPINGS = 100;

export const IMPORT_ERRORS = {
  IMPORT_NOT_FOUND: 'Import not found.',
  MAPPING_NOT_FOUND: 'Saved mapping not found.',
  NO_FILE: 'Choose a file to import.',
  BAD_MAPPING: 'Check the column mapping.',
  MAPPING_COLUMNS: 'Give one target per column of the file.',
  ALREADY_STARTED: 'This import has already been started.',
  NOT_UNDOABLE: 'Only a finished import can be undone.',
  UNDO_EXPIRED: `An import can be undone for ${IMPORT_UNDO_DAYS} days after it finished; this one can no longer be.`,
  UNDO_BLOCKED: 'Some records this import created or updated were changed since, so it cannot be undone.',
  AGENCY_NOT_HERE: 'An agency archive is imported as a whole, not mapped: use the agency import.',
  TOO_MANY_MAPPINGS: `Keep at most ${MAX_SAVED_MAPPINGS} saved mappings per kind.`,
} as const;
