import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env';
import { clearPresessionCookie, clearSessionCookie, setSessionCookie } from './cookies';
import { issueAnonymousCsrfToken, issueCsrfToken, sessionBinding } from './csrf';

/** The cookie half of signing in (login, registration): new session cookie, fresh CSRF token bound to it. */
export function applySignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppConfig,
  opened: { token: string; session: { id: number }; maxAge: number | null },
): void {
  setSessionCookie(reply, config, opened.token, opened.maxAge);
  clearPresessionCookie(reply, config);
  issueCsrfToken(request, reply, config, sessionBinding(opened.session.id));
}

/** The cookie half of signing out (logout, revoking the current session): no session cookie, a fresh anonymous CSRF token. */
export function applySignOut(reply: FastifyReply, config: AppConfig): void {
  clearSessionCookie(reply, config);
  issueAnonymousCsrfToken(reply, config);
}
