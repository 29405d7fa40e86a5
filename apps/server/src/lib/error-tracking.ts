import {
  ERROR_TRACKING_SAMPLING,
  PRIVATE_DATA_COLLECTION,
  scrubErrorEvent,
  USER_TYPE_TAG,
} from '@recruitdesk/contracts/error-tracking';
import type { AppConfig } from '../config/env';
import { serializeError } from './log-redaction';

/** Who and where, for one report: the user's id and type, never their name or email. */
export interface ErrorReportContext {
  user: { id: number; userType: string } | null;
  /** `METHOD /route/:pattern/`: the registered route, never the URL with its values. */
  route: string;
}

export interface ErrorTracker {
  capture(error: unknown, context: ErrorReportContext): void;
  /** Sends what is queued (tests; shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The error as it may leave the process: the same scrubbing as the logs (no query parameter values, no
 * failing rows, no tokens in URLs), with the original type name and stack frames.
 */
export function reportableError(error: unknown): Error {
  const safe = serializeError(error) as { type?: string; message?: string; stack?: string } | unknown;
  if (!safe || typeof safe !== 'object') return new Error('Non-error thrown');
  const { type = 'Error', message = '', stack = '' } = safe as { type?: string; message?: string; stack?: string };
  const copy = new Error(message);
  copy.name = type;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  copy.stack = `${type}: ${message}\n${frames}`;
  return copy;
}

/**
 * The SDK's default integrations that stay: error plumbing, HTTP tracing, crashes, runtime context. Left
 * out: Fastify's (it reports the raw error, with a query's values; the error handler reports the scrubbed
 * one), RequestData (cookies, bodies), Console, LocalVariables, and the other frameworks.
 */
const KEPT_INTEGRATIONS = new Set([
  'EventFilters',
  'FunctionToString',
  'LinkedErrors',
  'Dedupe',
  'NodeSystemError',
  'Http',
  'NodeFetch',
  'OnUncaughtException',
  'OnUnhandledRejection',
  'ContextLines',
  'Context',
  'ProcessSession',
]);

let initialised: Promise<ErrorTracker> | null = null;

/**
 * Sentry for the server (issue 9 §5), only when SENTRY_DSN is set: the SDK is imported then, so a server
 * without it never loads it. One client per process (Sentry keeps global state).
 */
export async function createErrorTracker(config: AppConfig): Promise<ErrorTracker | null> {
  const dsn = config.sentryDsn;
  if (!dsn) return null;
  initialised ??= (async () => {
    const Sentry = await import('@sentry/node');
    Sentry.init({
      dsn,
      environment: config.nodeEnv,
      tracesSampleRate: ERROR_TRACKING_SAMPLING.tracesSampleRate,
      dataCollection: PRIVATE_DATA_COLLECTION,
      integrations: (defaults) => defaults.filter((integration) => KEPT_INTEGRATIONS.has(integration.name)),
      beforeSend: (event) => scrubErrorEvent(event),
      beforeBreadcrumb: (breadcrumb) => (breadcrumb.category === 'console' ? null : breadcrumb),
    });
    return {
      capture(error, context) {
        Sentry.withScope((scope) => {
          scope.setUser(context.user ? { id: String(context.user.id) } : null);
          scope.setTag(USER_TYPE_TAG, context.user?.userType ?? 'anonymous');
          scope.setTag('route', context.route);
          const [method = '', url = ''] = context.route.split(' ');
          scope.addEventProcessor((event) => ({ ...event, request: { method, url } }));
          Sentry.captureException(reportableError(error));
        });
      },
      flush: (timeoutMs = 2000) => Sentry.flush(timeoutMs),
      close: async () => {
        await Sentry.flush(2000);
      },
    };
  })();
  return initialised;
}
