import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/client';
import type { ErrorTracker } from './error-tracking';
import type { JobRunner } from './jobs';
import type { Mailer } from './mail';
import type { Storage } from './storage';
import type { Throttle } from './throttle';

/** What services need from the outside world; built once in buildApp and passed explicitly. */
export interface Deps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  throttle: Throttle;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Sentry when SENTRY_DSN is set, else null. */
  errorTracker: ErrorTracker | null;
  /** The durable job runner (lib/jobs, docs/architecture.md "Background jobs"): modules register their kinds. */
  jobs: JobRunner;
}
