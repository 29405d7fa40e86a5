import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { fromRaw, type RawJob } from './job-types';
import type { JobRow } from './jobs.table';

/** The job runner's SQL (runner.ts): every time is the database's `now()`, the clock all servers share. */

const ms = (value: number) => sql`${value} * interval '1 millisecond'`;

export interface Progress {
  done: number;
  total: number | null;
  note: string | null;
}

const progressSet = (progress: Progress | null) =>
  progress
    ? sql`, progress_done = ${progress.done}, progress_total = ${progress.total}, progress_note = ${progress.note}`
    : sql``;

/** The worker still holds the job: same runner, same claim, still running. */
const held = (row: JobRow, workerId: string) =>
  sql`id = ${row.id} and state = 'running' and locked_by = ${workerId} and attempts = ${row.attempts}`;

/** The one row of a recurring kind (unique_key = the kind): a second server's insert does nothing. */
export async function insertRecurringRow(db: Db, kind: string, maxAttempts: number, firstRunAfterMs: number) {
  await db.execute(sql`
    insert into jobs (kind, payload, max_attempts, run_after, unique_key, recurring)
    values (${kind}, 'null'::jsonb, ${maxAttempts}, now() + ${ms(firstRunAfterMs)}, ${kind}, true)
    on conflict (unique_key) where state in ('queued', 'running') do nothing`);
}

/**
 * Claims one due job of the given kinds (queued and due, or running with its lease run out) for `workerId`,
 * with each kind's lease. FOR UPDATE SKIP LOCKED: a row another server is claiming is skipped, and one it has
 * just claimed fails the re-check of the WHERE clause, so no two servers get the same row.
 */
export async function claimJob(db: Db, workerId: string, leases: Record<string, number>): Promise<JobRow | null> {
  const kinds = Object.keys(leases);
  if (kinds.length === 0) return null;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set
      state = 'running',
      lease_until = now() + ((${JSON.stringify(leases)}::jsonb ->> kind)::int * interval '1 millisecond'),
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

/**
 * Extends the lease (and writes progress) while the worker still holds the job. Null when it holds it no
 * longer; then the job's current state says why ('cancelled', or another worker's 'running').
 */
export async function renewLease(
  db: Db,
  row: JobRow,
  workerId: string,
  leaseMs: number,
  progress: Progress | null,
): Promise<{ held: true } | { held: false; state: string | null }> {
  const renewed = rowsOf(
    await db.execute(sql`
      update jobs set lease_until = now() + ${ms(leaseMs)}, updated_at = now() ${progressSet(progress)}
      where ${held(row, workerId)}
      returning id`),
  );
  if (renewed.length > 0) return { held: true };
  const now = rowsOf<{ state: string }>(await db.execute(sql`select state from jobs where id = ${row.id}`))[0];
  return { held: false, state: now?.state ?? null };
}

/** How a claimed run ended, as the row records it. */
export type Outcome =
  | { kind: 'succeeded'; result: string }
  /** A recurring job's run: back to queued at its next scheduled time (or `everyMs` from now when late). */
  | { kind: 'next-period'; result: string | null; error: string | null; everyMs: number; fromNow: boolean }
  | { kind: 'retry'; error: string; afterMs: number }
  | { kind: 'failed'; error: string }
  /** Shutdown: back to the queue at once, the claim not counted as an attempt. */
  | { kind: 'released' };

/** Writes a run's end, only while the worker still holds the job (a lost lease records nothing). */
export async function recordOutcome(
  db: Db,
  row: JobRow,
  workerId: string,
  outcome: Outcome,
  progress: Progress | null,
): Promise<void> {
  let set: SQL;
  switch (outcome.kind) {
    case 'succeeded':
      set = sql`state = 'succeeded', error = null, result = ${outcome.result}::jsonb, finished_at = now()`;
      break;
    case 'next-period': {
      const next = ms(outcome.everyMs);
      set = sql`state = 'queued', attempts = 0, error = ${outcome.error}, finished_at = now(),
        result = coalesce(${outcome.result}::jsonb, result),
        run_after = ${
          outcome.fromNow
            ? sql`now() + ${next}`
            : sql`case when run_after + ${next} > now() then run_after + ${next} else now() + ${next} end`
        }`;
      break;
    }
    case 'retry':
      set = sql`state = 'queued', error = ${outcome.error}, run_after = now() + ${ms(outcome.afterMs)}`;
      break;
    case 'failed':
      set = sql`state = 'failed', error = ${outcome.error}, finished_at = now()`;
      break;
    case 'released':
      set = sql`state = 'queued', attempts = attempts - 1, run_after = now()`;
      break;
  }
  await db.execute(sql`
    update jobs set ${set}, lease_until = null, locked_by = null, updated_at = now() ${progressSet(progress)}
    where ${held(row, workerId)}`);
}

/** Inserts a job (in the caller's transaction when `executor` is one); with a key, an unfinished one wins. */
export async function insertJob(
  executor: Db,
  job: { kind: string; payload: string; maxAttempts: number; runAfter?: Date; uniqueKey?: string },
): Promise<number> {
  const runAfter = job.runAfter ? sql`${job.runAfter.toISOString()}::timestamptz` : sql`now()`;
  for (let round = 0; round < 5; round++) {
    const inserted = rowsOf<{ id: number | string }>(
      await executor.execute(sql`
        insert into jobs (kind, payload, max_attempts, run_after, unique_key)
        values (${job.kind}, ${job.payload}::jsonb, ${job.maxAttempts}, ${runAfter}, ${job.uniqueKey ?? null})
        on conflict (unique_key) where state in ('queued', 'running') do nothing
        returning id`),
    )[0];
    if (inserted) return Number(inserted.id);
    const existing = rowsOf<{ id: number | string }>(
      await executor.execute(
        sql`select id from jobs where unique_key = ${job.uniqueKey ?? null} and state in ('queued', 'running')`,
      ),
    )[0];
    // Else it finished between the two statements: try the insert again.
    if (existing) return Number(existing.id);
  }
  throw new Error(`Could not enqueue job "${job.kind}".`);
}

export async function readJob(db: Db, id: number): Promise<JobRow | null> {
  const raw = rowsOf<RawJob>(await db.execute(sql`select * from jobs where id = ${id}`))[0];
  return raw ? fromRaw(raw) : null;
}

export async function cancelJob(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    update jobs set state = 'cancelled', lease_until = null, finished_at = now(), updated_at = now()
    where id = ${id} and state in ('queued', 'running')`);
}

/** At shutdown, for handlers that did not stop in time: their jobs go back to the queue for another worker. */
export async function releaseAll(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`
    update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), lease_until = null, locked_by = null,
      run_after = now(), updated_at = now()
    where state = 'running' and locked_by = ${workerId}`);
}

/** Deletes up to `limit` finished (non-recurring) jobs that finished more than `olderThanMs` ago. */
export async function deleteFinished(db: Db, olderThanMs: number, limit: number): Promise<number> {
  return rowsOf(
    await db.execute(sql`
      delete from jobs where id in (
        select id from jobs
        where state in ('succeeded', 'failed', 'cancelled') and not recurring and finished_at < now() - ${ms(olderThanMs)}
        limit ${limit})
      returning id`),
  ).length;
}
