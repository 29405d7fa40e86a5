import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';

// TEMPORARY: the job runner's interface (helper "jobs", lib/jobs, reached as deps.jobs) as agreed in
// shared-interfaces.md, until it is merged; then this file goes and the module uses deps.jobs directly.

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export interface JobContext<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  attempt: number;
  progress(done: number, total?: number | null, options?: { note?: string; force?: boolean }): Promise<void>;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}
export interface JobKindOptions {
  maxAttempts?: number;
  leaseMs?: number;
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
  enqueue<P>(
    executor: Db,
    job: { kind: string; payload: P; runAfter?: Date; uniqueKey?: string },
  ): Promise<{ id: number }>;
  get(id: number): Promise<JobView | null>;
  drain(): Promise<number>;
}

export function jobsOf(deps: Deps): JobRunner {
  const jobs = (deps as Deps & { jobs?: JobRunner }).jobs;
  if (!jobs) throw new Error('The job runner is not available.');
  return jobs;
}

/** TEMPORARY: whether the runner is there to register with (false until the jobs branch is merged). */
export const hasJobs = (deps: Deps): boolean => !!(deps as Deps & { jobs?: JobRunner }).jobs;
