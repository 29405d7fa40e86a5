import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Whether the route that will run is an API route. Gates decide on the matched route, never on the raw
 * URL: the router decodes `/%61pi/...` to `/api/...`, so a string test on `request.url` can be bypassed.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/api' || url.startsWith('/api/'));
}

/**
 * Who is signed in, as far as the platform needs to know: the user's id (logs, file links), their primary
 * user type (error reports) and the session the CSRF token binds to. The platform knows no users or
 * sessions module (decision 007): the sessions module registers this gate with its own `identify`.
 */
export interface Principal {
  userId: number;
  userType: string;
  sessionId: number;
}

export interface AuthGateOptions {
  /** Loads the request's session; null when nobody is signed in. Runs first on every request. */
  identify: (request: FastifyRequest) => Promise<Principal | null>;
}

/** Throws 401 unless someone is signed in. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('NOT_AUTHENTICATED', 401, AUTH_MESSAGES.notAuthenticated);
  return request.principal;
}

/**
 * Identifies the caller on every request, then denies every /api route that is not marked
 * `config: { public: true }` when nobody is signed in (deny by default).
 */
export default fp<AuthGateOptions>(async function authGate(app: FastifyInstance, options: AuthGateOptions) {
  app.decorateRequest('principal', null);

  // Swagger UI registers its own routes: public documentation outside production; in production the
  // docs and the OpenAPI document are for signed-in users only.
  const publicDocs = app.deps.config.nodeEnv !== 'production';
  app.addHook('onRoute', (route) => {
    if (
      publicDocs &&
      (route.url === '/api/docs' || route.url.startsWith('/api/docs/') || route.url === '/api/openapi.json')
    ) {
      route.config = { ...route.config, public: true };
    }
  });

  app.addHook('onRequest', async (request) => {
    request.principal = await options.identify(request);
    if (request.is404 || !isApiRoute(request)) return;
    if (request.routeOptions.config.public) return;
    requirePrincipal(request);
  });
});
