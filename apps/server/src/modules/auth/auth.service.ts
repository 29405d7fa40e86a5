import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { PROFILE_MESSAGES } from '@recruitdesk/contracts/profile';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { hmac, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import type { Limit } from '../../lib/throttle';
import { recordActivity } from '../activity/activity.service';
import {
  createSession,
  deleteAllSessionsOfUser,
  deleteSession,
  deleteSessionByToken,
  REMEMBER_ME_SECONDS,
  type SessionRow,
} from '../sessions/sessions.service';
import {
  getUserByEmail,
  getUserById,
  setPassword,
  updateUser,
  verifyDummyPassword,
  verifyPassword,
  type UserRow,
} from '../users/users.service';
import { checkPasswordPolicy } from './password-policy';

export { checkPasswordPolicy, PASSWORD_MESSAGES, type PasswordOwner } from './password-policy';
import { decodeUid, encodeUid, makeResetToken, resetTokenValid } from './reset-token';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

const loginLimits = (email: string, ip: string) => ({
  account: { key: `login:acct:${sha256(email)}`, max: 5, windowSeconds: FIFTEEN_MINUTES },
  ip: { key: `login:ip:${ip}`, max: 20, windowSeconds: FIFTEEN_MINUTES },
});

const resetLimits = (email: string, ip: string): Limit[] => [
  { key: `reset:acct:${sha256(email)}`, max: 5, windowSeconds: ONE_HOUR },
  { key: `reset:ip:${ip}`, max: 20, windowSeconds: ONE_HOUR },
];

function tooMany(retryAfter: number, message: string): AppError {
  return new AppError('TOO_MANY_REQUESTS', 429, message, { headers: { 'Retry-After': String(retryAfter) } });
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The session cookie the request carried, if any: deleted at sign-in (rotation). */
  previousToken: string | undefined;
}

export async function login(
  deps: Deps,
  input: { email: string; password: string; remember_me: boolean },
  meta: RequestMeta,
): Promise<OpenedSession> {
  const email = input.email.trim().toLowerCase();
  const limits = loginLimits(email, meta.ip);
  // Reserve first (security §8): the argon2 work is bounded by the limit, not by the request count.
  const wait = await deps.throttle.reserve([limits.account, limits.ip]);
  if (wait !== null) {
    deps.log.warn({ emailHash: sha256(email).slice(0, 16), ip: meta.ip }, 'sign-in throttled');
    throw tooMany(wait, AUTH_MESSAGES.tooManyAttempts);
  }

  const user = await getUserByEmail(deps.db, email);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyDummyPassword(input.password), false);
  if (!user || !passwordOk || !user.isActive) {
    deps.log.info({ emailHash: sha256(email).slice(0, 16), ip: meta.ip }, 'sign-in failed');
    throw new AppError('INVALID_CREDENTIALS', 400, AUTH_MESSAGES.invalidCredentials);
  }

  const result = await inTransaction(deps.db, (tx) => openSession(tx, deps, user, meta, input.remember_me));
  await deps.throttle.clear([limits.account.key]);
  await deps.throttle.release([limits.ip]);
  deps.log.info({ userId: user.id, ip: meta.ip }, 'sign-in succeeded');
  return result;
}

export interface OpenedSession {
  user: UserRow;
  token: string;
  session: SessionRow;
  maxAge: number | null;
}

/**
 * The one way a user becomes signed in (login, registration): the request's previous session cookie is
 * deleted (rotation), a new session is created, last_login is set and the sign-in is recorded. Run it
 * inside the caller's transaction; the route then calls `applySignIn` for the cookies.
 */
export async function openSession(
  tx: Db,
  deps: Pick<Deps, 'config'>,
  user: UserRow,
  meta: RequestMeta,
  rememberMe: boolean,
): Promise<OpenedSession> {
  const now = deps.config.now();
  if (meta.previousToken) await deleteSessionByToken(tx, meta.previousToken);
  const created = await createSession(tx, { userId: user.id, rememberMe, ip: meta.ip, userAgent: meta.userAgent, now });
  const updated = await updateUser(tx, user.id, { lastLogin: now });
  await recordAccountEvent(tx, updated, 'signed_in', `${updated.email} signed in`);
  return { ...created, user: updated, maxAge: rememberMe ? REMEMBER_ME_SECONDS : null };
}

export async function logout(deps: Deps, session: SessionRow | null, user: UserRow | null): Promise<void> {
  if (!session || !user) return;
  await inTransaction(deps.db, async (tx) => {
    await deleteSession(tx, session.id);
    await recordAccountEvent(tx, user, 'signed_out', `${user.email} signed out`);
  });
}

/** Same answer and near-same work for known and unknown emails (security §9). */
export async function requestPasswordReset(deps: Deps, rawEmail: string, ip: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const limits = resetLimits(email, ip);
  const wait = await deps.throttle.reserve(limits);
  if (wait !== null) throw tooMany(wait, 'Too many password reset requests. Please wait and try again.');

  const user = await getUserByEmail(deps.db, email);
  const now = deps.config.now();
  if (!user || !user.isActive) {
    hmac(deps.config.secretKey, `reset|0|${email}|${now.getTime()}`);
    return;
  }
  const link = `${deps.config.publicUrl}/auth/reset-password/${encodeUid(user.id)}/${makeResetToken(deps.config.secretKey, user, now)}`;
  // Not awaited, so a slow mail server cannot reveal which emails exist.
  deps.mailer
    .send({
      to: user.email,
      subject: 'Reset your RecruitDesk password',
      text: [
        `Hello ${user.firstName || user.email},`,
        '',
        'We received a request to reset the password for your RecruitDesk account.',
        'To choose a new password, open this link within 24 hours:',
        '',
        link,
        '',
        'If you did not ask for this, you can ignore this email; your password stays the same.',
        '',
        'RecruitDesk',
      ].join('\n'),
    })
    .catch((error: unknown) => deps.log.error({ err: error, userId: user.id }, 'password reset mail failed'));
}

export async function confirmPasswordReset(
  deps: Deps,
  input: { uid: string; token: string; new_password: string },
): Promise<void> {
  const invalid = () => new AppError('RESET_LINK_INVALID', 400, AUTH_MESSAGES.resetInvalid);
  const id = decodeUid(input.uid);
  const user = id === null ? undefined : await getUserById(deps.db, id);
  const now = deps.config.now();
  if (!user || !user.isActive || !resetTokenValid(deps.config.secretKey, user, input.token, now)) throw invalid();

  await replacePassword(deps, user, input.new_password, now, {
    verb: 'password_reset',
    summary: `${user.email} reset their password`,
  });
  await deps.throttle.clear([loginLimits(user.email, '').account.key]);
  deps.log.info({ userId: user.id }, 'password reset completed');
}

/**
 * Changes the signed-in user's password (security §5, §7, §8): the current password is required and its
 * failures count against the account's sign-in limit; success ends every other session of the user.
 */
export async function changePassword(
  deps: Deps,
  user: UserRow,
  currentSession: SessionRow,
  input: { current_password: string; new_password: string },
  ip: string,
): Promise<void> {
  const limits = loginLimits(user.email, ip);
  const wait = await deps.throttle.reserve([limits.account]);
  if (wait !== null) throw tooMany(wait, AUTH_MESSAGES.tooManyAttempts);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    deps.log.info({ userId: user.id, ip }, 'password change: wrong current password');
    throw fieldsError({
      current_password: [PROFILE_MESSAGES.wrongCurrentPassword],
    });
  }
  // The current password was right: this attempt is no failure, whatever happens next.
  await deps.throttle.release([limits.account]);
  await replacePassword(deps, user, input.new_password, deps.config.now(), {
    verb: 'password_changed',
    summary: `${user.email} changed their password`,
    keepSessionId: currentSession.id,
  });
  await deps.throttle.clear([limits.account.key]);
  deps.log.info({ userId: user.id }, 'password changed');
}

/** Records what a user did to their own account (signing in or out, a new password, joining). */
export function recordAccountEvent(tx: Db, user: UserRow, verb: string, summary: string): Promise<void> {
  return recordActivity(tx, { actor: user, verb, modelType: 'user', objectId: user.id, summary });
}

/**
 * A new password the user chose (a reset or a change): held to the password policy (400 with the problems),
 * then set; every session of the user ends but the one kept, and the event is recorded.
 */
async function replacePassword(
  deps: Deps,
  user: UserRow,
  password: string,
  now: Date,
  event: { verb: string; summary: string; keepSessionId?: number },
): Promise<void> {
  const problems = checkPasswordPolicy(password, user);
  if (problems.length) {
    throw fieldsError({ new_password: problems });
  }
  await inTransaction(deps.db, async (tx) => {
    await setPassword(tx, user.id, password, now);
    await deleteAllSessionsOfUser(tx, user.id, event.keepSessionId);
    await recordAccountEvent(tx, user, event.verb, event.summary);
  });
}
