import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config/env';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const PRESESSION_COOKIE = 'presession';

const base = (config: AppConfig) => ({ path: '/', sameSite: 'lax' as const, secure: config.cookieSecure });

/** maxAge: the remember-me lifetime in seconds, or null for a browser session. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, maxAge: number | null) {
  // Without remember-me: no Max-Age, so the browser drops it when it closes (the server also idles it out).
  void reply.setCookie(SESSION_COOKIE, token, {
    ...base(config),
    httpOnly: true,
    ...(maxAge !== null ? { maxAge } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  void reply.clearCookie(SESSION_COOKIE, { ...base(config), httpOnly: true });
}

export function setCsrfCookie(reply: FastifyReply, config: AppConfig, token: string) {
  // Readable by the SPA, which copies it into the X-CSRFToken header.
  void reply.setCookie(CSRF_COOKIE, token, { ...base(config), httpOnly: false, maxAge: 365 * 24 * 60 * 60 });
}

export function setPresessionCookie(reply: FastifyReply, config: AppConfig, value: string) {
  void reply.setCookie(PRESESSION_COOKIE, value, { ...base(config), httpOnly: true });
}

export function clearPresessionCookie(reply: FastifyReply, config: AppConfig) {
  void reply.clearCookie(PRESESSION_COOKIE, { ...base(config), httpOnly: true });
}
