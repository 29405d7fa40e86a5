/**
 * TEMPORARY FALLBACK (import-server branch): a minimal CSV-only stand-in with the agreed interface of the
 * reading module, so the import service can be built and tested before helper "import-read"'s branch lands.
 * On merging main, this file is replaced by the real one (`git checkout --theirs`).
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type {
  ImportColumnTarget,
  ImportKind,
  ImportPresetId,
  ImportTargetField,
} from '@recruitdesk/contracts/import-fields';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '@recruitdesk/contracts/import-fields';
import { IMPORT_TARGET_FIELDS } from '@recruitdesk/contracts/import-fields';
import { AppError } from '../../../lib/errors';

export const IMPORT_FILE_MAX_BYTES = IMPORT_MAX_FILE_BYTES;

export type ImportFileErrorCode =
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'ARCHIVE_TOO_LARGE'
  | 'UNREADABLE_FILE'
  | 'EMPTY_FILE'
  | 'UNSUPPORTED_FILE';

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
  fromRow?: number;
  batchSize?: number;
  signal?: AbortSignal;
}
export interface ImportRow {
  line: number;
  cells: string[];
}
export interface ColumnHint {
  dateOrder?: 'dmy' | 'mdy';
  decimalComma?: boolean;
}
export interface NormaliseContext {
  defaultCountry: string;
  currency: string;
  hint?: ColumnHint;
}

/** Test hook of the fallback: lower limits. */
export const fallbackLimits = { rows: IMPORT_MAX_ROWS, columns: IMPORT_MAX_COLUMNS };

function parser(path: string, delimiter: string) {
  return createReadStream(path).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
}

export async function inspectFile(path: string, originalName: string): Promise<SheetInfo> {
  if (!/\.(csv|txt|tsv)$/i.test(originalName)) throw new ImportFileError('UNSUPPORTED_FILE', 'Use a CSV file.');
  const first = await new Promise<string>((resolve, reject) => {
    const stream = createReadStream(path, { start: 0, end: 4095, encoding: 'utf8' });
    let text = '';
    stream.on('data', (chunk) => (text += String(chunk)));
    stream.on('end', () => resolve(text));
    stream.on('error', reject);
  });
  const line = first.split(/\r?\n/)[0] ?? '';
  const delimiter = [',', ';', '\t'].sort((a, b) => line.split(b).length - line.split(a).length)[0] ?? ',';
  let headers: string[] | null = null;
  const sampleRows: string[][] = [];
  let rowCount = 0;
  for await (const record of parser(path, delimiter) as AsyncIterable<{ record: string[] }>) {
    if (!headers) {
      headers = record.record.map((cell) => cell.trim());
      if (headers.length > fallbackLimits.columns)
        throw new ImportFileError('TOO_MANY_COLUMNS', `A file may have at most ${fallbackLimits.columns} columns.`);
      continue;
    }
    rowCount += 1;
    if (rowCount > fallbackLimits.rows)
      throw new ImportFileError('TOO_MANY_ROWS', `A file may have at most ${fallbackLimits.rows} rows.`);
    if (sampleRows.length < 5) sampleRows.push(record.record);
  }
  if (!headers) throw new ImportFileError('EMPTY_FILE', 'The file is empty.');
  return { format: 'csv', encoding: 'utf-8', delimiter, headers, sampleRows, rowCount };
}

export function readRows(path: string, info: SheetInfo, options: ReadRowsOptions = {}): AsyncIterable<ImportRow[]> {
  const fromRow = options.fromRow ?? 0;
  const batchSize = options.batchSize ?? 500;
  return {
    async *[Symbol.asyncIterator]() {
      let index = -1;
      let batch: ImportRow[] = [];
      for await (const record of parser(path, info.delimiter ?? ',') as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        options.signal?.throwIfAborted();
        index += 1;
        if (index === 0 || index - 1 < fromRow) continue;
        batch.push({ line: record.info.lines, cells: record.record });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
  };
}

export interface MappingSuggestion {
  preset: ImportPresetId;
  targets: ImportColumnTarget[];
  hints: ColumnHint[];
}

export function suggestMapping(kind: ImportKind, headers: string[], sampleRows: string[][]): MappingSuggestion {
  void sampleRows;
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const fields = IMPORT_TARGET_FIELDS[kind];
  const used = new Set<string>();
  const targets = headers.map((header) => {
    const field = fields.find(
      (candidate) =>
        !used.has(candidate.key) &&
        (squash(candidate.key) === squash(header) || squash(candidate.label) === squash(header)),
    );
    if (!field) return 'note';
    used.add(field.key);
    return field.key;
  });
  return { preset: null, targets, hints: headers.map(() => ({})) };
}

export interface MappedRow {
  values: Record<string, unknown>;
  problems: { field: string; message: string }[];
  note: string | null;
}

export function splitFullName(fullName: string): { first: string; last: string } {
  const text = fullName.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma > 0) return { first: text.slice(comma + 1).trim(), last: text.slice(0, comma).trim() };
  const space = text.indexOf(' ');
  if (space < 0) return { first: text, last: '' };
  return { first: text.slice(0, space), last: text.slice(space + 1) };
}

const REQUIRED: Record<ImportKind, readonly { key: string; message: string }[]> = {
  candidates: [
    { key: 'first_name', message: 'The first name is missing.' },
    { key: 'last_name', message: 'The last name is missing.' },
  ],
  clients: [{ key: 'name', message: 'The client name is missing.' }],
  roles: [
    { key: 'title', message: 'The job title is missing.' },
    { key: 'client_name', message: 'The client is missing.' },
  ],
};

export function mapRow(
  kind: ImportKind,
  headers: readonly string[],
  targets: readonly ImportColumnTarget[],
  cells: readonly string[],
  context: NormaliseContext,
  hints: readonly (ColumnHint | undefined)[] = [],
): MappedRow {
  void hints;
  const values: Record<string, unknown> = {};
  const problems: MappedRow['problems'] = [];
  const noteLines: string[] = [];
  targets.forEach((target, column) => {
    const raw = cells[column] ?? '';
    if (target === 'ignore') return;
    if (target === 'note') {
      const text = raw.trim();
      if (text) noteLines.push(`${headers[column] ?? `Column ${column + 1}`}: ${text}`);
      return;
    }
    const field = IMPORT_TARGET_FIELDS[kind].find((item) => item.key === target);
    if (!field) return;
    const { value, problem } = normaliseCell(field, raw, context);
    if (problem) problems.push({ field: field.key, message: problem });
    if (value === null || value === undefined) return;
    if (field.type === 'skills') {
      values[field.key] = [
        ...new Set([...((values[field.key] as string[] | undefined) ?? []), ...(value as string[])]),
      ];
      return;
    }
    values[field.key] = value;
  });
  if (kind === 'candidates' && typeof values.full_name === 'string') {
    const { first, last } = splitFullName(values.full_name);
    if (values.first_name === undefined && first) values.first_name = first;
    if (values.last_name === undefined && last) values.last_name = last;
    delete values.full_name;
  }
  for (const { key, message } of REQUIRED[kind]) {
    if (values[key] === undefined && !problems.some((problem) => problem.field === key)) {
      problems.push({ field: key, message });
    }
  }
  const note = [typeof values.notes === 'string' ? values.notes : '', ...noteLines].filter(Boolean).join('\n');
  delete values.notes;
  return { values, problems, note: note || null };
}

export function detectColumnHints(values: readonly string[]): ColumnHint {
  void values;
  return {};
}

export function normaliseCell(
  field: ImportTargetField,
  raw: string,
  context: NormaliseContext,
): { value: unknown; problem: string | null } {
  const text = raw.trim();
  if (text === '') return { value: null, problem: null };
  const tooLong = field.maxLength !== undefined && text.length > field.maxLength;
  switch (field.type) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)
        ? { value: text.toLowerCase(), problem: tooLong ? `Use at most ${field.maxLength} characters.` : null }
        : { value: null, problem: 'Not a valid email address.' };
    case 'phone': {
      const e164 = normalisePhoneE164(text, context.defaultCountry);
      return e164 ? { value: e164, problem: null } : { value: text, problem: 'Not a phone number; kept as written.' };
    }
    case 'url': {
      const url = /^https?:\/\//i.test(text) ? text : `https://${text}`;
      return /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url)
        ? { value: url, problem: null }
        : { value: null, problem: 'Not a web address.' };
    }
    case 'date': {
      const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
      if (iso) return { value: `${iso[1]}-${iso[2]}-${iso[3]}`, problem: null };
      const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      if (us) return { value: `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`, problem: null };
      return { value: null, problem: 'Not a date.' };
    }
    case 'integer': {
      const value = Number(text);
      if (!Number.isInteger(value)) return { value: null, problem: 'Not a whole number.' };
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max))
        return { value: null, problem: `Use ${field.min} to ${field.max}.` };
      return { value, problem: null };
    }
    case 'money': {
      const value = Number(text.replace(/[^\d.-]/g, ''));
      return Number.isFinite(value) && /\d/.test(text)
        ? { value: Math.round(value * 100), problem: null }
        : { value: null, problem: 'Not an amount.' };
    }
    case 'enum': {
      const option = field.options?.find((item) => item.toLowerCase() === text.toLowerCase().replace(/\s+/g, '_'));
      return option ? { value: option, problem: null } : { value: null, problem: `Unknown value “${text}”.` };
    }
    case 'skills':
      return {
        value: [
          ...new Set(
            text
              .split(/[,;|/\n]/)
              .map((item) => item.trim())
              .filter(Boolean),
          ),
        ],
        problem: null,
      };
    default:
      return tooLong
        ? { value: text.slice(0, field.maxLength), problem: `Use at most ${field.maxLength} characters.` }
        : { value: text, problem: null };
  }
}

export function normalisePhoneE164(raw: string, defaultCountry: string): string | null {
  const digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (raw.trim().startsWith('00')) return digits.length >= 10 ? `+${digits.slice(2)}` : null;
  if ((defaultCountry === 'US' || defaultCountry === '') && digits.length === 10) return `+1${digits}`;
  if ((defaultCountry === 'US' || defaultCountry === '') && digits.length === 11 && digits.startsWith('1'))
    return `+${digits}`;
  return null;
}
