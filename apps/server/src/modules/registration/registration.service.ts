import {
  INVITATION_CONFLICTS,
  INVITATION_ERRORS,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationErrorCode,
  type ValidateInvitationResponse,
} from '@recruitdesk/contracts/registration';
import { USER_ERRORS, USER_TYPE_DESCRIPTIONS, USER_TYPES, type UserType } from '@recruitdesk/contracts/users';
import { inTransaction } from '../../db/transaction';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import { assertCan, can } from '../../lib/permissions';
import type { Limit } from '../../lib/throttle';
import { recordActivity } from '../activity/activity.service';
import {
  checkPasswordPolicy,
  openSession,
  recordAccountEvent,
  type OpenedSession,
  type RequestMeta,
} from '../auth/auth.service';
import { getAgencySettings } from '../settings/settings.service';
import {
  createUser,
  displayName,
  getUserByEmail,
  getUserById,
  getUserByUsername,
  userTypesOfRow,
  type UserRow,
} from '../users/users.service';
import {
  acceptInvitationRow,
  findInvitationById,
  findInvitationByTokenHash,
  findPendingInvitationForEmail,
  insertInvitation,
  listPendingInvitationRows,
  updateInvitationRow,
  type InviterRights,
} from './registration.repository';
import type { InvitationRow } from './invitations.table';

export const INVITATION_SECONDS = 7 * 24 * 60 * 60;
const ONE_HOUR = 60 * 60;
const FIFTEEN_MINUTES = 15 * 60;

const inviterLimit = (userId: number): Limit => ({ key: `invite:user:${userId}`, max: 50, windowSeconds: ONE_HOUR });
const lookupLimit = (ip: string): Limit => ({ key: `invite-lookup:ip:${ip}`, max: 20, windowSeconds: FIFTEEN_MINUTES });

function tooMany(seconds: number, message: string): AppError {
  return new AppError('TOO_MANY_REQUESTS', 429, message, { headers: { 'Retry-After': String(seconds) } });
}

export function listUserTypes() {
  return USER_TYPES.map((value) => ({ value, ...USER_TYPE_DESCRIPTIONS[value] }));
}

function statusOf(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.cancelledAt) return 'cancelled';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

function toApiInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    user_type: row.userType.filter((type): type is UserType => (USER_TYPES as readonly string[]).includes(type)),
    status: statusOf(row, now),
    invited_by:
      row.invitedById === null && !row.invitedByName ? null : { id: row.invitedById, name: row.invitedByName },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_sent_at: row.lastSentAt.toISOString(),
  };
}

/** Owners and superusers invite; only an owner may grant owner (design §3, security §13). */
function assertMayInvite(actor: UserRow, types: readonly string[]): void {
  assertCan(actor, 'users.manage');
  if (types.includes('owner') && !userTypesOfRow(actor).includes('owner')) {
    throw new AppError('OWNER_ONLY', 403, INVITATION_MESSAGES.ownerOnly);
  }
}

/**
 * Whether the inviter may still send an invitation for these types: active, owner or superuser, and an
 * owner for an owner invitation. An invitation whose inviter lost that right (demoted, deactivated,
 * deleted) is dead: it is neither listed as pending nor usable.
 */
function inviterMaySend(inviter: InviterRights | null | undefined, types: readonly string[]): boolean {
  if (!inviter?.isActive) return false;
  return can(inviter, 'users.manage') && (!types.includes('owner') || inviter.userType.includes('owner'));
}

/**
 * Only an owner changes an owner's invitation (one an owner sent, or one that grants owner): a superuser
 * can neither cancel nor resend it. The callers check `users.manage` before they load the invitation, so
 * someone without it learns nothing of which invitations exist.
 */
async function assertMayChange(deps: Deps, actor: UserRow, row: InvitationRow): Promise<void> {
  if (userTypesOfRow(actor).includes('owner')) return;
  const inviter = row.invitedById === null ? undefined : await getUserById(deps.db, row.invitedById);
  if (row.userType.includes('owner') || (inviter && userTypesOfRow(inviter).includes('owner')))
    throw new AppError('OWNER_ONLY', 403, INVITATION_MESSAGES.ownersInvitation);
}

async function throttleInviter(deps: Deps, actor: UserRow): Promise<void> {
  const limit = inviterLimit(actor.id);
  const wait = await deps.throttle.reserve([limit]);
  if (wait !== null) throw tooMany(wait, INVITATION_MESSAGES.tooMany);
}

async function sendInvitationMail(deps: Deps, row: InvitationRow, token: string, inviter: UserRow): Promise<void> {
  const { agency_name: agency } = await getAgencySettings(deps.db);
  const link = `${deps.config.publicUrl}/auth/register-from-token/${token}`;
  const types = row.userType.map((type) => USER_TYPE_DESCRIPTIONS[type as UserType]?.label ?? type).join(', ');
  try {
    await deps.mailer.send({
      to: row.email,
      subject: `${displayName(inviter)} invited you to ${agency} on RecruitDesk`,
      text: [
        'Hello,',
        '',
        `${displayName(inviter)} invited you to join ${agency} on RecruitDesk as ${types}.`,
        'To create your account, open this link within 7 days:',
        '',
        link,
        '',
        'If you did not expect this invitation, you can ignore this email.',
        '',
        'RecruitDesk',
      ].join('\n'),
    });
  } catch (error) {
    deps.log.error({ err: error, invitationId: row.id }, 'invitation mail failed');
  }
}

export async function createInvitation(
  deps: Deps,
  actor: UserRow,
  input: { email: string; user_type: UserType[] },
): Promise<Invitation> {
  assertMayInvite(actor, input.user_type);
  await throttleInviter(deps, actor);
  const email = input.email.trim().toLowerCase();
  const now = deps.config.now();
  const token = randomToken(32);
  const row = await inTransaction(deps.db, async (tx) => {
    if (await getUserByEmail(tx, email))
      throw new AppError('ACCOUNT_EXISTS', 409, INVITATION_CONFLICTS.ACCOUNT_EXISTS, {
        fields: { email: [INVITATION_CONFLICTS.ACCOUNT_EXISTS] },
      });
    if (await findPendingInvitationForEmail(tx, email, now)) {
      throw new AppError('INVITATION_PENDING', 409, INVITATION_CONFLICTS.INVITATION_PENDING, {
        fields: { email: [INVITATION_CONFLICTS.INVITATION_PENDING] },
      });
    }
    const created = await insertInvitation(tx, {
      email,
      userType: input.user_type,
      tokenHash: sha256(token),
      invitedById: actor.id,
      invitedByName: displayName(actor),
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_SECONDS * 1000),
      lastSentAt: now,
    });
    await recordActivity(tx, {
      actor,
      verb: 'invited',
      modelType: 'invitation',
      objectId: created.id,
      summary: `${displayName(actor)} invited ${email} as ${input.user_type.join(', ')}`,
    });
    return created;
  });
  await sendInvitationMail(deps, row, token, actor);
  return toApiInvitation(row, now);
}

export async function listPendingInvitations(deps: Deps, actor: UserRow): Promise<Invitation[]> {
  assertCan(actor, 'users.manage');
  const now = deps.config.now();
  return (await listPendingInvitationRows(deps.db, now))
    .filter(({ invitation, inviter }) => inviterMaySend(inviter, invitation.userType))
    .map(({ invitation }) => toApiInvitation(invitation, now));
}

async function loadChangeable(deps: Deps, id: number): Promise<InvitationRow> {
  const row = await findInvitationById(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, INVITATION_MESSAGES.notFound);
  if (row.acceptedAt || row.cancelledAt) throw new AppError('NOT_PENDING', 409, INVITATION_MESSAGES.notPending);
  return row;
}

/** Changes a pending invitation and records what `actor` did to it. */
async function changeInvitation(
  deps: Deps,
  actor: UserRow,
  row: InvitationRow,
  verb: 'cancelled' | 'resent',
  values: Parameters<typeof updateInvitationRow>[2],
): Promise<InvitationRow> {
  return inTransaction(deps.db, async (tx) => {
    const result = await updateInvitationRow(tx, row.id, values);
    if (!result) throw new AppError('NOT_FOUND', 404, INVITATION_MESSAGES.notFound);
    await recordActivity(tx, {
      actor,
      verb,
      modelType: 'invitation',
      objectId: row.id,
      summary: `${displayName(actor)} ${verb} the invitation for ${row.email}`,
    });
    return result;
  });
}

/** Pending or expired invitations can be cancelled; used or cancelled ones answer 409. */
export async function cancelInvitation(deps: Deps, actor: UserRow, id: number): Promise<Invitation> {
  assertCan(actor, 'users.manage');
  const row = await loadChangeable(deps, id);
  await assertMayChange(deps, actor, row);
  const now = deps.config.now();
  const updated = await changeInvitation(deps, actor, row, 'cancelled', { cancelledAt: now });
  return toApiInvitation(updated, now);
}

/** A new token (the old link dies) and a new 7-day expiry, mailed again. */
export async function resendInvitation(deps: Deps, actor: UserRow, id: number): Promise<Invitation> {
  assertCan(actor, 'users.manage');
  const row = await loadChangeable(deps, id);
  await assertMayChange(deps, actor, row);
  assertMayInvite(actor, row.userType);
  await throttleInviter(deps, actor);
  if (await getUserByEmail(deps.db, row.email))
    throw new AppError('ACCOUNT_EXISTS', 409, INVITATION_CONFLICTS.ACCOUNT_EXISTS);
  const now = deps.config.now();
  const token = randomToken(32);
  const updated = await changeInvitation(deps, actor, row, 'resent', {
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITATION_SECONDS * 1000),
    lastSentAt: now,
    // The resender now stands behind the invitation (it lives as long as their right to send it).
    invitedById: actor.id,
    invitedByName: displayName(actor),
  });
  await sendInvitationMail(deps, updated, token, actor);
  return toApiInvitation(updated, now);
}

function tokenError(code: InvitationErrorCode): AppError {
  return new AppError(code, code === 'INVITATION_NOT_FOUND' ? 404 : 410, INVITATION_ERRORS[code]);
}

/** Finds a usable invitation for a raw token; failed lookups count against the caller's IP. */
async function usableInvitation(deps: Deps, token: string, ip: string): Promise<InvitationRow> {
  const limit = lookupLimit(ip);
  // Reserved before the lookup, so parallel guesses cannot outrun the count; a hit gives it back.
  const wait = await deps.throttle.reserve([limit]);
  if (wait !== null) throw tooMany(wait, INVITATION_MESSAGES.tooManyLookups);
  const row = await findInvitationByTokenHash(deps.db, sha256(token));
  let status = row ? statusOf(row, deps.config.now()) : null;
  if (row && status === 'pending') {
    const inviter = row.invitedById === null ? undefined : await getUserById(deps.db, row.invitedById);
    if (!inviterMaySend(inviter, row.userType)) status = 'cancelled';
  }
  if (!row || status !== 'pending') {
    throw tokenError(
      status === 'accepted'
        ? 'INVITATION_USED'
        : status === 'cancelled'
          ? 'INVITATION_CANCELLED'
          : status === 'expired'
            ? 'INVITATION_EXPIRED'
            : 'INVITATION_NOT_FOUND',
    );
  }
  await deps.throttle.release([limit]);
  return row;
}

export async function validateInvitation(deps: Deps, token: string, ip: string): Promise<ValidateInvitationResponse> {
  const row = await usableInvitation(deps, token, ip);
  const invitation = toApiInvitation(row, deps.config.now());
  return {
    success: true,
    valid: true,
    email: row.email,
    user_type: invitation.user_type,
    expires_at: invitation.expires_at,
    agency_name: (await getAgencySettings(deps.db)).agency_name,
    invited_by: row.invitedByName || null,
  };
}

function usernameTaken(): AppError {
  return fieldsError({ username: [USER_ERRORS.USERNAME_TAKEN] }, 'USERNAME_TAKEN');
}

/**
 * Creates the account with exactly the invitation's email and user types (security §10), marks the
 * invitation used and signs the new user in through the login path.
 */
export async function completeRegistration(
  deps: Deps,
  input: { token: string; username: string; first_name: string; last_name: string; password: string },
  meta: RequestMeta,
): Promise<OpenedSession> {
  const invitation = await usableInvitation(deps, input.token, meta.ip);
  const problems = checkPasswordPolicy(input.password, {
    email: invitation.email,
    firstName: input.first_name,
    lastName: input.last_name,
  });
  if (problems.length) throw fieldsError({ password: problems });
  if (await getUserByUsername(deps.db, input.username)) throw usernameTaken();
  if (await getUserByEmail(deps.db, invitation.email))
    throw new AppError('ACCOUNT_EXISTS', 409, INVITATION_CONFLICTS.ACCOUNT_EXISTS);
  const now = deps.config.now();
  try {
    return await inTransaction(deps.db, async (tx) => {
      const user = await createUser(tx, {
        email: invitation.email,
        username: input.username,
        firstName: input.first_name,
        lastName: input.last_name,
        password: input.password,
        userType: invitation.userType.filter((type): type is UserType =>
          (USER_TYPES as readonly string[]).includes(type),
        ),
      });
      if (!(await acceptInvitationRow(tx, invitation.id, user.id, now))) throw tokenError('INVITATION_USED');
      await recordAccountEvent(
        tx,
        user,
        'registered',
        `${displayName(user)} joined as ${user.userType.join(', ')} (invited by ${invitation.invitedByName || 'a former user'})`,
      );
      return openSession(tx, deps, user, meta, false);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** A pending invitation without a mail (demo data); returns the raw token. */
export async function insertPendingInvitation(
  tx: Deps['db'],
  input: { email: string; userTypes: UserType[]; inviter: UserRow; now: Date },
): Promise<{ invitation: InvitationRow; token: string }> {
  const token = randomToken(32);
  const invitation = await insertInvitation(tx, {
    email: input.email.toLowerCase(),
    userType: input.userTypes,
    tokenHash: sha256(token),
    invitedById: input.inviter.id,
    invitedByName: displayName(input.inviter),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + INVITATION_SECONDS * 1000),
    lastSentAt: input.now,
  });
  await recordActivity(tx, {
    actor: input.inviter,
    verb: 'invited',
    modelType: 'invitation',
    objectId: invitation.id,
    summary: `${displayName(input.inviter)} invited ${invitation.email} as ${input.userTypes.join(', ')}`,
  });
  return { invitation, token };
}
