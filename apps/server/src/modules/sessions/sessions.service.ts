import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import type { Session } from '@recruitdesk/contracts/sessions';
import { SESSION_MESSAGES } from '@recruitdesk/contracts/sessions';
import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { randomToken, sha256 } from '../../lib/crypto';
import { requireUser, type UserRow } from '../users/users.service';
import {
  countLiveSessionRows,
  deleteOtherSessionRows,
  deleteSessionRowOfUser,
  listSessionRowsOfUser,
  deleteSessionByTokenHash,
  deleteSessionRow,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  updateSessionRow,
} from './sessions.repository';
import type { SessionRow } from './sessions.table';

export type { SessionRow } from './sessions.table';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's session, loaded with `request.user` by the session loader (session-loader.ts). */
    session: SessionRow | null;
  }
}

/** The signed-in user and their current session, or 401. */
export function requireSession(request: FastifyRequest): { user: UserRow; session: SessionRow } {
  const user = requireUser(request);
  if (!request.session) throw new AppError('NOT_AUTHENTICATED', 401, AUTH_MESSAGES.notAuthenticated);
  return { user, session: request.session };
}

export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
export const IDLE_TIMEOUT_SECONDS = 8 * 60 * 60;
const TOUCH_INTERVAL_MS = 60_000;

export interface NewSessionInput {
  userId: number;
  rememberMe: boolean;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

/** Creates a session; returns the raw cookie token (only its hash is stored). */
export async function createSession(db: Db, input: NewSessionInput): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken(32);
  const lifetime = input.rememberMe ? REMEMBER_ME_SECONDS : IDLE_TIMEOUT_SECONDS;
  const session = await insertSession(db, {
    tokenHash: sha256(token),
    userId: input.userId,
    rememberMe: input.rememberMe,
    createdAt: input.now,
    lastSeenAt: input.now,
    expiresAt: new Date(input.now.getTime() + lifetime * 1000),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
  });
  return { token, session };
}

/**
 * Resolves a cookie token to a live session and active user, or null. Browser sessions slide their idle
 * expiry; last_seen is written at most once a minute to keep reads cheap.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (!token || token.length > 128) return null;
  const found = await findSessionWithUser(db, sha256(token));
  if (!found) return null;
  const { session, user } = found;
  if (session.expiresAt.getTime() <= now.getTime()) {
    await deleteSessionRow(db, session.id);
    return null;
  }
  if (!user.isActive) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    const values: { lastSeenAt: Date; expiresAt?: Date } = { lastSeenAt: now };
    if (!session.rememberMe) values.expiresAt = new Date(now.getTime() + IDLE_TIMEOUT_SECONDS * 1000);
    await updateSessionRow(db, session.id, values);
    Object.assign(session, values);
  }
  return { session, user };
}

/** Whether the cookie names a live session whose user has been deactivated (the chat socket closes with 4002). */
export async function isSessionOfInactiveUser(db: Db, token: string, now: Date): Promise<boolean> {
  if (!token || token.length > 128) return false;
  const found = await findSessionWithUser(db, sha256(token));
  return Boolean(found && found.session.expiresAt.getTime() > now.getTime() && !found.user.isActive);
}

export const deleteSession = (db: Db, id: number) => deleteSessionRow(db, id);
export const deleteSessionByToken = (db: Db, token: string) => deleteSessionByTokenHash(db, sha256(token));
/** Ends every session of a user (password reset, deactivation), optionally keeping one. */
export const deleteAllSessionsOfUser = (db: Db, userId: number, exceptSessionId?: number) =>
  deleteSessionsOfUser(db, userId, exceptSessionId);

export const countLiveSessions = (db: Db, userId: number, now: Date) => countLiveSessionRows(db, userId, now);

/** 'Chrome 126 on Linux' from a user agent; 'Unknown device' when it says nothing useful. */
export function describeDevice(userAgent: string | null): {
  device: string;
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { device: 'Unknown device', browser: null, os: null };
  const result = UAParser(userAgent);
  const browser = result.browser.name ? [result.browser.name, result.browser.major].filter(Boolean).join(' ') : null;
  const os = result.os.name
    ? [
        result.os.name,
        result.os.version && !/^(Linux|Ubuntu)$/.test(result.os.name) ? result.os.version.split('.')[0] : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;
  const device = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { device, browser, os };
}

function toApiSession(row: SessionRow, currentId: number): Session {
  return {
    id: row.id,
    ...describeDevice(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    remember_me: row.rememberMe,
    current: row.id === currentId,
  };
}

/** The signed-in user's own live sessions, most recently seen first. */
export async function listOwnSessions(deps: Deps, user: UserRow, current: SessionRow): Promise<Session[]> {
  const rows = await listSessionRowsOfUser(deps.db, user.id, deps.config.now());
  return rows.map((row) => toApiSession(row, current.id));
}

/** Ends one of the user's own sessions (another user's id is simply not found); returns whether it was the current one. */
export async function revokeOwnSession(
  deps: Deps,
  user: UserRow,
  current: SessionRow,
  id: number,
): Promise<{ current: boolean }> {
  return inTransaction(deps.db, async (tx) => {
    const deleted = await deleteSessionRowOfUser(tx, user.id, id);
    if (!deleted) throw new AppError('NOT_FOUND', 404, SESSION_MESSAGES.notFound);
    await recordActivity(tx, {
      actor: user,
      verb: id === current.id ? 'signed_out' : 'session_revoked',
      modelType: 'session',
      objectId: id,
      summary: `${user.email} signed out a session`,
    });
    return { current: id === current.id };
  });
}

export async function revokeOtherSessions(deps: Deps, user: UserRow, current: SessionRow): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const revoked = await deleteOtherSessionRows(tx, user.id, current.id);
    await recordActivity(tx, {
      actor: user,
      verb: 'sessions_revoked',
      modelType: 'session',
      objectId: null,
      summary: `${user.email} signed out ${revoked} other session${revoked === 1 ? '' : 's'}`,
    });
    return revoked;
  });
}
