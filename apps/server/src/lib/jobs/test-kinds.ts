import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { JobRunner } from './job-types';

/**
 * Test-only job kinds for the fault tests (tools/faults/jobs.test.ts), registered by server.ts only when
 * this variable is "1": a normal start, production included, has no such kind.
 */
export const TEST_JOB_KINDS_VARIABLE = 'RECRUITDESK_TEST_JOB_KINDS';

/** A slow job that reports progress step by step and writes what it did to DATA_DIR/test-jobs.log. */
export const SLOW_TEST_JOB_KIND = 'test.slow';
export const TEST_JOB_LOG = 'test-jobs.log';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/**
 * Registers the slow test kind (lease: RECRUITDESK_TEST_JOB_LEASE_MS, default 2 s) and enqueues one such job
 * unless the database already has one (so a restart resumes that one instead of adding another).
 */
export async function startTestJobKinds(
  jobs: JobRunner,
  db: Db,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const logFile = path.join(dataDir, TEST_JOB_LOG);
  const leaseMs = Number(env.RECRUITDESK_TEST_JOB_LEASE_MS ?? 2000);
  jobs.register<{ steps: number; stepMs: number }>(
    SLOW_TEST_JOB_KIND,
    async (ctx) => {
      appendFileSync(logFile, `start ${ctx.id} ${ctx.attempt}\n`);
      for (let step = 1; step <= ctx.payload.steps; step++) {
        await pause(ctx.payload.stepMs, ctx.signal);
        await ctx.progress(step, ctx.payload.steps, { force: true });
      }
      appendFileSync(logFile, `done ${ctx.id} ${ctx.attempt}\n`);
      return { steps: ctx.payload.steps };
    },
    { leaseMs, maxAttempts: 5 },
  );
  const existing = rowsOf(await db.execute(sql`select id from jobs where kind = ${SLOW_TEST_JOB_KIND} limit 1`));
  if (existing.length === 0) {
    const steps = Number(env.RECRUITDESK_TEST_JOB_STEPS ?? 40);
    const stepMs = Number(env.RECRUITDESK_TEST_JOB_STEP_MS ?? 250);
    await jobs.enqueue(db, { kind: SLOW_TEST_JOB_KIND, payload: { steps, stepMs }, uniqueKey: SLOW_TEST_JOB_KIND });
  }
}
