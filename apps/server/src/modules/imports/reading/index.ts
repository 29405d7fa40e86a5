/**
 * Reading import files (issue 31): CSV and XLSX read as streams with their limits, column-mapping
 * suggestions (header names, values, presets) and cell normalisation. The import service builds on these.
 * STUB: the final signatures; the bodies arrive in the next commits.
 */
import type {
  ImportColumnTarget,
  ImportKind,
  ImportPresetId,
  ImportTargetField,
} from '@recruitdesk/contracts/import-fields';
import { IMPORT_MAX_FILE_BYTES } from '@recruitdesk/contracts/import-fields';
import { AppError } from '../../../lib/errors';

/** The upload limit the route gives to multipart (50 MB). */
export const IMPORT_FILE_MAX_BYTES = IMPORT_MAX_FILE_BYTES;

export type ImportFileErrorCode =
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'ARCHIVE_TOO_LARGE'
  | 'UNREADABLE_FILE'
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_FILE';

/** A file the import cannot read: 413 for the size limits, 400 otherwise. */
export class ImportFileError extends AppError {
  constructor(code: ImportFileErrorCode, message: string) {
    super(code, code === 'FILE_TOO_LARGE' || code === 'ARCHIVE_TOO_LARGE' ? 413 : 400, message);
    this.name = 'ImportFileError';
  }
}

export interface SheetInfo {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
  headers: string[];
  sampleRows: string[][];
  rowCount: number;
}

export interface ReadRowsOptions {
  /** The first data row to give (0-based index among the data rows): a resumed job skips what it did. */
  fromRow?: number;
  batchSize?: number;
  signal?: AbortSignal;
}

export interface ImportRow {
  /** The line the user sees in the file (header = line 1 for CSV; the sheet row for XLSX). */
  line: number;
  cells: string[];
}

export interface NormaliseContext {
  defaultCountry: string;
  currency: string;
  /** Per-column evidence (from `detectColumnHints`): day-first dates, comma-decimal amounts. */
  hint?: ColumnHint;
}

export interface ColumnHint {
  dateOrder?: 'dmy' | 'mdy';
  decimalComma?: boolean;
}

export async function inspectFile(path: string, originalName: string): Promise<SheetInfo> {
  await Promise.resolve();
  throw new ImportFileError('UNREADABLE_FILE', `Not implemented yet: ${path} ${originalName}`);
}

export function readRows(path: string, info: SheetInfo, options: ReadRowsOptions = {}): AsyncIterable<ImportRow[]> {
  void path;
  void info;
  void options;
  return {
    async *[Symbol.asyncIterator]() {
      await Promise.resolve();
      yield* [];
    },
  };
}

export function suggestMapping(
  kind: ImportKind,
  headers: string[],
  sampleRows: string[][],
): { preset: ImportPresetId; targets: ImportColumnTarget[] } {
  void kind;
  void sampleRows;
  return { preset: null, targets: headers.map(() => 'ignore') };
}

/** Evidence read from a column's values: whether its dates are day-first, its amounts comma-decimal. */
export function detectColumnHints(values: readonly string[]): ColumnHint {
  void values;
  return {};
}

export function normaliseCell(
  field: ImportTargetField,
  raw: string,
  context: NormaliseContext,
): { value: unknown; problem: string | null } {
  void field;
  void context;
  return { value: raw.trim(), problem: null };
}

export function normalisePhoneE164(raw: string, defaultCountry: string): string | null {
  void raw;
  void defaultCountry;
  return null;
}
