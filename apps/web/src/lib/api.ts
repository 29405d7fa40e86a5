/**
 * The one API wrapper (spec §7–§8): same-origin `/api/...` calls with cookie credentials, JSON by default,
 * a 10 s time-out, the CSRF header on changing requests (cookie first, else the token endpoint, cached
 * 5 minutes), one refresh-and-retry on a CSRF 403, the 401 session-expiry flow, and uploads/downloads.
 */

import { saveBlob } from './download';

export const API_BASE_URL = '';
export const API_TIMEOUT_MS = 10_000;
export const CSRF_CACHE_MS = 300_000;
export const CSRF_TOKEN_PATH = '/api/auth/csrf-token/';
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';

/** Calls whose 401 is an answer, not an expired session. */
const SESSION_EXPIRY_EXEMPT_PATHS = ['/api/auth/status/', '/api/auth/login/', '/api/auth/logout/'];

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;
  readonly isAuthError: boolean;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(
    status: number,
    message: string,
    options: { fields?: Record<string, string[]>; isAuthError?: boolean; code?: string; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = options.fields;
    this.isAuthError = options.isAuthError ?? status === 401;
    this.code = options.code;
    this.data = options.data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// ---------------------------------------------------------------------------------------------------------
// Session expiry: lib/ may not import the app layer, so the app registers the handler at start-up.

type SessionExpiredHandler = (error: ApiError) => void;
let sessionExpiredHandler: SessionExpiredHandler | null = null;

export function setSessionExpiredHandler(handler: SessionExpiredHandler | null): void {
  sessionExpiredHandler = handler;
}

function pathOf(url: string): string {
  const withoutQuery = url.split('?')[0] ?? url;
  return withoutQuery.startsWith(API_BASE_URL) ? withoutQuery.slice(API_BASE_URL.length) : withoutQuery;
}

function triggersSessionExpiry(path: string): boolean {
  const p = pathOf(path);
  return !SESSION_EXPIRY_EXEMPT_PATHS.some((exempt) => p === exempt || p === exempt.slice(0, -1));
}

// ---------------------------------------------------------------------------------------------------------
// CSRF

let csrfCache: { token: string; fetchedAt: number } | null = null;

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function clearCsrfCache(): void {
  csrfCache = null;
}

async function fetchCsrfTokenFromApi(): Promise<string | null> {
  try {
    const response = await fetchWithTimeout(`${API_BASE_URL}${CSRF_TOKEN_PATH}`, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { csrf_token?: unknown };
    if (typeof body.csrf_token !== 'string' || !body.csrf_token) return null;
    csrfCache = { token: body.csrf_token, fetchedAt: Date.now() };
    return body.csrf_token;
  } catch {
    return null;
  }
}

/** The CSRF token: the `csrftoken` cookie if present, else the token endpoint (cached 5 minutes). */
export async function getCsrfToken(options: { refresh?: boolean } = {}): Promise<string | null> {
  if (options.refresh) {
    clearCsrfCache();
    return (await fetchCsrfTokenFromApi()) ?? getCookie(CSRF_COOKIE_NAME);
  }
  const fromCookie = getCookie(CSRF_COOKIE_NAME);
  if (fromCookie) return fromCookie;
  if (csrfCache && Date.now() - csrfCache.fetchedAt < CSRF_CACHE_MS) return csrfCache.token;
  return fetchCsrfTokenFromApi();
}

// ---------------------------------------------------------------------------------------------------------
// Transport

async function fetchWithTimeout(url: string, init: RequestInit, timeoutMs: number = API_TIMEOUT_MS): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const outer = init.signal;
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'Request timed out. Please try again.', { code: 'TIMEOUT' });
    if (outer?.aborted) throw error; // the caller cancelled (e.g. RTK Query unsubscribed)
    throw new ApiError(0, 'Network error: the server could not be reached.', { code: 'NETWORK_ERROR' });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Error message order: `error`, then `message`, then `HTTP {status}: {statusText}`. */
export function errorMessageFrom(body: unknown, response: { status: number; statusText: string }): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return `HTTP ${response.status}: ${response.statusText}`;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  method?: string;
  /** A plain value is sent as JSON; FormData/Blob/URLSearchParams/string as is. */
  body?: unknown;
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function buildUrl(path: string, params?: QueryParams): string {
  const url = `${API_BASE_URL}${path}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

/** Sends a request through every rule of the wrapper and returns the raw successful response. */
async function send(path: string, options: ApiRequestOptions, isRetry = false): Promise<Response> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }

  if (CHANGING_METHODS.has(method)) {
    const token = await getCsrfToken({ refresh: isRetry });
    if (token) headers[CSRF_HEADER_NAME] = token;
    else console.warn('RecruitDesk: no CSRF token from the cookie or the API; sending the request without it.');
  }

  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  const response = await fetchWithTimeout(buildUrl(path, options.params), init, options.timeoutMs);
  if (response.ok) return response;

  const data = await readBody(response);
  const message = errorMessageFrom(data, response);
  const { fields, code } = (data && typeof data === 'object' ? data : {}) as {
    fields?: Record<string, string[]>;
    code?: string;
  };

  if (response.status === 403 && !isRetry && /csrf|forbidden/i.test(message)) {
    clearCsrfCache();
    return send(path, options, true);
  }

  const error = new ApiError(response.status, message, {
    fields,
    code,
    data,
    isAuthError: response.status === 401,
  });
  if (response.status === 401 && triggersSessionExpiry(path)) sessionExpiredHandler?.(error);
  throw error;
}

/** A JSON API call; resolves with the parsed body, rejects with `ApiError`. */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await readBody(response)) as T;
}

type BodyOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Multipart upload: a FormData, or a File sent as the `file` field, plus extra fields.
 * No JSON content type: the browser sets the multipart boundary.
 */
export async function apiUpload<T = unknown>(
  path: string,
  data: FormData | File | Blob,
  extra: Record<string, string | Blob> = {},
  options: { method?: 'POST' | 'PUT' | 'PATCH'; fieldName?: string; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<T> {
  let form: FormData;
  if (data instanceof FormData) {
    form = data;
  } else {
    form = new FormData();
    const name = data instanceof File ? data.name : 'upload';
    form.append(options.fieldName ?? 'file', data, name);
  }
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  const request: ApiRequestOptions = { method: options.method ?? 'POST', body: form };
  if (options.signal) request.signal = options.signal;
  if (options.timeoutMs) request.timeoutMs = options.timeoutMs;
  return apiRequest<T>(path, request);
}

/** True when `url` points at this app's own origin (relative URLs included). */
export function isSameOrigin(url: string): boolean {
  if (typeof window === 'undefined') return url.startsWith('/');
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * PUTs a file's bytes to a signed upload URL (local storage endpoint or an S3 presigned URL) with the
 * headers the server asked for. The CSRF header and cookies go only to our own origin: a presigned S3 URL
 * must not receive them. Resolves when the upload is stored; rejects with `ApiError`.
 */
export async function apiPutFile(
  url: string,
  file: Blob,
  headers: Record<string, string> = {},
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<void> {
  const sameOrigin = isSameOrigin(url);
  const sendHeaders: Record<string, string> = { ...headers };
  if (sameOrigin) {
    const token = await getCsrfToken();
    if (token) sendHeaders[CSRF_HEADER_NAME] = token;
  }
  const init: RequestInit = {
    method: 'PUT',
    headers: sendHeaders,
    body: file,
    credentials: sameOrigin ? 'include' : 'omit',
  };
  if (options.signal) init.signal = options.signal;
  const response = await fetchWithTimeout(url, init, options.timeoutMs ?? 60_000);
  if (response.ok) return;
  const data = await readBody(response);
  const error = new ApiError(response.status, errorMessageFrom(data, response), {
    data,
    isAuthError: response.status === 401,
  });
  if (response.status === 401 && sameOrigin) sessionExpiredHandler?.(error);
  throw error;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The filename from a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)''([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value ? value.trim() : null;
}

/**
 * Downloads a file (a spreadsheet, an invoice's PDF) through the wrapper (session, errors) and saves it
 * under the server's filename; resolves with the name used.
 */
export async function apiDownloadFile(
  path: string,
  options: {
    accept: string;
    fallbackName: string;
    params?: QueryParams;
    signal?: AbortSignal;
    /** POST for a download that is an action (logged, e.g. a person's data export); GET by default. */
    method?: 'GET' | 'POST';
  },
): Promise<string> {
  const request: ApiRequestOptions = {
    method: options.method ?? 'GET',
    headers: { Accept: `${options.accept}, application/json` },
  };
  if (options.params) request.params = options.params;
  if (options.signal) request.signal = options.signal;
  const response = await send(path, request);
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition')) ?? options.fallbackName;
  saveBlob(blob, filename);
  return filename;
}

/** Downloads a spreadsheet and saves it under the server's filename; resolves with the name used. */
export function apiDownloadXlsx(
  path: string,
  options: { fallbackName?: string; params?: QueryParams; signal?: AbortSignal } = {},
): Promise<string> {
  return apiDownloadFile(path, { ...options, accept: XLSX_MIME, fallbackName: options.fallbackName ?? 'export.xlsx' });
}
