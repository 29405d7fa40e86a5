/**
 * What must never reach a log line (security §21): tokens in URLs (reset and invitation links, signed
 * file links, signed query strings) and the values of database queries (parameters, failing rows, quoted
 * input in PostgreSQL's messages). Used by the logger in app.ts for every line.
 */

/** Path segments that are secrets: the reset token, the invitation token, the signed file link, the calendar subscription secret. */
const SECRET_PATH =
  /(\/(?:auth\/reset-password\/[^/?#\s"']+|auth\/register-from-token|api\/registration\/validate|api\/files\/(?:upload|download)|api\/calendar\/ical)\/)[^/?#\s"']+/gi;
/** Query parameters that carry credentials (ours and S3 presigned URLs). */
const SECRET_QUERY =
  /([?&](?:token|key|code|password|secret|signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"']+/gi;

/** Replaces secrets in every URL inside the text (it may be a bare path, a full URL or a sentence). */
export function redactUrl(text: string): string {
  return text.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value));

/** Deep copy of a plain log object with every string passed through redactUrl (other objects untouched). */
export function redactLogObject<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactUrl(value) as T;
  if (!isPlain(value) || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => redactLogObject(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactLogObject(item, depth + 1);
  return copy as T;
}

type AnyError = Error & Record<string, unknown>;

/** A driver or Drizzle error about a query: it may carry the query's values. */
function isDatabaseError(error: AnyError): boolean {
  return (
    'params' in error ||
    'query' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/**
 * Keeps a database message's shape but not the input it quotes (`invalid input syntax ...: "value"`,
 * `value "2147483648" is out of range`): a quoted word survives only when it is an identifier or literal
 * of the SQL text itself, or a name the driver reports (table, constraint, column).
 */
function scrubDatabaseMessage(message: string, sqlText: string, names: string[]): string {
  const known = new Set(names);
  for (const match of sqlText.matchAll(/"([^"]*)"|'([^']*)'/g)) known.add(match[1] ?? match[2] ?? '');
  const withoutParams = (message.split(/\nparams:/)[0] ?? '').replace(/^Failed query: [\s\S]*/, 'Failed query');
  return withoutParams.replace(/"([^"]*)"|'([^']*)'/g, (quoted, double?: string, single?: string) =>
    known.has(double ?? single ?? '') ? quoted : double !== undefined ? '"?"' : "'?'",
  );
}

const frames = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/**
 * The logger's `err` serializer. Database errors keep only what helps without the data: type, SQLSTATE,
 * the SQL text with its `$n` placeholders, constraint/table/column names, a scrubbed message and the stack
 * frames — never `params`, PostgreSQL's `detail` ("Failing row contains ...") or `where`. Other errors
 * keep their message, stack and own fields, with URLs redacted.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return redactLogObject(error);
  const e = error as AnyError;
  const cause = depth < 4 && e.cause !== undefined ? serializeError(e.cause, depth + 1) : undefined;
  if (isDatabaseError(e)) {
    const out: Record<string, unknown> = { type: e.constructor?.name ?? 'Error', database: true };
    for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const) {
      if (typeof e[key] === 'string') out[key] = e[key];
    }
    const names = ['constraint', 'table', 'column', 'schema'].flatMap((key) =>
      typeof e[key] === 'string' ? [e[key] as string] : [],
    );
    out.message = scrubDatabaseMessage(e.message, typeof e.query === 'string' ? e.query : '', names);
    if (typeof e.query === 'string') out.query = e.query;
    out.stack = frames(e.stack);
    if (cause !== undefined) out.cause = cause;
    return out;
  }
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? 'Error',
    message: redactUrl(e.message),
    stack: redactUrl(e.stack ?? ''),
  };
  for (const [key, value] of Object.entries(e)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    out[key] = redactLogObject(value);
  }
  if (cause !== undefined) out.cause = cause;
  return out;
}
