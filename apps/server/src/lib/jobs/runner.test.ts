import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import { createPostgresDatabase, openTestDatabase } from '../../test/build-test-app';
import { AppError } from '../errors';
import {
  createJobRunner,
  estimateEtaSeconds,
  JobAbortedError,
  JobError,
  SWEEP_JOB_KIND,
  type DbJobRunner,
  type JobRunnerOptions,
} from './index';

const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;

/**
 * Two handles on one fresh database, as two app servers have: on PostgreSQL two pools (two servers'
 * connections), on PGlite the one connection the embedded database has.
 */
let first: Db;
let second: Db;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const created = await createPostgresDatabase(adminUrl);
    const a = openPostgres(created.url);
    await a.migrate();
    const b = openPostgres(created.url);
    first = a.db;
    second = b.db;
    closeAll = async () => {
      await a.close();
      await b.close();
      await created.drop();
    };
  } else {
    const { database, drop } = await openTestDatabase();
    first = database.db;
    second = database.db;
    closeAll = async () => {
      await database.close();
      await drop();
    };
  }
});
afterAll(() => closeAll());

const runners: DbJobRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

function runner(db: Db = first, options: JobRunnerOptions = {}): DbJobRunner {
  const created = createJobRunner(db, silent, { pollMs: 20, ...options });
  runners.push(created);
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(25);
    }
  }
}

interface JobFacts {
  state: string;
  attempts: number;
  error: string | null;
  locked_by: string | null;
  lease_until: unknown;
  backoff_ms: number | null;
  progress_done: number;
  progress_total: number | null;
  progress_note: string | null;
}

async function facts(id: number): Promise<JobFacts> {
  const row = rowsOf<JobFacts>(
    await first.execute(sql`
      select state, attempts, error, locked_by, lease_until, progress_done, progress_total, progress_note,
        (extract(epoch from (run_after - updated_at)) * 1000)::int as backoff_ms
      from jobs where id = ${id}`),
  )[0];
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** A promise and the function that resolves it: a handler waits on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Resolves when the signal aborts (the handler's "stop at the next safe point"). */
const aborted = (signal: AbortSignal) =>
  new Promise<unknown>((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });

let kindCounter = 0;
/** A fresh kind per test: runners claim only the kinds they registered, so tests do not meet. */
const freshKind = (name: string) => `test.${name}.${++kindCounter}`;

describe('the job runner (lib/jobs, decision 091)', () => {
  it('enqueues inside the caller’s transaction: a rollback leaves no job, a commit leaves one', async () => {
    const jobs = runner();
    const kind = freshKind('tx');
    jobs.register(kind, async () => 'ran');
    await expect(
      inTransaction(first, async (tx) => {
        await jobs.enqueue(tx, { kind, payload: { a: 1 } });
        throw new Error('the caller’s write failed');
      }),
    ).rejects.toThrow('the caller’s write failed');
    const none = rowsOf(await first.execute(sql`select id from jobs where kind = ${kind}`));
    expect(none).toHaveLength(0);
    expect(await jobs.drain()).toBe(0);

    const { id } = await inTransaction(first, (tx) => jobs.enqueue(tx, { kind, payload: { a: 1 } }));
    expect(await jobs.drain()).toBe(1);
    const view = await jobs.get(id);
    expect(view).toMatchObject({ id, kind, state: 'succeeded', attempts: 1, result: 'ran', error: null });
    expect(view?.finishedAt).not.toBeNull();
  });

  it('refuses a kind nobody registered, and a second unfinished job with the same unique key is the first', async () => {
    const jobs = runner();
    await expect(jobs.enqueue(first, { kind: 'test.nobody', payload: null })).rejects.toThrow(/Unknown job kind/);
    const kind = freshKind('unique');
    jobs.register(kind, async () => null);
    const a = await jobs.enqueue(first, { kind, payload: 1, uniqueKey: `${kind}:42` });
    const b = await jobs.enqueue(first, { kind, payload: 2, uniqueKey: `${kind}:42` });
    expect(b.id).toBe(a.id);
    expect(await jobs.drain()).toBe(1);
    // Once finished, the key is free again.
    const c = await jobs.enqueue(first, { kind, payload: 3, uniqueKey: `${kind}:42` });
    expect(c.id).not.toBe(a.id);
  });

  it('wakes at once after an enqueue in its process, also one committed by a transaction, without waiting for its poll', async () => {
    const jobs = runner(first, { pollMs: 60_000 });
    const kind = freshKind('wake');
    const ranAt: number[] = [];
    jobs.register(kind, async () => {
      ranAt.push(Date.now());
    });
    jobs.start();
    await sleep(100); // the first poll found nothing; the next is a minute away
    const enqueuedAt = Date.now();
    await jobs.enqueue(first, { kind, payload: null });
    await eventually(async () => expect(ranAt).toHaveLength(1), 5000);
    await inTransaction(first, (tx) => jobs.enqueue(tx, { kind, payload: null }));
    await eventually(async () => expect(ranAt).toHaveLength(2), 5000);
    expect(ranAt[1]! - enqueuedAt).toBeLessThan(5000);
  });

  it('two runners on one database share many jobs and run each exactly once', async () => {
    const kind = freshKind('shared');
    const JOBS = 120;
    const ranBy = new Map<number, string[]>();
    const make = (db: Db) => {
      const jobs = runner(db, { concurrency: 4 });
      jobs.register(
        kind,
        async (ctx) => {
          ranBy.set(ctx.id, [...(ranBy.get(ctx.id) ?? []), jobs.workerId]);
          await sleep(ctx.id % 3); // interleave the runners' claims
        },
        { concurrency: 4 },
      );
      return jobs;
    };
    const a = make(first);
    const b = make(second);
    const ids: number[] = [];
    for (let i = 0; i < JOBS; i++) ids.push((await a.enqueue(first, { kind, payload: { i } })).id);
    a.start();
    b.start();
    await eventually(async () => {
      const left = rowsOf<{ n: number }>(
        await first.execute(sql`select count(*)::int as n from jobs where kind = ${kind} and state <> 'succeeded'`),
      )[0];
      expect(left?.n).toBe(0);
    }, 60_000);
    for (const id of ids) expect(ranBy.get(id), `job ${id}`).toHaveLength(1);
    const attempts = rowsOf<{ attempts: number }>(
      await first.execute(sql`select distinct attempts from jobs where kind = ${kind}`),
    );
    expect(attempts).toEqual([{ attempts: 1 }]);
    const workers = new Set([...ranBy.values()].flat());
    expect(workers).toEqual(new Set([a.workerId, b.workerId]));
  });

  it('takes a job whose worker died mid-run again once its lease has run out', async () => {
    const jobs = runner();
    const kind = freshKind('abandoned');
    const attempts: number[] = [];
    jobs.register(kind, async (ctx) => {
      attempts.push(ctx.attempt);
      await ctx.progress(10, 10, { force: true });
      return 'finished';
    });
    // What a kill -9 leaves: running, claimed once, by a worker that no longer renews its lease.
    const inserted = rowsOf<{ id: number }>(
      await first.execute(sql`
        insert into jobs (kind, payload, state, attempts, lease_until, locked_by, started_at, progress_done, progress_total)
        values (${kind}, '{}'::jsonb, 'running', 1, now() + interval '1500 milliseconds', 'dead-host:1:x', now(), 3, 10)
        returning id`),
    );
    const id = Number(inserted[0]!.id);
    // While the lease holds, nobody takes it.
    expect(await jobs.drain()).toBe(0);
    await sleep(1600);
    expect(await jobs.drain()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await facts(id)).toMatchObject({ state: 'succeeded', attempts: 2, locked_by: null, progress_done: 10 });
  });

  it('does not run a job again whose worker died on its last attempt: it is failed', async () => {
    const jobs = runner();
    const kind = freshKind('abandoned-last');
    let ran = 0;
    jobs.register(kind, async () => {
      ran += 1;
    });
    const inserted = rowsOf<{ id: number }>(
      await first.execute(sql`
        insert into jobs (kind, payload, state, attempts, max_attempts, lease_until, locked_by, started_at)
        values (${kind}, '{}'::jsonb, 'running', 3, 3, now() - interval '1 second', 'dead-host:1:x', now())
        returning id`),
    );
    const id = Number(inserted[0]!.id);
    expect(await jobs.drain()).toBe(1);
    expect(ran).toBe(0);
    expect(await jobs.get(id)).toMatchObject({
      state: 'failed',
      attempts: 4,
      error: 'The job stopped without finishing too many times.',
    });
  });

  it('puts a recurring job that failed back for its next period, with the error kept', async () => {
    const jobs = runner();
    const kind = freshKind('recurring-failing');
    jobs.registerRecurring(
      kind,
      { everyMs: 60_000, firstRunAfterMs: 0 },
      async () => {
        throw new JobError('The mailbox did not answer.');
      },
      { maxAttempts: 1 },
    );
    expect(await jobs.drain()).toBe(1);
    const rows = rowsOf<{ id: number }>(await first.execute(sql`select id from jobs where kind = ${kind}`));
    expect(rows).toHaveLength(1);
    const row = await facts(Number(rows[0]!.id));
    expect(row).toMatchObject({ state: 'queued', attempts: 0, error: 'The mailbox did not answer.' });
    expect(row.backoff_ms).toBe(60_000);
    expect(await jobs.drain()).toBe(0);
  });

  it('aborts the handler when another worker holds the job now, and records nothing of its run', async () => {
    const jobs = runner();
    const kind = freshKind('lost');
    let reason: unknown;
    jobs.register(
      kind,
      async (ctx) => {
        reason = await aborted(ctx.signal);
        throw reason;
      },
      { leaseMs: 300 },
    );
    const { id } = await jobs.enqueue(first, { kind, payload: null });
    jobs.start();
    await eventually(async () => expect((await facts(id)).state).toBe('running'));
    // Another worker took it (its lease had run out there, say).
    await first.execute(
      sql`update jobs set locked_by = 'other-host:2:y', attempts = 2, lease_until = now() + interval '1 hour' where id = ${id}`,
    );
    await eventually(async () => expect(reason).toBeInstanceOf(JobAbortedError));
    expect((reason as JobAbortedError).why).toBe('lost');
    await sleep(100);
    expect(await facts(id)).toMatchObject({ state: 'running', attempts: 2, locked_by: 'other-host:2:y', error: null });
  });

  it('retries a failing job with exponential back-off, then marks it failed with a message free of data', async () => {
    const jobs = runner(first, { backoffBaseMs: 500 });
    const kind = freshKind('failing');
    const seen: number[] = [];
    jobs.register(
      kind,
      async (ctx) => {
        seen.push(ctx.attempt);
        if (ctx.attempt < 3) throw new JobError(`Attempt ${ctx.attempt} failed.`);
        throw new Error('cannot parse row of jane.doe@example.com');
      },
      { maxAttempts: 3 },
    );
    const { id } = await jobs.enqueue(first, { kind, payload: null });

    expect(await jobs.drain()).toBe(1);
    let row = await facts(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, error: 'Attempt 1 failed.', locked_by: null });
    expect(row.backoff_ms).toBe(500);
    // Not due before its back-off has passed.
    expect(await jobs.drain()).toBe(0);

    await sleep(550);
    expect(await jobs.drain()).toBe(1);
    row = await facts(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2, error: 'Attempt 2 failed.' });
    expect(row.backoff_ms).toBe(1000); // doubled

    await sleep(1050);
    expect(await jobs.drain()).toBe(1);
    const view = await jobs.get(id);
    expect(view).toMatchObject({ state: 'failed', attempts: 3, error: 'The job failed unexpectedly (Error).' });
    expect(view?.finishedAt).not.toBeNull();
    expect(seen).toEqual([1, 2, 3]);
    expect(JSON.stringify(view)).not.toContain('jane.doe');
    // A failed job is not taken again.
    await sleep(50);
    expect(await jobs.drain()).toBe(0);
  });

  it('keeps an AppError’s message (it is written for users)', async () => {
    const jobs = runner();
    const kind = freshKind('app-error');
    jobs.register(
      kind,
      async () => {
        throw new AppError('UNREADABLE_FILE', 400, 'The file could not be read.');
      },
      { maxAttempts: 1 },
    );
    const { id } = await jobs.enqueue(first, { kind, payload: null });
    await jobs.drain();
    expect(await jobs.get(id)).toMatchObject({ state: 'failed', attempts: 1, error: 'The file could not be read.' });
  });

  it('reports progress with an estimate from the rate since the attempt started; unforced writes are kept too', async () => {
    const jobs = runner();
    const kind = freshKind('progress');
    const release = gate();
    const reported = gate();
    jobs.register(kind, async (ctx) => {
      await sleep(1200);
      await ctx.progress(5, 10, { note: 'Rows', force: true });
      reported.open();
      await release.opened;
      await ctx.progress(7); // within the throttle window: kept in memory, written when the job ends
      return { rows: 7 };
    });
    const { id } = await jobs.enqueue(first, { kind, payload: null });
    const queued = await jobs.get(id);
    expect(queued).toMatchObject({ state: 'queued', progress: { done: 0, total: null, etaSeconds: null } });
    const draining = jobs.drain();
    await reported.opened;
    const running = await jobs.get(id);
    expect(running?.state).toBe('running');
    expect(running?.progress).toMatchObject({ done: 5, total: 10, note: 'Rows' });
    // 5 of 10 in ~1.2 s: about as long again.
    expect(running?.progress.etaSeconds).toBeGreaterThanOrEqual(1);
    expect(running?.progress.etaSeconds).toBeLessThanOrEqual(4);
    release.open();
    expect(await draining).toBe(1);
    const finished = await jobs.get(id);
    expect(finished).toMatchObject({
      state: 'succeeded',
      result: { rows: 7 },
      progress: { done: 7, total: 10, note: 'Rows', etaSeconds: null },
    });
  });

  it('estimates the time left from done / elapsed only when the total is known', () => {
    const started = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-01-01T00:00:10Z');
    expect(estimateEtaSeconds(25, 100, started, now)).toBe(30);
    expect(estimateEtaSeconds(25, null, started, now)).toBeNull();
    expect(estimateEtaSeconds(0, 100, started, now)).toBeNull();
    expect(estimateEtaSeconds(100, 100, started, now)).toBe(0);
  });

  it('cancels a queued job (it never runs) and a running one (its handler is aborted, even on another runner)', async () => {
    const kind = freshKind('cancel');
    const reasons: unknown[] = [];
    const make = (db: Db) => {
      const jobs = runner(db);
      jobs.register(
        kind,
        async (ctx) => {
          const reason = await aborted(ctx.signal);
          reasons.push(reason);
          throw reason;
        },
        { leaseMs: 300 },
      );
      return jobs;
    };
    const a = make(first);
    const b = make(second);
    const queued = await a.enqueue(first, { kind, payload: null, runAfter: new Date(Date.now() + 60_000) });
    await b.cancel(queued.id);
    expect(await a.get(queued.id)).toMatchObject({ state: 'cancelled' });

    const { id } = await a.enqueue(first, { kind, payload: null });
    a.start();
    await eventually(async () => expect((await facts(id)).state).toBe('running'));
    // Cancelled through the other runner: a's lease renewal finds it cancelled.
    await b.cancel(id);
    await eventually(async () => expect(reasons).toHaveLength(1));
    expect((reasons[0] as JobAbortedError).why).toBe('cancelled');
    await a.stop();
    expect(await a.get(id)).toMatchObject({ state: 'cancelled', error: null });
    expect(await a.get(queued.id)).toMatchObject({ state: 'cancelled', attempts: 0 });
  });

  it('runs a recurring job once per period across two runners', async () => {
    const kind = freshKind('recurring');
    const runs: { at: number; scheduledFor: number; by: string }[] = [];
    const make = (db: Db) => {
      const jobs = runner(db);
      jobs.registerRecurring(kind, { everyMs: 400, firstRunAfterMs: 0 }, async (ctx) => {
        runs.push({ at: Date.now(), scheduledFor: ctx.scheduledFor!.getTime(), by: jobs.workerId });
        await sleep(30);
      });
      return jobs;
    };
    const a = make(first);
    const b = make(second);
    const began = Date.now();
    a.start();
    b.start();
    await sleep(2100);
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - began;
    const rows = rowsOf<{ recurring: boolean; state: string }>(
      await first.execute(sql`select recurring, state from jobs where kind = ${kind}`),
    );
    expect(rows).toEqual([{ recurring: true, state: 'queued' }]);
    // One run per scheduled time, none twice, about one per 400 ms.
    expect(new Set(runs.map((run) => run.scheduledFor)).size).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(elapsed / 400) + 1);
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.scheduledFor - runs[i - 1]!.scheduledFor).toBeGreaterThanOrEqual(399);
    }
  });

  it('stop() aborts a running handler and hands its job back to the queue without spending an attempt', async () => {
    const jobs = runner();
    const kind = freshKind('stop');
    let reason: unknown;
    jobs.register(kind, async (ctx) => {
      reason = await aborted(ctx.signal);
      throw reason;
    });
    const { id } = await jobs.enqueue(first, { kind, payload: null });
    jobs.start();
    await eventually(async () => expect((await facts(id)).state).toBe('running'));
    await jobs.stop();
    expect(reason).toBeInstanceOf(JobAbortedError);
    expect((reason as JobAbortedError).why).toBe('stopping');
    expect(await facts(id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null, lease_until: null });

    // The next runner (the restarted server) runs it.
    const next = runner();
    next.register(kind, async (ctx) => `attempt ${ctx.attempt}`);
    expect(await next.drain()).toBe(1);
    expect(await next.get(id)).toMatchObject({ state: 'succeeded', result: 'attempt 1' });
  });

  it('sweeps finished jobs older than 30 days with its own recurring job', async () => {
    const jobs = runner();
    const kind = freshKind('old');
    jobs.register(kind, async () => null);
    const ids = rowsOf<{ id: number; age: string }>(
      await first.execute(sql`
        insert into jobs (kind, payload, state, finished_at) values
          (${kind}, '{}'::jsonb, 'succeeded', now() - interval '31 days'),
          (${kind}, '{}'::jsonb, 'failed', now() - interval '40 days'),
          (${kind}, '{}'::jsonb, 'succeeded', now() - interval '29 days'),
          (${kind}, '{}'::jsonb, 'queued', null)
        returning id`),
    ).map((row) => Number(row.id));
    expect(await jobs.drain()).toBe(1); // the queued one; the sweep is not due yet
    await first.execute(sql`update jobs set run_after = now() where kind = ${SWEEP_JOB_KIND}`);
    expect(await jobs.drain()).toBe(1);
    const left = rowsOf<{ id: number }>(
      await first.execute(sql`select id from jobs where kind = ${kind} order by id`),
    ).map((row) => Number(row.id));
    expect(left).toEqual([ids[2], ids[3]]);
    const sweep = rowsOf<{ state: string; result: { removed: number } }>(
      await first.execute(sql`select state, result from jobs where kind = ${SWEEP_JOB_KIND}`),
    );
    expect(sweep).toHaveLength(1);
    expect(sweep[0]?.state).toBe('queued');
    expect(sweep[0]?.result.removed).toBeGreaterThanOrEqual(2);
  });
});
