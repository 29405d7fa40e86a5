import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import type { UserRow } from '../users/users.service';
import {
  deleteSessionByTokenHash,
  deleteSessionRow,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  updateSessionRow,
} from './sessions.repository';
import type { SessionRow } from './sessions.table';

export type { SessionRow } from './sessions.table';

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

export const deleteSession = (db: Db, id: number) => deleteSessionRow(db, id);
export const deleteSessionByToken = (db: Db, token: string) => deleteSessionByTokenHash(db, sha256(token));
/** Ends every session of a user (password reset, deactivation), optionally keeping one. */
export const deleteAllSessionsOfUser = (db: Db, userId: number, exceptSessionId?: number) =>
  deleteSessionsOfUser(db, userId, exceptSessionId);
