import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A job's life: queued -> running -> succeeded | failed | cancelled (a retry goes back to queued). */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * The durable job runner's queue (platform layer, docs/architecture.md "Background jobs", decision 091).
 * A row is claimed with FOR UPDATE SKIP LOCKED and held by a lease (`lease_until`); a worker that dies
 * leaves its lease to run out, and the row is claimed again. Recurring jobs are rows too: one per kind
 * (`unique_key` = the kind, `recurring`), re-queued with the next `run_after` after each run.
 */
export const jobsTable = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** Claims so far: incremented on each claim (a retry, or a claim after a lease ran out). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The runner (host:pid:random) holding the lease. */
    lockedBy: text('locked_by'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressNote: text('progress_note'),
    result: jsonb('result'),
    /** The last failure's message (no stack, no personal data). */
    error: text('error'),
    /** At most one unfinished (queued or running) job per key. */
    uniqueKey: text('unique_key'),
    recurring: boolean('recurring').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current (or last) attempt began: the progress rate, hence the ETA, counts from it. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('jobs_state_check', sql`${table.state} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    uniqueIndex('jobs_unique_key_unfinished_idx')
      .on(table.uniqueKey)
      .where(sql`${table.state} in ('queued', 'running')`),
    // Claiming: due queued jobs in order, and running jobs whose lease ran out.
    index('jobs_queued_run_after_idx')
      .on(table.runAfter, table.id)
      .where(sql`${table.state} = 'queued'`),
    index('jobs_running_lease_idx')
      .on(table.leaseUntil)
      .where(sql`${table.state} = 'running'`),
    // The sweep of finished jobs.
    index('jobs_finished_at_idx')
      .on(table.finishedAt)
      .where(sql`${table.state} in ('succeeded', 'failed', 'cancelled')`),
  ],
);

export type JobRow = typeof jobsTable.$inferSelect;
