import { Readable } from 'node:stream';
import type { ImportKind } from '@recruitdesk/contracts/import-fields';
import {
  IMPORT_ERRORS,
  IMPORT_PREVIEW_ROWS,
  MAX_SAVED_MAPPINGS,
  type DuplicatePolicy,
  type ImportListResponse,
  type ImportMapping,
  type ImportMappingInput,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportRunInput,
  type ImportUploadKind,
  type ImportView,
} from '@recruitdesk/contracts/imports';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import type { JobView } from '../../lib/jobs';
import { assertUserType } from '../../lib/permissions';
import { slot } from '../../lib/slot';
import { displayName, type UserRow } from '../users/users.service';
import { importFileKey, localImportFile, removeUpload, storeImportFile } from './import-file';
import { ImportPlanner, mappingProblems, type PlannedRow } from './import-plan';
import { IMPORT_JOB_KIND, importInputOf, sheetInfoOf, type ImportJobPayload } from './import-run';
import { undoImportRows } from './import-undo';
import {
  countMappingRows,
  deleteMappingRow,
  findImportRow,
  insertImportRow,
  insertMappingRow,
  listImportRows,
  listMappingRows,
  refusedPreviews,
  refusedRowsPage,
  updateImportRow,
} from './imports.repository';
import type { ImportMappingRow, ImportRow } from './imports.table';
import { inspectFile, readRows, suggestMapping } from './reading';

export { IMPORT_JOB_KIND, runImport, importRunSettings } from './import-run';

/** Owners and superusers import; everyone else is refused before anything is read. */
const assertImporter = (actor: UserRow) => assertUserType(actor, 'superuser');

const notFound = () => new AppError('IMPORT_NOT_FOUND', 404, IMPORT_ERRORS.IMPORT_NOT_FOUND);

/** The agency archive (kind `agency`) is imported by the export module, which fills this at start-up. */
export const agencyImporter =
  slot<(deps: Deps, actor: UserRow, file: { path: string; filename: string; size: number }) => Promise<ImportView>>(
    'imports.agencyImporter',
  );
let agencyImporterProvided = false;
export function provideAgencyImporter(handler: Parameters<typeof agencyImporter.provide>[0]): void {
  agencyImporter.provide(handler);
  agencyImporterProvided = true;
}

const ERRORS_PREVIEWED = 20;
/** Sample values shown per column (the file's first rows). */
const COLUMN_SAMPLES = 5;

function toView(row: ImportRow, errors: Array<{ line: number; reason: string }>, job: JobView | null): ImportView {
  const jobFailed = job?.state === 'failed' && (row.status === 'queued' || row.status === 'running');
  const active = row.status === 'queued' || row.status === 'running';
  return {
    id: row.id,
    kind: row.kind as ImportUploadKind,
    filename: row.filename,
    status: jobFailed ? 'failed' : (row.status as ImportView['status']),
    created_at: row.createdAt.toISOString(),
    created_by: { id: row.createdById, name: row.createdByName },
    format: row.format as ImportView['format'],
    encoding: row.encoding,
    delimiter: row.delimiter,
    columns: row.headers.map((header, index) => ({
      index,
      header,
      samples: row.sampleRows.slice(0, COLUMN_SAMPLES).map((sample) => sample[index] ?? ''),
    })),
    suggested_mapping: row.suggestedMapping,
    preset: row.preset,
    mapping: row.mapping,
    duplicate_policy: row.duplicatePolicy as DuplicatePolicy | null,
    total_rows: row.totalRows,
    progress: {
      done: row.rowsDone,
      total: row.totalRows,
      eta_seconds: active && job ? job.progress.etaSeconds : null,
    },
    counts: {
      created: row.createdCount,
      updated: row.updatedCount,
      skipped: row.skippedCount,
      refused: row.refusedCount,
    },
    errors_preview: errors,
    error: jobFailed ? (job?.error ?? 'The import failed.') : row.error,
    undo_until: row.status === 'succeeded' && row.undoUntil ? row.undoUntil.toISOString() : null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    undone_at: row.undoneAt?.toISOString() ?? null,
  };
}

async function presentImport(deps: Deps, row: ImportRow): Promise<ImportView> {
  const [errors, job] = await Promise.all([
    refusedPreviews(deps.db, [row.id], ERRORS_PREVIEWED),
    row.jobId !== null && (row.status === 'queued' || row.status === 'running')
      ? deps.jobs.get(row.jobId)
      : Promise.resolve(null),
  ]);
  return toView(row, errors.get(row.id) ?? [], job);
}

async function requireImport(deps: Deps, id: number): Promise<ImportRow> {
  const row = await findImportRow(deps.db, id);
  if (!row) throw notFound();
  return row;
}

/** The user's file name as shown (no folders, no control characters, at most 255 characters). */
const displayFilename = (name: string): string =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'import';

export interface ReceivedFile {
  path: string;
  filename: string;
  size: number;
}

/** POST /api/imports/: the file read (encoding, delimiter, columns, limits), stored, and the mapping suggested. */
export async function uploadImport(
  deps: Deps,
  actor: UserRow,
  kind: ImportUploadKind,
  file: ReceivedFile,
): Promise<ImportView> {
  assertImporter(actor);
  try {
    if (kind === 'agency') {
      if (!agencyImporterProvided) throw new AppError('AGENCY_NOT_HERE', 400, IMPORT_ERRORS.AGENCY_NOT_HERE);
      return await agencyImporter.get()(deps, actor, file);
    }
    const filename = displayFilename(file.filename);
    const info = await inspectFile(file.path, filename);
    const suggestion = suggestMapping(kind, info.headers, info.sampleRows);
    const key = importFileKey();
    await storeImportFile(deps, file.path, key);
    const row = await insertImportRow(deps.db, {
      kind,
      filename,
      fileKey: key,
      fileSize: file.size,
      format: info.format,
      encoding: info.encoding,
      delimiter: info.delimiter,
      headers: info.headers,
      sampleRows: info.sampleRows,
      suggestedMapping: suggestion.targets,
      preset: suggestion.preset,
      columnHints: suggestion.hints,
      totalRows: info.rowCount,
      createdById: actor.id,
      createdByName: displayName(actor),
      createdAt: deps.config.now(),
    });
    return await presentImport(deps, row);
  } finally {
    await removeUpload(file.path);
  }
}

export async function getImport(deps: Deps, actor: UserRow, id: number): Promise<ImportView> {
  assertImporter(actor);
  return presentImport(deps, await requireImport(deps, id));
}

export async function listImports(
  deps: Deps,
  actor: UserRow,
  query: { page: number; page_size: number },
): Promise<Omit<ImportListResponse, 'success'>> {
  assertImporter(actor);
  const { rows, count } = await listImportRows(deps.db, query.page_size, (query.page - 1) * query.page_size);
  const errors = await refusedPreviews(
    deps.db,
    rows.map((row) => row.id),
    ERRORS_PREVIEWED,
  );
  return { imports: rows.map((row) => toView(row, errors.get(row.id) ?? [], null)), count };
}

function checkMapping(row: ImportRow, input: ImportRunInput): void {
  if (row.kind === 'agency') throw new AppError('AGENCY_NOT_HERE', 400, IMPORT_ERRORS.AGENCY_NOT_HERE);
  const problems = mappingProblems(row.kind as ImportKind, row.headers, input.mapping);
  if (problems) throw fieldsError(problems, 'BAD_MAPPING');
}

const previewValue = (value: unknown): ImportPreviewRow['values'][string] =>
  value === null || value === undefined
    ? null
    : typeof value === 'number' || typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map(String)
        : value instanceof Date
          ? value.toISOString()
          : JSON.stringify(value);

function toPreviewRow(row: PlannedRow): ImportPreviewRow {
  return {
    line: row.line,
    values: Object.fromEntries(Object.entries(row.values).map(([key, value]) => [key, previewValue(value)])),
    problems: row.reason && row.problems.length === 0 ? [{ field: '', message: row.reason }] : row.problems,
    action: row.action,
    duplicate: row.duplicate,
  };
}

/**
 * The first rows as they will be stored and the totals over the whole file, under the mapping and the
 * policy: the file streamed in batches, each batch's duplicates looked up in one query per kind of key.
 */
export async function previewImport(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: ImportRunInput,
): Promise<Omit<ImportPreviewResponse, 'success'>> {
  assertImporter(actor);
  const row = await requireImport(deps, id);
  if (row.status !== 'uploaded') throw new AppError('ALREADY_STARTED', 409, IMPORT_ERRORS.ALREADY_STARTED);
  checkMapping(row, input);
  const { input: planInput } = await importInputOf(
    deps.db,
    row,
    input.mapping,
    input.duplicate_policy,
    deps.config.now(),
  );
  const planner = new ImportPlanner(planInput, { keepAcrossBatches: true });
  const file = await localImportFile(deps, row.fileKey);
  const rows: ImportPreviewRow[] = [];
  const totals = { create: 0, update: 0, skip: 0, refuse: 0 };
  for await (const batch of readRows(file, sheetInfoOf(row), { batchSize: 500 })) {
    for (const planned of await planner.planBatch(deps.db, batch)) {
      totals[planned.action] += 1;
      if (rows.length < IMPORT_PREVIEW_ROWS) rows.push(toPreviewRow(planned));
    }
  }
  return { rows, totals };
}

/** Validates the mapping and queues the job in the transaction that marks the import queued (once). */
export async function startImport(deps: Deps, actor: UserRow, id: number, input: ImportRunInput): Promise<ImportView> {
  assertImporter(actor);
  checkMapping(await requireImport(deps, id), input);
  const row = await inTransaction(deps.db, async (tx) => {
    const locked = await findImportRow(tx, id, { forUpdate: true });
    if (!locked) throw notFound();
    if (locked.status !== 'uploaded') throw new AppError('ALREADY_STARTED', 409, IMPORT_ERRORS.ALREADY_STARTED);
    const job = await deps.jobs.enqueue<ImportJobPayload>(tx, {
      kind: IMPORT_JOB_KIND,
      payload: { importId: id },
      uniqueKey: `import:${id}`,
    });
    return updateImportRow(tx, id, {
      status: 'queued',
      mapping: input.mapping,
      duplicatePolicy: input.duplicate_policy,
      jobId: job.id,
    });
  });
  return presentImport(deps, row);
}

export async function undoImport(deps: Deps, actor: UserRow, id: number): Promise<ImportView> {
  assertImporter(actor);
  return presentImport(deps, await undoImportRows(deps, actor, id));
}

/** One CSV value: quoted, and text a spreadsheet would run as a formula defused with a leading apostrophe. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvLine = (cells: Array<string | number>) => `${cells.map(csvCell).join(',')}\r\n`;

/** GET report.csv: each refused row (line, reason, its original cells), streamed page by page. */
export async function importReport(
  deps: Deps,
  actor: UserRow,
  id: number,
): Promise<{ filename: string; body: Readable }> {
  assertImporter(actor);
  const row = await requireImport(deps, id);
  const db = deps.db;
  async function* lines() {
    yield `\ufeff${csvLine(['Line', 'Reason', ...row.headers])}`;
    let after = 0;
    for (;;) {
      const page = await refusedRowsPage(db, id, after, 1000);
      if (page.length === 0) return;
      yield page.map((item) => csvLine([item.line, item.reason, ...item.cells])).join('');
      after = page[page.length - 1]?.line ?? after;
    }
  }
  const base = row.filename.replace(/\.[^.]*$/, '') || 'import';
  return { filename: `${base}-refused-rows.csv`, body: Readable.from(lines()) };
}

// ---- saved mappings ----

function toApiMapping(row: ImportMappingRow): ImportMapping {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ImportMapping['kind'],
    headers: row.headers,
    targets: row.targets,
    created_by: { id: row.createdById, name: row.createdByName },
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMappings(deps: Deps, actor: UserRow, kind: ImportKind | undefined): Promise<ImportMapping[]> {
  assertImporter(actor);
  return (await listMappingRows(deps.db, kind)).map(toApiMapping);
}

export async function createMapping(deps: Deps, actor: UserRow, input: ImportMappingInput): Promise<ImportMapping> {
  assertImporter(actor);
  const problems = mappingProblems(input.kind, input.headers, input.targets);
  if (problems) throw fieldsError({ targets: problems.mapping ?? [] }, 'BAD_MAPPING');
  if ((await countMappingRows(deps.db, input.kind)) >= MAX_SAVED_MAPPINGS)
    throw new AppError('TOO_MANY_MAPPINGS', 409, IMPORT_ERRORS.TOO_MANY_MAPPINGS);
  try {
    const row = await insertMappingRow(deps.db, {
      name: input.name,
      kind: input.kind,
      headers: input.headers,
      targets: input.targets,
      createdById: actor.id,
      createdByName: displayName(actor),
      createdAt: deps.config.now(),
    });
    return toApiMapping(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldsError({ name: ['A mapping with this name already exists.'] });
    throw error;
  }
}

export async function deleteMapping(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertImporter(actor);
  if (!(await deleteMappingRow(deps.db, id)))
    throw new AppError('MAPPING_NOT_FOUND', 404, IMPORT_ERRORS.MAPPING_NOT_FOUND);
}
