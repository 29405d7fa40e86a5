/**
 * The one error type services throw; the error handler turns it into `{success:false, error, code, fields?}`
 * plus any `extra` keys (e.g. the fresh record of a 409 conflict).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
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
  return new AppError(code, 400, ERROR_MESSAGES.validation, fields);
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
