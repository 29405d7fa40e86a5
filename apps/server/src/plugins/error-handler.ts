import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_MESSAGES, isDatabaseUnavailable, isStorageFull } from '../lib/errors';
import { redactUrl } from '../lib/log-redaction';

type ErrorBody = {
  success: false;
  error: string;
  code?: string;
  fields?: Record<string, string[]>;
  [extra: string]: unknown;
};

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function fieldKey(instancePath: string): string {
  const key = instancePath.replace(/^\//, '').split('/').join('.');
  return key || 'non_field_errors';
}

export function who(request: FastifyRequest): { userId: number | null; route: string } {
  // The route pattern (`/api/files/upload/:token/`), never the URL with its values.
  return {
    userId: request.principal?.userId ?? null,
    route: `${request.method} ${request.routeOptions.url ?? redactUrl(request.url.split('?')[0] ?? '')}`,
  };
}

/** One error path (conventions habit 2): AppError, validation, parser errors, 404 and hidden 500s. */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 403) request.log.warn({ ...who(request), code: error.code }, 'request refused');
      if (error.headers) void reply.headers(error.headers);
      return sendError(reply, error.status, {
        ...error.extra,
        success: false,
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath);
        (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      request.log.info({ ...who(request), fields: Object.keys(fields) }, 'validation failed');
      return sendError(reply, 400, {
        success: false,
        error: ERROR_MESSAGES.validation,
        code: 'VALIDATION_FAILED',
        fields,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, { success: false, error: ERROR_MESSAGES.malformedJson, code: 'MALFORMED_JSON' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, { success: false, error: ERROR_MESSAGES.tooLarge, code: 'TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, {
          success: false,
          error: ERROR_MESSAGES.unsupportedMedia,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ ...who(request), code: error.code }, 'client error');
      const message = status === 404 ? ERROR_MESSAGES.notFound : 'The request could not be processed.';
      return sendError(reply, status, { success: false, error: message });
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL down or restarting: a short answer the client can retry, no stack, no error report.
      request.log.warn({ ...who(request), reason: error.message }, 'database unavailable');
      void reply.header('retry-after', '5');
      return sendError(reply, 503, {
        success: false,
        error: ERROR_MESSAGES.databaseUnavailable,
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    if (isStorageFull(error)) {
      // The transaction was rolled back; the operator must act, so it is logged as an error (without a stack).
      request.log.error(
        { ...who(request), reason: (error.cause as Error | undefined)?.message ?? error.message },
        'database storage full or read-only',
      );
      return sendError(reply, 503, { success: false, error: ERROR_MESSAGES.storageFull, code: 'STORAGE_FULL' });
    }
    request.log.error({ err: error, ...who(request) }, 'unexpected error');
    // Reported with the user's id and type only (issue 9 §5); off unless SENTRY_DSN is set.
    const principal = request.principal;
    app.deps.errorTracker?.capture(error, {
      user: principal ? { id: principal.userId, userType: principal.userType } : null,
      route: who(request).route,
    });
    return sendError(reply, 500, { success: false, error: ERROR_MESSAGES.internal });
  });
});
