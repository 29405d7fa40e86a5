// Error tracking (spec §9, §6; issue 9 §5): what both SDKs share, so the server and the browser send the
// same thing. Plain TypeScript, no zod: the browser's lazily loaded tracking chunk uses it.

/** Spec §9 "full trace sampling, 10% session replays, 100% replays on error". */
export const ERROR_TRACKING_SAMPLING = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/**
 * Sentry 11's `dataCollection`: nothing about the person or the request beyond what beforeSend allows (no
 * user info, cookies, headers, bodies, query strings, database values or local variables).
 */
export const PRIVATE_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  databaseQueryData: false,
  stackFrameVariables: false,
};

/** The tag that carries the user's type ("the role is reported to error tracking", spec §6). */
export const USER_TYPE_TAG = 'user_type';

/** GET /api/config/: what the browser needs at run time (public; no secret in it: a DSN is public). */
export interface PublicConfigResponse {
  success: true;
  /** Error tracking is off when null. */
  sentry_dsn: string | null;
  environment: string;
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/** Replaces anything shaped like an email address, and drops a failed query's parameter values. */
export const scrubText = (text: string) => (text.split(/\nparams:/)[0] ?? '').replace(EMAIL, '[email]');

/** A URL without its query string and fragment (search words and tokens live there). */
export function scrubUrl(url: string): string {
  return scrubText(url.split(/[?#]/)[0] ?? '');
}

/** Request headers that may be sent; everything else (cookies, CSRF token, authorization) is dropped. */
const SAFE_HEADERS = new Set(['user-agent', 'accept', 'content-type', 'referer']);
/** Breadcrumbs that say where the user went and what was called, never what the console printed. */
const SAFE_BREADCRUMBS = new Set([
  'navigation',
  'fetch',
  'xhr',
  'http',
  'ui.click',
  'sentry.event',
  'sentry.transaction',
]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The parts of a Sentry event this scrubs (structural, so both SDKs' event types fit). */
export interface ScrubbableEvent {
  user?: Json | undefined | null;
  request?: Json | undefined;
  breadcrumbs?: Json[] | undefined;
  exception?: { values?: Json[] | undefined } | undefined;
  message?: string | undefined;
  extra?: Json | undefined;
  contexts?: Json | undefined;
  tags?: Json | undefined;
  server_name?: string | undefined;
}

function scrubBreadcrumb(crumb: Json): Json | null {
  if (typeof crumb.category !== 'string' || !SAFE_BREADCRUMBS.has(crumb.category)) return null;
  const copy: Json = { ...crumb };
  if (typeof copy.message === 'string') copy.message = scrubText(copy.message);
  if (isObject(copy.data)) {
    const data: Json = {};
    for (const key of ['url', 'from', 'to', 'method', 'status_code']) {
      const value = copy.data[key];
      if (typeof value === 'string') data[key] = scrubUrl(value);
      else if (typeof value === 'number') data[key] = value;
    }
    copy.data = data;
  }
  return copy;
}

/**
 * `beforeSend` for both SDKs: the user is reduced to its id (the type travels as a tag); request bodies,
 * cookies, query strings and all but a few headers are dropped; console breadcrumbs are dropped; email
 * addresses anywhere in messages are replaced. Names, candidate data and bodies never leave.
 */
export function scrubErrorEvent<E extends object>(original: E): E {
  const event = original as ScrubbableEvent;
  if (event.user) {
    const id = event.user.id;
    event.user = id === undefined || id === null ? undefined : { id: String(id) };
  }
  if (event.request) {
    const request = event.request;
    const headers: Json = {};
    if (isObject(request.headers)) {
      for (const [key, value] of Object.entries(request.headers)) {
        if (SAFE_HEADERS.has(key.toLowerCase()) && typeof value === 'string')
          headers[key] = key.toLowerCase() === 'referer' ? scrubUrl(value) : value;
      }
    }
    event.request = {
      ...(typeof request.method === 'string' ? { method: request.method } : {}),
      ...(typeof request.url === 'string' ? { url: scrubUrl(request.url) } : {}),
      headers,
    };
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.flatMap((crumb) => {
      const kept = scrubBreadcrumb(crumb);
      return kept ? [kept] : [];
    });
  }
  for (const value of event.exception?.values ?? []) {
    if (typeof value.value === 'string') value.value = scrubText(value.value);
  }
  if (typeof event.message === 'string') event.message = scrubText(event.message);
  delete event.extra;
  if (event.contexts) {
    // Runtime, OS, browser and trace facts stay; anything a caller attached goes.
    const kept: Json = {};
    for (const key of [
      'os',
      'runtime',
      'browser',
      'device',
      'culture',
      'app',
      'trace',
      'cloud_resource',
      'response',
      'react',
    ]) {
      if (key in event.contexts) kept[key] = event.contexts[key];
    }
    event.contexts = kept;
  }
  delete event.server_name;
  return original;
}
