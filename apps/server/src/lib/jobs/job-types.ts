import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import type { JobRow } from './jobs.table';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobContext<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  /** 1 on the first claim; a retry or a claim after a lost worker counts up. */
  attempt: number;
  /**
   * Persist progress (throttled to ~2 writes/s unless force); also renews the lease. Throws JobAbortedError
   * when the job was cancelled or another worker holds it now (its signal is aborted too).
   */
  progress(done: number, total?: number | null, options?: { note?: string; force?: boolean }): Promise<void>;
  /** Aborted on shutdown or when the lease was lost: stop at the next safe point (throw or return). */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The run_after the job was claimed at: a recurring job's scheduled time (one run per scheduled time). */
  scheduledFor?: Date;
}

export interface JobKindOptions {
  /** Claims before a failing job is 'failed' (default 3; recurring: per period). */
  maxAttempts?: number;
  /** How long a claim holds without a renewal (progress or the runner's heartbeat); default 60 s. */
  leaseMs?: number;
  /** Jobs of this kind one runner runs at once (default 1). */
  concurrency?: number;
}

export interface JobView {
  id: number;
  kind: string;
  state: JobState;
  attempts: number;
  progress: { done: number; total: number | null; note: string | null; etaSeconds: number | null };
  result: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface JobRunner {
  register<P>(kind: string, handler: (ctx: JobContext<P>) => Promise<unknown>, options?: JobKindOptions): void;
  registerRecurring(
    kind: string,
    schedule: { everyMs: number; firstRunAfterMs?: number },
    handler: (ctx: JobContext<null>) => Promise<unknown>,
    options?: JobKindOptions,
  ): void;
  /** Inside the caller's transaction when `executor` is one: the job exists only if the caller's write commits. */
  enqueue<P>(
    executor: Db,
    job: { kind: string; payload: P; runAfter?: Date; uniqueKey?: string },
  ): Promise<{ id: number }>;
  get(id: number): Promise<JobView | null>;
  cancel(id: number): Promise<void>;
  /** Begin polling/claiming (server.ts); buildApp for tests does not start it. */
  start(): void;
  /** Abort running handlers, release leases (app onClose). */
  stop(): Promise<void>;
  /** Tests: run every due job in this process, one after another, until none is due; returns how many ran. */
  drain(): Promise<number>;
}

/** The runner createJobRunner makes: the interface, plus its name in `locked_by`. */
export interface DbJobRunner extends JobRunner {
  /** host:pid:random. */
  readonly workerId: string;
}

/** Thrown by `progress()` (and the reason of `signal`) when the job must stop. */
export class JobAbortedError extends Error {
  constructor(readonly why: 'stopping' | 'lost' | 'cancelled') {
    super(
      why === 'stopping'
        ? 'The job runner is stopping.'
        : why === 'cancelled'
          ? 'The job was cancelled.'
          : 'The job is held by another worker now.',
    );
    this.name = 'JobAbortedError';
  }
}

/**
 * A failure whose message is safe to keep on the job row and show to the user (no personal data). An
 * AppError's message is too; any other error is recorded by its type only (its message may carry data).
 */
export class JobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobError';
  }
}

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs (default 1000 ms; enqueue wakes it at once in-process). */
  pollMs?: number;
  /** Jobs this runner runs at once, all kinds together (default 2). */
  concurrency?: number;
  /** The default lease of a kind (default 60 s). */
  leaseMs?: number;
  /** The first retry's delay; each next one doubles, up to an hour (default 10 s). */
  backoffBaseMs?: number;
  /** How long stop() waits for handlers to return after aborting them (default 10 s). */
  stopTimeoutMs?: number;
  /** Finished jobs older than this are deleted by the runner's own recurring sweep (default 30 days). */
  keepFinishedMs?: number;
}

const ERROR_MAX_LENGTH = 500;

/** The message kept on a failed job: safe errors' own, otherwise only the error's type. */
export function jobErrorMessage(error: unknown): string {
  const safe = error instanceof JobError || error instanceof AppError || error instanceof JobAbortedError;
  const message = safe
    ? error.message
    : `The job failed unexpectedly (${error instanceof Error ? error.name || 'Error' : typeof error}).`;
  return message.length > ERROR_MAX_LENGTH ? `${message.slice(0, ERROR_MAX_LENGTH - 1)}…` : message;
}

/** Seconds left at the rate since the attempt started (done / elapsed), when the total is known. */
export function estimateEtaSeconds(
  done: number,
  total: number | null,
  startedAt: Date | null,
  now: Date = new Date(),
): number | null {
  if (total == null || startedAt == null || done <= 0) return null;
  if (done >= total) return 0;
  const elapsedMs = now.getTime() - startedAt.getTime();
  if (elapsedMs <= 0) return null;
  return Math.ceil(((total - done) * elapsedMs) / done / 1000);
}

const iso = (value: Date | string | null): string | null =>
  value == null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/** Raw rows (db.execute) come back with snake_case keys and, on pg, timestamps as strings. */
export interface RawJob {
  id: number | string;
  kind: string;
  payload: unknown;
  state: JobState;
  attempts: number;
  max_attempts: number;
  run_after: Date | string;
  lease_until: Date | string | null;
  locked_by: string | null;
  progress_done: number;
  progress_total: number | null;
  progress_note: string | null;
  result: unknown;
  error: string | null;
  unique_key: string | null;
  recurring: boolean;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  updated_at: Date | string;
}

const toDate = (value: Date | string | null): Date | null =>
  value == null ? null : value instanceof Date ? value : new Date(value);

export function fromRaw(raw: RawJob): JobRow {
  return {
    id: Number(raw.id),
    kind: raw.kind,
    payload: raw.payload,
    state: raw.state,
    attempts: raw.attempts,
    maxAttempts: raw.max_attempts,
    runAfter: toDate(raw.run_after)!,
    leaseUntil: toDate(raw.lease_until),
    lockedBy: raw.locked_by,
    progressDone: raw.progress_done,
    progressTotal: raw.progress_total,
    progressNote: raw.progress_note,
    result: raw.result,
    error: raw.error,
    uniqueKey: raw.unique_key,
    recurring: raw.recurring,
    createdAt: toDate(raw.created_at)!,
    startedAt: toDate(raw.started_at),
    finishedAt: toDate(raw.finished_at),
    updatedAt: toDate(raw.updated_at)!,
  };
}

export function toJobView(row: JobRow, now: Date = new Date()): JobView {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    progress: {
      done: row.progressDone,
      total: row.progressTotal,
      note: row.progressNote,
      etaSeconds:
        row.state === 'running' ? estimateEtaSeconds(row.progressDone, row.progressTotal, row.startedAt, now) : null,
    },
    result: row.result ?? null,
    error: row.error,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}
