import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_UNPACKED_BYTES,
} from '@recruitdesk/contracts/import-fields';
import { ImportFileError, type ImportFileErrorCode } from './errors';

/** The upload limit the route gives to multipart (50 MB). */
export const IMPORT_FILE_MAX_BYTES = IMPORT_MAX_FILE_BYTES;

/** What inspecting a file found: its format, how it is encoded, its columns, a sample and its size. */
export interface SheetInfo {
  format: 'csv' | 'xlsx';
  /** CSV: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'; null for XLSX. */
  encoding: string | null;
  /** CSV: ',' | ';' | '\t'; null for XLSX. */
  delimiter: string | null;
  /** One per column (blank headers become "Column C"); every row is padded or cut to this width. */
  headers: string[];
  /** The first 20 data rows. */
  sampleRows: string[][];
  /** Data rows (blank rows not counted). */
  rowCount: number;
}

export interface ReadRowsOptions {
  /** The first data row to give (0-based among the data rows, as rowCount counts them): a resumed job skips what it did. */
  fromRow?: number;
  /** Rows per batch (default 500). */
  batchSize?: number;
  /** Aborting stops the reading at the next batch and ends the iteration with the signal's reason. */
  signal?: AbortSignal;
}

export interface ImportRow {
  /** The line the user sees in the file: header = line 1 for CSV (where a multi-line record starts); the sheet row for XLSX. */
  line: number;
  cells: string[];
}

/** The worker's limits (shared with the worker as plain data). */
interface WorkerLimits {
  maxRows: number;
  maxColumns: number;
  maxUnpackedBytes: number;
  sampleRows: number;
  maxZipEntries: number;
  maxCellChars: number;
}

/** Overridable by tests only (to check a limit without building a file that size). */
export const readingLimits: WorkerLimits & { maxFileBytes: number; memoryMb: number; inspectTimeoutMs: number } = {
  maxFileBytes: IMPORT_MAX_FILE_BYTES,
  maxRows: IMPORT_MAX_ROWS,
  maxColumns: IMPORT_MAX_COLUMNS,
  maxUnpackedBytes: IMPORT_MAX_UNPACKED_BYTES,
  sampleRows: 20,
  maxZipEntries: 10_000,
  maxCellChars: 1_000_000,
  memoryMb: 384,
  inspectTimeoutMs: 5 * 60_000,
};

/** The worker beside this module: src/ in development and tests, dist/ in the bundle (build.mjs copies it). */
const WORKER_URL = new URL('./import-file.worker.mjs', import.meta.url);

type WorkerMessage =
  | { type: 'info'; info: SheetInfo }
  | { type: 'batch'; rows: ImportRow[] }
  | { type: 'done' }
  | { type: 'error'; code: ImportFileErrorCode; message: string; detail?: string }
  | { type: 'crash'; detail: string }
  | { type: 'abort' };

const MB = 1024 * 1024;
const unreadable = () => new ImportFileError('UNREADABLE_FILE', 'The file could not be read.');

function limitsForWorker(): WorkerLimits {
  const { maxRows, maxColumns, maxUnpackedBytes, sampleRows, maxZipEntries, maxCellChars } = readingLimits;
  return { maxRows, maxColumns, maxUnpackedBytes, sampleRows, maxZipEntries, maxCellChars };
}

/** Size and emptiness: the checks that need no reading (the kind is told by the bytes, in the worker). */
async function checkFile(path: string): Promise<void> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new ImportFileError('UNREADABLE_FILE', 'The uploaded file was not found. Upload it again.');
  }
  if (size > readingLimits.maxFileBytes) {
    throw new ImportFileError(
      'FILE_TOO_LARGE',
      `The file is larger than ${Math.round(readingLimits.maxFileBytes / MB)} MB. Split it into smaller files and import each.`,
    );
  }
  if (size === 0) throw new ImportFileError('EMPTY_FILE', 'The file is empty.');
}

/** Starts the worker; every message (and its failure or exit) is passed to `onMessage`. */
function startWorker(workerData: Record<string, unknown>, onMessage: (message: WorkerMessage) => void): Worker {
  const worker = new Worker(WORKER_URL, {
    workerData: { ...workerData, limits: limitsForWorker() },
    resourceLimits: { maxOldGenerationSizeMb: readingLimits.memoryMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  worker.on('message', (message: WorkerMessage) => onMessage(message));
  worker.on('error', (error) => onMessage({ type: 'crash', detail: error.message }));
  worker.on('exit', (code) => onMessage({ type: 'crash', detail: `worker exited with code ${code}` }));
  return worker;
}

function toError(message: Extract<WorkerMessage, { type: 'error' } | { type: 'crash' }>): ImportFileError {
  if (message.type === 'error') return new ImportFileError(message.code, message.message);
  if (/memory/i.test(message.detail)) {
    return new ImportFileError(
      'UNREADABLE_FILE',
      'The file needs more memory to read than an import may use. Save it as CSV, or split it, and upload it again.',
    );
  }
  return unreadable();
}

/**
 * Reads the whole file once, as a stream in a worker thread: detects the format (by its bytes), the CSV's
 * encoding and delimiter, the header row, counts the data rows, keeps the first 20; enforces every limit.
 * Throws ImportFileError (400/413) for a file it will not import.
 */
export async function inspectFile(path: string, originalName: string): Promise<SheetInfo> {
  await checkFile(path);
  const expectXlsx = extname(originalName).toLowerCase() === '.xlsx';
  const info = await new Promise<SheetInfo>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, result?: SheetInfo) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().catch(() => undefined);
      if (error) reject(error);
      else resolve(result as SheetInfo);
    };
    const worker = startWorker({ mode: 'inspect', path }, (message) => {
      if (message.type === 'info') finish(null, message.info);
      else if (message.type === 'error' || message.type === 'crash') finish(toError(message));
    });
    const timer = setTimeout(
      () => finish(new ImportFileError('UNREADABLE_FILE', 'Reading the file took too long. Split it and try again.')),
      readingLimits.inspectTimeoutMs,
    );
  });
  if (expectXlsx && info.format !== 'xlsx') {
    throw new ImportFileError('UNREADABLE_FILE', 'The file is not a valid XLSX workbook.');
  }
  return info;
}

/**
 * The data rows of an inspected file in batches, read again as a stream in a worker thread (one batch in
 * flight: memory stays flat whatever the file's size). Every row has `info.headers.length` cells.
 */
export function readRows(path: string, info: SheetInfo, options: ReadRowsOptions = {}): AsyncIterable<ImportRow[]> {
  return iterateRows(path, info, options);
}

async function* iterateRows(path: string, info: SheetInfo, options: ReadRowsOptions): AsyncGenerator<ImportRow[]> {
  const { fromRow = 0, batchSize = 500, signal } = options;
  signal?.throwIfAborted();
  const queue: WorkerMessage[] = [];
  let notify: (() => void) | null = null;
  const push = (message: WorkerMessage) => {
    queue.push(message);
    const wake = notify;
    notify = null;
    wake?.();
  };
  const worker = startWorker(
    {
      mode: 'read',
      path,
      format: info.format,
      encoding: info.encoding,
      delimiter: info.delimiter,
      width: info.headers.length,
      fromRow: Math.max(0, Math.floor(fromRow)),
      batchSize: Math.max(1, Math.floor(batchSize)),
    },
    push,
  );
  const onAbort = () => push({ type: 'abort' });
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (notify = resolve));
      const message = queue.shift() as WorkerMessage;
      if (message.type === 'batch') {
        yield message.rows;
        signal?.throwIfAborted();
        worker.postMessage({ type: 'next' });
      } else if (message.type === 'done') {
        return;
      } else if (message.type === 'abort') {
        signal?.throwIfAborted();
      } else if (message.type === 'error' || message.type === 'crash') {
        throw toError(message);
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate().catch(() => undefined);
  }
}
