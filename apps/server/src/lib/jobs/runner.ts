import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  cancelJob,
  claimJob,
  deleteFinished,
  insertJob,
  insertRecurringRow,
  readJob,
  recordOutcome,
  releaseAll,
  renewLease,
  type Outcome,
  type Progress,
} from './job-queries';
import {
  JobAbortedError,
  JobError,
  jobErrorMessage,
  toJobView,
  type JobContext,
  type JobKindOptions,
  type DbJobRunner,
  type JobRunnerOptions,
} from './job-types';
import type { JobRow } from './jobs.table';

/** The runner's own recurring job: deletes finished jobs older than `keepFinishedMs`. */
export const SWEEP_JOB_KIND = 'jobs.sweep';
const SWEEP_EVERY_MS = 6 * 3600_000;
const MAX_BACKOFF_MS = 3600_000;
const PROGRESS_WRITE_MS = 500;

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

/**
 * The one durable job runner (design §6, decision 091): jobs are rows in `jobs`, claimed one at a time with
 * FOR UPDATE SKIP LOCKED under a lease, so several app servers on one PostgreSQL share the work and none
 * runs a job twice; a worker killed mid-job leaves its lease to run out and the job is claimed again.
 * Times (run_after, leases) are the database's clock, which every server shares.
 */
export function createJobRunner(db: Db, log: FastifyBaseLogger, options: JobRunnerOptions = {}): DbJobRunner {
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
      await insertRecurringRow(db, kind, entry.maxAttempts, entry.recurring.firstRunAfterMs);
    }
    recurringEnsured = true;
  }

  /** Claims one due job of `claimable` kinds, each with its own lease. */
  const claim = (claimable: string[]) =>
    claimJob(db, workerId, Object.fromEntries(claimable.map((kind) => [kind, kinds.get(kind)!.leaseMs])));

  async function runClaimed(row: JobRow, controller: AbortController): Promise<void> {
    const kind = kinds.get(row.kind)!;
    if (row.attempts > row.maxAttempts && !row.recurring) {
      // Claimed again after its worker died on the last attempt: it gets no further run.
      const error = row.error ?? 'The job stopped without finishing too many times.';
      await recordOutcome(db, row, workerId, { kind: 'failed', error }, null);
      return;
    }
    const jobLog = log.child({ job: row.id, jobKind: row.kind, attempt: row.attempts });
    let pending: Progress | null = null;
    let lastWrite = 0;
    let lost = false;

    const renew = async (): Promise<void> => {
      const values = pending;
      pending = null;
      lastWrite = Date.now();
      const renewed = await renewLease(db, row, workerId, kind.leaseMs, values);
      if (!renewed.held && !controller.signal.aborted) {
        lost = true;
        controller.abort(new JobAbortedError(renewed.state === 'cancelled' ? 'cancelled' : 'lost'));
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

    if (lost) return; // Someone else's row now (or cancelled): nothing of this run is recorded.
    const progress = pending as Progress | null;
    const reason: unknown = controller.signal.reason;
    let end: Outcome;
    if (outcome.ok) {
      // A handler that returned a value finished its work, stopping or not.
      end = kind.recurring
        ? { kind: 'next-period', result: outcome.value, error: null, everyMs: kind.recurring.everyMs, fromNow: false }
        : { kind: 'succeeded', result: outcome.value };
    } else if (controller.signal.aborted && reason instanceof JobAbortedError && reason.why === 'stopping') {
      end = { kind: 'released' };
    } else {
      const error = jobErrorMessage(outcome.error);
      jobLog.warn({ err: outcome.error }, 'job attempt failed');
      if (row.attempts < row.maxAttempts) end = { kind: 'retry', error, afterMs: backoffMs(row.attempts) };
      // A recurring job that failed every attempt of this period waits for the next one.
      else if (kind.recurring)
        end = { kind: 'next-period', result: null, error, everyMs: kind.recurring.everyMs, fromNow: true };
      else end = { kind: 'failed', error };
    }
    await recordOutcome(db, row, workerId, end, progress);
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

  const runner: DbJobRunner = {
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
      const id = await insertJob(executor, {
        kind: job.kind,
        payload: JSON.stringify(job.payload ?? null),
        maxAttempts: kind.maxAttempts,
        runAfter: job.runAfter,
        uniqueKey: job.uniqueKey,
      });
      if (started) {
        // Visible at once outside a transaction; inside one only after the caller commits, soon after.
        wake?.();
        if (executor instanceof PgTransaction) {
          for (const delay of [50, 250, 1000]) setTimeout(() => wake?.(), delay).unref();
        }
      }
      return { id };
    },
    async get(id) {
      const row = await readJob(db, id);
      return row ? toJobView(row) : null;
    },
    async cancel(id) {
      await cancelJob(db, id);
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
        await releaseAll(db, workerId).catch((error: unknown) =>
          log.warn({ err: error }, 'job runner: releasing leases failed'),
        );
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
        const deleted = await deleteFinished(db, keepFinishedMs, 1000);
        removed += deleted;
        if (deleted < 1000 || ctx.signal.aborted) return { removed };
      }
    },
    { maxAttempts: 1 },
  );

  return runner;
}
