import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import { hmac, randomToken, safeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { isApiRoute } from './auth';
import { who } from './error-handler';
import { CSRF_COOKIE, PRESESSION_COOKIE, setCsrfCookie, setPresessionCookie } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** What a CSRF token is bound to: the session, or the anonymous pre-session cookie. */
export const sessionBinding = (sessionId: number): string => `s:${sessionId}`;
const presessionBinding = (value: string): string => `p:${value}`;

function currentBinding(request: FastifyRequest): string | null {
  if (request.principal) return sessionBinding(request.principal.sessionId);
  const presession = request.cookies[PRESESSION_COOKIE];
  return presession ? presessionBinding(presession) : null;
}

export function makeCsrfToken(secret: string, binding: string): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmac(secret, `${binding}|${nonce}`)}`;
}

export function csrfTokenValid(secret: string, binding: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, hmac(secret, `${binding}|${nonce}`));
}

/** Issues a token for the given binding, or for the request's own (creating a pre-session if needed). */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppConfig,
  binding?: string,
): string {
  let target = binding ?? currentBinding(request);
  if (!target) {
    const presession = randomToken(32);
    setPresessionCookie(reply, config, presession);
    target = presessionBinding(presession);
  }
  const token = makeCsrfToken(config.secretKey, target);
  setCsrfCookie(reply, config, token);
  return token;
}

/** A fresh anonymous binding, for responses that end the session (logout). */
export function issueAnonymousCsrfToken(reply: FastifyReply, config: AppConfig): string {
  const presession = randomToken(32);
  setPresessionCookie(reply, config, presession);
  const token = makeCsrfToken(config.secretKey, presessionBinding(presession));
  setCsrfCookie(reply, config, token);
  return token;
}

/**
 * The app's own origin: PUBLIC_URL's when it is set; otherwise what the request was addressed to (with
 * TRUST_PROXY, the protocol and host the client used in front of the proxy).
 */
function ownOrigin(request: FastifyRequest, config: AppConfig): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** Whether an Origin header names this app (or a trusted origin); the chat socket requires one (security §23). */
export function originIsOwn(request: FastifyRequest, config: AppConfig, origin: string): boolean {
  return origin === ownOrigin(request, config) || config.trustedOrigins.includes(origin);
}

/** The Origin / Sec-Fetch-Site half of the check (also used by the careers form without JavaScript, decision 054). */
export function originAllowed(request: FastifyRequest, config: AppConfig): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return originIsOwn(request, config, origin);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

/** Security §6: on unsafe /api methods, the header must match the cookie and be signed for this binding. */
export default fp(async function csrf(app: FastifyInstance) {
  const { config } = app.deps;
  const refuse = (request: FastifyRequest, reason: string) => {
    request.log.warn({ ...who(request), reason }, 'CSRF check failed');
    return new AppError('CSRF_FAILED', 403, AUTH_MESSAGES.csrfFailed);
  };

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404 || !isApiRoute(request)) return;
    if (!originAllowed(request, config)) throw refuse(request, 'origin');
    // A link's token in the path is the proof, as a form without JavaScript posts it (decision 122).
    if (request.routeOptions.config.tokenLink) return;
    const header = request.headers['x-csrftoken'];
    const cookie = request.cookies[CSRF_COOKIE];
    if (typeof header !== 'string' || !header || !cookie) throw refuse(request, 'missing');
    if (!safeEqual(header, cookie)) throw refuse(request, 'mismatch');
    const binding = currentBinding(request);
    if (!binding || !csrfTokenValid(config.secretKey, binding, header)) throw refuse(request, 'binding');
  });
});
