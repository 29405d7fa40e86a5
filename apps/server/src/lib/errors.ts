import { ErrorResponseSchema } from '@recruitdesk/contracts/common';

export interface AppErrorOptions {
  /** Messages keyed by field, as in a validation failure. */
  fields?: Record<string, string[]>;
  /** Response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
  /** More keys of the body (e.g. the fresh record of a 409 conflict). */
  extra?: Record<string, unknown>;
}

/**
 * The one error type services throw: `new AppError(code, status, message, { fields?, headers?, extra? })`.
 * The error handler turns it into `{success:false, error, code, fields?}` plus the `extra` keys.
 */
export class AppError extends Error {
  readonly fields?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = options.fields;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export const ERROR_MESSAGES = {
  validation: 'Please correct the highlighted fields.',
  malformedJson: 'Malformed JSON in request body.',
  tooLarge: 'The request body is too large.',
  unsupportedMedia: 'Unsupported content type.',
  notFound: 'Not found.',
  forbidden: 'You do not have permission to perform this action.',
  internal: 'Something went wrong on our side.',
  databaseUnavailable: 'The database is unavailable at the moment; try again in a few seconds.',
  storageFull:
    'The server could not write its data (disk full or read-only); nothing was saved. Tell your administrator.',
} as const;

/** A PostgreSQL unique violation (23505), however deeply the driver or Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A 400 with messages keyed by field, the same shape as schema validation failures. */
export function fieldsError(fields: Record<string, string[]>, code = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, 400, ERROR_MESSAGES.validation, { fields });
}

/**
 * A PostgreSQL foreign key violation: 23503, or 23001 (restrict_violation) from an `ON DELETE RESTRICT`
 * key, which PostgreSQL reports under its own code.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (code === '23503' || code === '23001') return true;
  }
  return false;
}

/** The statuses a route answers with the error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429;

/**
 * The error answers of a route's response schema (validation, OpenAPI and output stripping), all with the
 * one error body: `response: { 200: ThingResponseSchema, ...errorResponses(400, 401, 403, 404) }`. A status
 * with a richer body (a 409 naming the conflict) is declared after it and wins.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >;
}

/** Driver and server codes that mean "the database cannot be reached now", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000', // connection_exception and its kinds
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * PostgreSQL is down, restarting, unreachable or out of connections, however deeply the driver or
 * Drizzle wrapped the error: the error handler answers 503 DATABASE_UNAVAILABLE instead of a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 10;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

/** The embedded database (or PostgreSQL) could not write: disk full (53100) or an I/O error such as a read-only disk (58030). */
export function isStorageFull(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 10;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (code === '53100' || code === '58030') return true;
  }
  return false;
}
