import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, apiRequest, type QueryParams } from './api';

export interface ApiQueryArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: QueryParams;
  /** Extra request headers (e.g. `Idempotency-Key` on a send). */
  headers?: Record<string, string>;
  /** A longer time-out than the wrapper's 10 s (e.g. a mailbox connect that logs in first). */
  timeoutMs?: number;
}

/** The serialisable error RTK Query stores: the wrapper's ApiError as plain data. */
export interface ApiQueryError {
  status: number;
  message: string;
  fields?: Record<string, string[]>;
  isAuthError: boolean;
  code?: string;
  /**
   * The refusal's body as the server sent it (e.g. a 409's fresh record or the items it names); read it
   * with the feature's `…Of(error)` helpers.
   */
  data?: unknown;
}

export function toApiQueryError(error: unknown): ApiQueryError {
  if (error instanceof ApiError) {
    const out: ApiQueryError = { status: error.status, message: error.message, isAuthError: error.isAuthError };
    if (error.fields) out.fields = error.fields;
    if (error.code) out.code = error.code;
    if (error.data !== undefined) out.data = error.data;
    return out;
  }
  return { status: 0, message: error instanceof Error ? error.message : 'Unexpected error', isAuthError: false };
}

/** RTK Query's base query: every call goes through the spec's wrapper (lib/api.ts). */
export const apiBaseQuery: BaseQueryFn<string | ApiQueryArgs, unknown, ApiQueryError> = async (args, { signal }) => {
  const { url, method = 'GET', body, params, headers, timeoutMs } = typeof args === 'string' ? { url: args } : args;
  try {
    const options: Parameters<typeof apiRequest>[1] = { method, signal };
    if (body !== undefined) options.body = body;
    if (params) options.params = params;
    if (headers) options.headers = headers;
    if (timeoutMs) options.timeoutMs = timeoutMs;
    return { data: await apiRequest(url, options) };
  } catch (error) {
    if (signal.aborted && !(error instanceof ApiError)) {
      return { error: { status: 0, message: 'Request cancelled', isAuthError: false, code: 'ABORTED' } };
    }
    return { error: toApiQueryError(error) };
  }
};

export const TAG_TYPES = [
  'Activity',
  'Profile',
  'Session',
  'User',
  'Client',
  'Contact',
  'Role',
  'Candidate',
  'Pipeline',
  'Note',
  'JobQualification',
  'Invoice',
  'Invitation',
  'AgencySettings',
  'Chat',
  'JobPosting',
  'Application',
  'Import',
  'ImportMapping',
  'SkillAlias',
  'AgencyExport',
  'Message',
  'EmailTemplate',
  'Mailbox',
  'Sequence',
  'Notification',
  'Share',
  'Consent',
  'DataProtection',
  'RetentionSettings',
] as const;

/** The one RTK Query API; features add their endpoints with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** The message to show for any RTK Query / wrapper error. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
