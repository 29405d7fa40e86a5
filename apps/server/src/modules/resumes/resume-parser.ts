/**
 * `parseResumeFile`: a resume file's kind checked by its content, then its text and fields read in a
 * long-lived worker thread (resume-parse.worker.ts) with a time-out and a memory cap: a file that is too
 * slow or too big ends the worker (a fresh one takes the next file), never the server. Jobs wait in a
 * queue; `RESUME_WORKERS` workers at most (1 by default: the extraction is CPU work).
 */
import type { ParsedResume } from '@recruitdesk/contracts/resumes';
import { Worker } from 'node:worker_threads';
import type { DocumentKind } from '../../lib/document-text';
import { AppError } from '../../lib/errors';
import { looksLike } from '../files/document-upload.service';
import type { SkillVocabulary } from '../skills/skills.service';
import type { ResumeJob, ResumeJobResult } from './resume-parse.worker';

export const RESUME_PARSE_TIMEOUT_MS = 20_000;
const MAX_MEMORY_MB = 384;
/** A worker with nothing to do for this long is ended (its PDF.js memory given back). */
const IDLE_MS = 60_000;

export const NO_TEXT_WARNING =
  'No text could be read from this file (a scanned image or an empty document?): fill the fields by hand.';

/** The kind of a resume by its content (the name and the declared type only break a tie). */
export function resumeKindOf(file: { buffer: Buffer; filename: string; contentType: string }): DocumentKind | null {
  if (looksLike('pdf', file.buffer)) return 'pdf';
  if (looksLike('docx', file.buffer)) return 'docx';
  if (file.buffer.length > 0 && looksLike('txt', file.buffer)) return 'txt';
  return null;
}

function workerEntry(): Worker {
  const options = {
    resourceLimits: { maxOldGenerationSizeMb: MAX_MEMORY_MB, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  } as const;
  if (import.meta.url.endsWith('.ts')) {
    // Development and tests run TypeScript through tsx: register it in the worker, then load the entry.
    const entry = new URL('./resume-parse.worker.ts', import.meta.url).href;
    return new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
      { ...options, eval: true },
    );
  }
  // The bundle: dist/resume-parse.worker.js beside dist/server.js (build.mjs).
  return new Worker(new URL('./resume-parse.worker.js', import.meta.url), options);
}

interface Pending {
  job: ResumeJob;
  resolve(result: ResumeJobResult): void;
}

class ResumeWorker {
  private worker: Worker | null = null;
  private current: { pending: Pending; timer: NodeJS.Timeout } | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly next: () => Pending | undefined) {}

  get busy(): boolean {
    return this.current !== null;
  }

  start(pending: Pending): void {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.ensure();
    const timer = setTimeout(() => this.fail('timeout'), RESUME_PARSE_TIMEOUT_MS);
    this.current = { pending, timer };
    worker.postMessage(pending.job);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = workerEntry();
    worker.unref();
    // PDF.js warnings go to the worker's console; they are not ours to print.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (result: ResumeJobResult) => {
      if (!this.current || this.current.pending.job.id !== result.id) return;
      this.finish(result);
    });
    worker.on('error', (error) => this.fail(error.message));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.fail('the resume worker stopped');
    });
    this.worker = worker;
    return worker;
  }

  private finish(result: ResumeJobResult): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = null;
    current.pending.resolve(result);
    const pending = this.next();
    if (pending) this.start(pending);
    else this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
  }

  private fail(reason: string): void {
    const current = this.current;
    if (!current) return;
    // A stuck or crashed worker is ended; the next job gets a fresh one.
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate().catch(() => undefined);
    this.finish({ id: current.pending.job.id, ok: false, error: reason });
  }

  stop(): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate().catch(() => undefined);
  }
}

const queue: Pending[] = [];
const size = Math.max(1, Math.min(4, Number(process.env.RESUME_WORKERS) || 1));
const workers: ResumeWorker[] = Array.from({ length: size }, () => new ResumeWorker(() => queue.shift()));
let nextId = 1;

function runJob(job: Omit<ResumeJob, 'id'>): Promise<ResumeJobResult> {
  return new Promise((resolve) => {
    const pending: Pending = { job: { ...job, id: nextId++ }, resolve };
    const free = workers.find((worker) => !worker.busy);
    if (free) free.start(pending);
    else queue.push(pending);
  });
}

/** Ends the workers (tests, shutdown); the next parse starts new ones. */
export function stopResumeWorkers(): void {
  for (const worker of workers) worker.stop();
}

export function emptyParsedResume(text: string, warnings: string[]): ParsedResume {
  return {
    first_name: null,
    last_name: null,
    email: null,
    phone: null,
    location: null,
    linkedin_url: null,
    github_url: null,
    portfolio_url: null,
    current_title: null,
    current_company: null,
    years_experience: null,
    skills: [],
    education: [],
    text,
    warnings,
  };
}

/**
 * The fields of one resume (PDF, DOCX or plain text, told apart by content): 415 for anything else; a
 * file with no readable text (a scan), a damaged one or one too slow to read gives empty fields and a
 * warning rather than an error, so the recruiter fills the form by hand.
 */
export async function parseResumeFile(
  file: { buffer: Buffer; filename: string; contentType: string },
  vocabulary: SkillVocabulary,
  options: { now?: Date } = {},
): Promise<ParsedResume> {
  const kind = resumeKindOf(file);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The resume must be a PDF, DOCX or plain-text file.');
  const result = await runJob({
    kind,
    bytes: new Uint8Array(file.buffer),
    vocabulary: { version: vocabulary.version, custom: vocabulary.custom },
    now: (options.now ?? new Date()).toISOString(),
  });
  if (!result.ok) {
    const reason = result.error === 'timeout' ? 'took too long to read' : 'could not be read (damaged or protected?)';
    return emptyParsedResume('', [`This file ${reason}: fill the fields by hand.`]);
  }
  if (!result.fields) return emptyParsedResume('', [NO_TEXT_WARNING]);
  return { ...result.fields };
}
