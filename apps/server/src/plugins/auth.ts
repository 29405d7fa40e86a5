import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { resolveSession } from '../modules/sessions/sessions.service';
import type { UserRow } from '../modules/users/users.service';
import type { SessionRow } from '../modules/sessions/sessions.service';
import { SESSION_COOKIE } from './cookies';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Returns the signed-in user or throws 401; for handlers of non-public routes. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('NOT_AUTHENTICATED', 401, AUTH_MESSAGES.notAuthenticated);
  return request.user;
}

/** The signed-in user and their current session, or 401. */
export function requireSession(request: FastifyRequest): { user: UserRow; session: SessionRow } {
  const user = requireUser(request);
  if (!request.session) throw new AppError('NOT_AUTHENTICATED', 401, AUTH_MESSAGES.notAuthenticated);
  return { user, session: request.session };
}

/**
 * Loads the session (with its user, in one query) for every request, then denies every /api route that
 * is not marked `config: { public: true }` when nobody is signed in.
 */
export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  // Swagger UI registers its own routes; they are public documentation.
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/') || route.url === '/api/openapi.json') {
      route.config = { ...route.config, public: true };
    }
  });

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const found = await resolveSession(app.deps.db, token, app.deps.config.now());
      if (found) {
        request.session = found.session;
        request.user = found.user;
      }
    }
    if (request.is404 || !isApiPath(request.url)) return;
    if (request.routeOptions.config.public) return;
    requireUser(request);
  });
});
