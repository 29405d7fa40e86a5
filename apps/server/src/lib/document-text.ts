import { Worker } from 'node:worker_threads';

/** The document kinds uploads accept (modules/files/document-upload.service.ts). */
export type DocumentKind = 'pdf' | 'docx' | 'txt';

export interface ExtractTextOptions {
  /** The extraction is stopped after this long (the worker is terminated). */
  timeoutMs?: number;
  /** Text beyond this many characters is dropped (a resume is a few thousand). */
  maxChars?: number;
  /** PDF pages read at most. */
  maxPages?: number;
  /** The worker's heap cap: a zip bomb or a hostile PDF ends the worker, not the server. */
  maxMemoryMb?: number;
}

export type ExtractTextResult =
  { ok: true; text: string } | { ok: false; reason: 'unsupported' | 'failed' | 'timeout' | 'empty'; detail?: string };

const DEFAULTS = {
  timeoutMs: 20_000,
  maxChars: 100_000,
  maxPages: 50,
  maxMemoryMb: 256,
} satisfies Required<ExtractTextOptions>;

/** The worker beside this module: src/lib in development and tests, dist/ in the bundle (build.mjs copies it). */
const WORKER_URL = new URL('./document-text.worker.mjs', import.meta.url);

/**
 * Searchable text: NUL and other control characters (PostgreSQL text refuses NUL) become spaces, runs of
 * blanks collapse, at most `maxChars` characters.
 */
export function cleanExtractedText(text: string, maxChars = DEFAULTS.maxChars): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .replace(/ ?\r?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, maxChars)
  );
}

/**
 * The plain text of a PDF or DOCX, read in a worker thread with a time-out and a memory cap. Never
 * throws: a file whose text cannot be read (scanned, damaged, encrypted, too slow) gives `ok: false`.
 */
export function extractDocumentText(
  kind: DocumentKind,
  bytes: Buffer,
  options: ExtractTextOptions = {},
): Promise<ExtractTextResult> {
  const settings = { ...DEFAULTS, ...options };
  if (kind === 'txt') {
    const text = cleanExtractedText(bytes.toString('utf8'), settings.maxChars);
    return Promise.resolve(text ? { ok: true, text } : { ok: false, reason: 'empty' });
  }
  if (kind !== 'pdf' && kind !== 'docx') return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    let settled = false;
    let worker: Worker;
    const finish = (result: ExtractTextResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate().catch(() => undefined);
      resolve(result);
    };
    try {
      worker = new Worker(WORKER_URL, {
        workerData: { kind, bytes: new Uint8Array(bytes), maxChars: settings.maxChars, maxPages: settings.maxPages },
        resourceLimits: { maxOldGenerationSizeMb: settings.maxMemoryMb, maxYoungGenerationSizeMb: 32 },
        stdout: true,
        stderr: true,
      });
    } catch (error) {
      resolve({ ok: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) });
      return;
    }
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), settings.timeoutMs);
    // PDF.js warnings go to the worker's console; they are not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (message: { ok: boolean; text?: string; error?: string }) => {
      if (!message.ok) return finish({ ok: false, reason: 'failed', detail: message.error ?? 'unknown error' });
      const text = cleanExtractedText(message.text ?? '', settings.maxChars);
      finish(text ? { ok: true, text } : { ok: false, reason: 'empty' });
    });
    worker.on('error', (error) => finish({ ok: false, reason: 'failed', detail: error.message }));
    worker.on('exit', (code) => finish({ ok: false, reason: 'failed', detail: `worker exited with code ${code}` }));
  });
}
