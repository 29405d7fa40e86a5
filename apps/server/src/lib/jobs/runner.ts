import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
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
  scheduledFor: Date;
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
  /** This runner's name in `locked_by` (host:pid:random). */
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

/** The runner's own recurring job: deletes finished jobs older than `keepFinishedMs`. */
export const SWEEP_JOB_KIND = 'jobs.sweep';
const SWEEP_EVERY_MS = 6 * 3600_000;
const MAX_BACKOFF_MS = 3600_000;
const PROGRESS_WRITE_MS = 500;
const ERROR_MAX_LENGTH = 500;

interface Kind {
  handler: (ctx: JobContext<never>) => Promise<unknown>;
  maxAttempts: number;
  leaseMs: number;
  concurrency: number;
  recurring: { everyMs: number; firstRunAfterMs: number } | null;
  running: number;
}

interface Running {
  row: JobRow;
  controller: AbortController;
  done: Promise<void>;
}

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
interface RawJob {
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

function fromRaw(raw: RawJob): JobRow {
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

/**
 * The one durable job runner (design §6, decision 091): jobs are rows in `jobs`, claimed one at a time with
 * FOR UPDATE SKIP LOCKED under a lease, so several app servers on one PostgreSQL share the work and none
 * runs a job twice; a worker killed mid-job leaves its lease to run out and the job is claimed again.
 * Times (run_after, leases) are the database's clock, which every server shares.
 */
export function createJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}): JobRunner {
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 2;
  const defaultLeaseMs = options.leaseMs ?? 60_000;
  const backoffBaseMs = options.backoffBaseMs ?? 10_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const keepFinishedMs = options.keepFinishedMs ?? 30 * 24 * 3600_000;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  const kinds = new Map<string, Kind>();
  const running = new Map<number, Running>();
  let started = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let recurringEnsured = false;

  const backoffMs = (attempt: number) => Math.min(backoffBaseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);

  function addKind(
    kind: string,
    handler: Kind['handler'],
    kindOptions: JobKindOptions,
    recurring: Kind['recurring'],
  ): void {
    if (kinds.has(kind)) throw new Error(`Job kind "${kind}" is registered twice.`);
    kinds.set(kind, {
      handler,
      maxAttempts: Math.max(1, kindOptions.maxAttempts ?? 3),
      leaseMs: kindOptions.leaseMs ?? defaultLeaseMs,
      concurrency: Math.max(1, kindOptions.concurrency ?? 1),
      recurring,
      running: 0,
    });
    recurringEnsured = recurringEnsured && !recurring;
  }

  /** One row per recurring kind (unique_key = kind); a second server's insert does nothing. */
  async function ensureRecurring(): Promise<void> {
    if (recurringEnsured) return;
    for (const [kind, entry] of kinds) {
      if (!entry.recurring) continue;
      await db.execute(sql`
        insert into jobs (kind, payload, max_attempts, run_after, unique_key, recurring)
        values (${kind}, 'null'::jsonb, ${entry.maxAttempts},
                now() + ${entry.recurring.firstRunAfterMs} * interval '1 millisecond', ${kind}, true)
        on conflict (unique_key) where state in ('queued', 'running') do nothing`);
    }
    recurringEnsured = true;
  }

  /** Claims one due job of `claimable` kinds (queued and due, or running with its lease run out). */
  async function claim(claimable: string[]): Promise<JobRow | null> {
    if (claimable.length === 0) return null;
    const leases = JSON.stringify(Object.fromEntries(claimable.map((kind) => [kind, kinds.get(kind)!.leaseMs])));
    const kindList = sql.join(
      claimable.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      update jobs set
        state = 'running',
        lease_until = now() + ((${leases}::jsonb ->> kind)::int * interval '1 millisecond'),
        locked_by = ${workerId},
        attempts = attempts + 1,
        started_at = now(),
        finished_at = null,
        updated_at = now()
      where id = (
        select id from jobs
        where kind in (${kindList})
          and ((state = 'queued' and run_after <= now()) or (state = 'running' and lease_until < now()))
        order by run_after, id
        for update skip locked
        limit 1
      )
      returning *`);
    const raw = rowsOf<RawJob>(result)[0];
    return raw ? fromRaw(raw) : null;
  }

  /** The worker still holds the job: same runner, same claim, still running. */
  const held = (row: JobRow) =>
    sql`id = ${row.id} and state = 'running' and locked_by = ${workerId} and attempts = ${row.attempts}`;

  async function runClaimed(row: JobRow, controller: AbortController): Promise<void> {
    const kind = kinds.get(row.kind)!;
    if (row.attempts > row.maxAttempts && !row.recurring) {
      // Claimed again after its worker died on the last attempt: it gets no further run.
      await db.execute(sql`
        update jobs set state = 'failed', error = ${row.error ?? 'The job stopped without finishing too many times.'},
          lease_until = null, locked_by = null, finished_at = now(), updated_at = now()
        where ${held(row)}`);
      return;
    }
    const jobLog = log.child({ job: row.id, jobKind: row.kind, attempt: row.attempts });
    let pending: { done: number; total: number | null; note: string | null } | null = null;
    let lastWrite = 0;
    let lost = false;

    const renew = async (): Promise<void> => {
      const values = pending;
      pending = null;
      lastWrite = Date.now();
      const progressSet = values
        ? sql`, progress_done = ${values.done}, progress_total = ${values.total}, progress_note = ${values.note}`
        : sql``;
      const result = await db.execute(sql`
        update jobs set lease_until = now() + ${kind.leaseMs} * interval '1 millisecond', updated_at = now() ${progressSet}
        where ${held(row)}
        returning state`);
      if (rowsOf(result).length === 0 && !controller.signal.aborted) {
        lost = true;
        const now = rowsOf<{ state: string }>(await db.execute(sql`select state from jobs where id = ${row.id}`))[0];
        controller.abort(new JobAbortedError(now?.state === 'cancelled' ? 'cancelled' : 'lost'));
      }
    };

    // The lease is renewed while the handler runs, even if it reports no progress (a third of the lease).
    const heartbeat = setInterval(
      () => {
        renew().catch((error: unknown) => jobLog.warn({ err: error }, 'job lease renewal failed'));
      },
      Math.max(50, Math.floor(kind.leaseMs / 3)),
    );
    heartbeat.unref();

    const ctx: JobContext<never> = {
      id: row.id,
      kind: row.kind,
      payload: row.payload as never,
      attempt: row.attempts,
      signal: controller.signal,
      log: jobLog,
      scheduledFor: row.runAfter,
      async progress(done, total, progressOptions) {
        if (controller.signal.aborted) throw controller.signal.reason;
        pending = {
          done: Math.max(0, Math.floor(done)),
          total: total === undefined ? (pending?.total ?? row.progressTotal) : total == null ? null : Math.floor(total),
          note: progressOptions?.note ?? pending?.note ?? row.progressNote,
        };
        row.progressTotal = pending.total;
        row.progressNote = pending.note;
        if (progressOptions?.force || Date.now() - lastWrite >= PROGRESS_WRITE_MS) await renew();
        if (controller.signal.aborted) throw controller.signal.reason;
      },
    };

    let outcome: { ok: true; value: string } | { ok: false; error: unknown };
    try {
      const value = await kind.handler(ctx);
      let json: string;
      try {
        json = JSON.stringify(value === undefined ? null : value);
      } catch {
        throw new JobError('The job finished, but its result could not be stored.');
      }
      outcome = { ok: true, value: json };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearInterval(heartbeat);
    }

    const last = pending as { done: number; total: number | null; note: string | null } | null;
    const progressSet = last
      ? sql`, progress_done = ${last.done}, progress_total = ${last.total}, progress_note = ${last.note}`
      : sql``;
    if (lost) return; // Someone else's row now (or cancelled): nothing of this run is recorded.
    // A handler that returned a value finished its work, stopping or not.
    if (outcome.ok) {
      const result = outcome.value;
      if (kind.recurring) {
        await db.execute(sql`
          update jobs set state = 'queued', attempts = 0, lease_until = null, locked_by = null, error = null,
            result = ${result}::jsonb, finished_at = now(), updated_at = now(),
            run_after = case when run_after + ${kind.recurring.everyMs} * interval '1 millisecond' > now()
                             then run_after + ${kind.recurring.everyMs} * interval '1 millisecond'
                             else now() + ${kind.recurring.everyMs} * interval '1 millisecond' end
            ${progressSet}
          where ${held(row)}`);
      } else {
        await db.execute(sql`
          update jobs set state = 'succeeded', lease_until = null, locked_by = null, error = null,
            result = ${result}::jsonb, finished_at = now(), updated_at = now() ${progressSet}
          where ${held(row)}`);
      }
      return;
    }
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof JobAbortedError && reason.why === 'stopping') {
      // Shutdown: the job goes back to the queue at once, and this claim does not count as an attempt.
      await db.execute(sql`
        update jobs set state = 'queued', attempts = attempts - 1, lease_until = null, locked_by = null,
          run_after = now(), updated_at = now() ${progressSet}
        where ${held(row)}`);
      return;
    }
    const message = jobErrorMessage(outcome.error);
    jobLog.warn({ err: outcome.error }, 'job attempt failed');
    if (row.attempts < row.maxAttempts) {
      await db.execute(sql`
        update jobs set state = 'queued', lease_until = null, locked_by = null, error = ${message},
          run_after = now() + ${backoffMs(row.attempts)} * interval '1 millisecond', updated_at = now() ${progressSet}
        where ${held(row)}`);
    } else if (kind.recurring) {
      // A recurring job that failed every attempt of this period waits for the next one.
      await db.execute(sql`
        update jobs set state = 'queued', attempts = 0, lease_until = null, locked_by = null, error = ${message},
          finished_at = now(), updated_at = now(),
          run_after = now() + ${kind.recurring.everyMs} * interval '1 millisecond' ${progressSet}
        where ${held(row)}`);
    } else {
      await db.execute(sql`
        update jobs set state = 'failed', lease_until = null, locked_by = null, error = ${message},
          finished_at = now(), updated_at = now() ${progressSet}
        where ${held(row)}`);
    }
  }

  /** Runs a claimed job, tracking it so stop() and cancel() can abort it. */
  function track(row: JobRow): Running {
    const kind = kinds.get(row.kind)!;
    kind.running += 1;
    const entry: Running = { row, controller: new AbortController(), done: Promise.resolve() };
    entry.done = runClaimed(row, entry.controller)
      .catch((error: unknown) => log.error({ err: error, job: row.id, jobKind: row.kind }, 'job bookkeeping failed'))
      .finally(() => {
        kind.running -= 1;
        running.delete(row.id);
        wake?.();
      });
    running.set(row.id, entry);
    return entry;
  }

  const claimableKinds = () =>
    [...kinds.entries()].filter(([, entry]) => entry.running < entry.concurrency).map(([kind]) => kind);

  async function pollLoop(): Promise<void> {
    let failures = 0;
    while (started && !stopping) {
      let claimed = false;
      try {
        await ensureRecurring();
        if (running.size < concurrency) {
          const row = await claim(claimableKinds());
          if (row) {
            claimed = true;
            track(row);
          }
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1 || failures % 30 === 0) log.warn({ err: error }, 'job runner: claiming failed');
      }
      if (claimed && running.size < concurrency) continue;
      const waitMs = failures ? Math.min(pollMs * 2 ** failures, 30_000) : pollMs;
      if (!started) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  }

  const runner: JobRunner = {
    workerId,
    register(kind, handler, kindOptions = {}) {
      addKind(kind, handler as Kind['handler'], kindOptions, null);
    },
    registerRecurring(kind, schedule, handler, kindOptions = {}) {
      if (!(schedule.everyMs > 0)) throw new Error(`Recurring job "${kind}" needs everyMs > 0.`);
      addKind(kind, handler as Kind['handler'], kindOptions, {
        everyMs: schedule.everyMs,
        firstRunAfterMs: schedule.firstRunAfterMs ?? schedule.everyMs,
      });
    },
    async enqueue(executor, job) {
      const kind = kinds.get(job.kind);
      if (!kind) throw new Error(`Unknown job kind "${job.kind}": register it before enqueueing.`);
      if (kind.recurring) throw new Error(`Job kind "${job.kind}" is recurring: the runner schedules it.`);
      const payload = JSON.stringify(job.payload ?? null);
      const runAfter = job.runAfter ? sql`${job.runAfter.toISOString()}::timestamptz` : sql`now()`;
      let id: number | undefined;
      for (let round = 0; id === undefined; round++) {
        const inserted = rowsOf<{ id: number | string }>(
          await executor.execute(sql`
            insert into jobs (kind, payload, max_attempts, run_after, unique_key)
            values (${job.kind}, ${payload}::jsonb, ${kind.maxAttempts}, ${runAfter}, ${job.uniqueKey ?? null})
            on conflict (unique_key) where state in ('queued', 'running') do nothing
            returning id`),
        )[0];
        if (inserted) id = Number(inserted.id);
        else {
          // An unfinished job with this key exists: that one is the answer.
          const existing = rowsOf<{ id: number | string }>(
            await executor.execute(
              sql`select id from jobs where unique_key = ${job.uniqueKey ?? null} and state in ('queued', 'running')`,
            ),
          )[0];
          if (existing) id = Number(existing.id);
          else if (round > 3) throw new Error(`Could not enqueue job "${job.kind}".`);
        }
      }
      if (started) {
        // Visible at once outside a transaction; inside one only after the caller commits, soon after.
        wake?.();
        if (executor instanceof PgTransaction) {
          for (const ms of [50, 250]) setTimeout(() => wake?.(), ms).unref();
        }
      }
      return { id };
    },
    async get(id) {
      const raw = rowsOf<RawJob>(await db.execute(sql`select * from jobs where id = ${id}`))[0];
      return raw ? toJobView(fromRaw(raw)) : null;
    },
    async cancel(id) {
      await db.execute(sql`
        update jobs set state = 'cancelled', lease_until = null, finished_at = now(), updated_at = now()
        where id = ${id} and state in ('queued', 'running')`);
      running.get(id)?.controller.abort(new JobAbortedError('cancelled'));
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      loop = pollLoop();
    },
    async stop() {
      stopping = true;
      started = false;
      wake?.();
      await loop;
      loop = undefined;
      for (const entry of running.values()) entry.controller.abort(new JobAbortedError('stopping'));
      const all = Promise.all([...running.values()].map((entry) => entry.done));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        // Handlers that did not stop in time: their jobs go back to the queue for another worker.
        log.warn({ jobs: [...running.keys()] }, 'job runner: handlers did not stop in time; releasing their jobs');
        await db
          .execute(
            sql`update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), lease_until = null,
                  locked_by = null, run_after = now(), updated_at = now()
                where state = 'running' and locked_by = ${workerId}`,
          )
          .catch((error: unknown) => log.warn({ err: error }, 'job runner: releasing leases failed'));
      }
      stopping = false;
    },
    async drain() {
      await ensureRecurring();
      let ran = 0;
      for (;;) {
        const row = await claim([...kinds.keys()]);
        if (!row) return ran;
        await track(row).done;
        ran += 1;
      }
    },
  };

  runner.registerRecurring(
    SWEEP_JOB_KIND,
    { everyMs: SWEEP_EVERY_MS },
    async (ctx) => {
      let removed = 0;
      for (;;) {
        const deleted = rowsOf(
          await db.execute(sql`
            delete from jobs where id in (
              select id from jobs
              where state in ('succeeded', 'failed', 'cancelled') and not recurring
                and finished_at < now() - ${keepFinishedMs} * interval '1 millisecond'
              limit 1000)
            returning id`),
        ).length;
        removed += deleted;
        if (deleted < 1000 || ctx.signal.aborted) return { removed };
      }
    },
    { maxAttempts: 1 },
  );

  return runner;
}
