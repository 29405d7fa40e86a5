import {
  hasUserType,
  USER_ERRORS,
  type User,
  type UserDirectoryEntry,
  type UserListQuery,
  type UserType,
} from '@recruitdesk/contracts/users';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, can } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { countLiveSessions, deleteAllSessionsOfUser } from '../sessions/sessions.service';
import { deleteUserRow, listUserRows, lockActiveOwnerIds } from './user-admin.repository';
import {
  displayName,
  getUserById,
  presentUser,
  updateUser,
  userTypesOfRow,
  type UserRow,
} from '../users/users.service';

const notFound = () => new AppError('NOT_FOUND', 404, USER_ERRORS.NOT_FOUND);
const lastOwner = () => new AppError('LAST_OWNER', 409, USER_ERRORS.LAST_OWNER);
const ownerOnly = () => new AppError('OWNER_ONLY', 403, USER_ERRORS.OWNER_ONLY);
const selfLockout = () => new AppError('SELF_LOCKOUT', 409, USER_ERRORS.SELF_LOCKOUT);

const isOwner = (types: UserType[]) => types.includes('owner');
const isAdmin = (types: UserType[]) => types.includes('owner') || types.includes('superuser');

type ParsedListQuery = {
  search?: string | undefined;
  user_type?: UserType | undefined;
  is_active?: 'true' | 'false' | undefined;
  ordering: NonNullable<UserListQuery['ordering']>;
  page: number;
  page_size: number;
};

/** A colleague as the read-only directory shows them (no email, username or sign-in times). */
async function toDirectoryEntry(deps: Deps, row: UserRow, viewerId: number): Promise<UserDirectoryEntry> {
  const user = await presentUser(deps, row, viewerId);
  return {
    id: user.id,
    name: displayNameWithoutEmail(row),
    initials: user.initials,
    role: user.role,
    user_type: user.user_type,
    profile_picture_url: user.profile_picture_url,
    is_active: user.is_active,
  };
}

/** The directory never falls back to the email (which is also the default username) for a name. */
const displayNameWithoutEmail = (row: UserRow) =>
  `${row.firstName} ${row.lastName}`.trim() || (row.username.includes('@') ? '' : row.username) || 'Unnamed user';

export type UserList =
  | { view: 'admin'; results: User[]; count: number }
  | { view: 'directory'; results: UserDirectoryEntry[]; count: number };

/**
 * Owners and superusers get the full list; every other signed-in user the read-only directory (spec §6:
 * the Users item is shown to everyone), searched by name and sorted by name only.
 */
export async function listUsers(deps: Deps, actor: UserRow, query: ParsedListQuery): Promise<UserList> {
  const admin = can(actor, 'users.manage');
  const directoryOrdering = query.ordering.startsWith('-') ? '-name' : 'name';
  const { rows, count } = await listUserRows(deps.db, {
    search: query.search || undefined,
    searchNamesOnly: !admin,
    userType: query.user_type,
    isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
    ordering: admin ? query.ordering : directoryOrdering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  if (!admin)
    return {
      view: 'directory',
      results: await Promise.all(rows.map((row) => toDirectoryEntry(deps, row, actor.id))),
      count,
    };
  return { view: 'admin', results: await Promise.all(rows.map((row) => presentUser(deps, row, actor.id))), count };
}

async function loadTarget(deps: Deps, id: number): Promise<UserRow> {
  const target = await getUserById(deps.db, id);
  if (!target) throw notFound();
  return target;
}

export async function getUserDetail(
  deps: Deps,
  actor: UserRow,
  id: number,
): Promise<{ user: User; sessions_count: number }> {
  assertCan(actor, 'users.manage');
  const target = await loadTarget(deps, id);
  return {
    user: await presentUser(deps, target, actor.id),
    sessions_count: await countLiveSessions(deps.db, target.id, deps.config.now()),
  };
}

/**
 * The refusals shared by every change to another user's access, checked in this order:
 * 403 a non-owner touching an owner (or granting owner); 409 no active owner would remain; 409 locking yourself out.
 */
async function guardAccessChange(
  tx: Deps['db'],
  actor: UserRow,
  target: UserRow,
  after: { types: UserType[]; active: boolean },
): Promise<void> {
  const actorTypes = userTypesOfRow(actor);
  const before = userTypesOfRow(target);
  if (!isOwner(actorTypes) && (isOwner(before) || isOwner(after.types))) throw ownerOnly();
  const staysOwner = after.active && isOwner(after.types);
  if (target.isActive && isOwner(before) && !staysOwner) {
    const owners = await lockActiveOwnerIds(tx);
    if (owners.filter((id) => id !== target.id).length === 0) throw lastOwner();
  }
  if (actor.id === target.id) {
    const losesOwner = isOwner(before) && !isOwner(after.types);
    const losesAdmin = isAdmin(before) && !isAdmin(after.types);
    if (!after.active || losesOwner || losesAdmin) throw selfLockout();
  }
}

export async function changeUserRole(deps: Deps, actor: UserRow, id: number, types: UserType[]): Promise<User> {
  assertCan(actor, 'users.manage');
  const updated = await inTransaction(deps.db, async (tx) => {
    const target = await getUserById(tx, id);
    if (!target) throw notFound();
    await guardAccessChange(tx, actor, target, { types, active: target.isActive });
    const row = await updateUser(tx, id, { userType: types });
    await recordActivity(tx, {
      actor,
      verb: 'role_changed',
      modelType: 'user',
      objectId: id,
      summary: `${displayName(actor)} changed ${displayName(row)}'s user type from ${userTypesOfRow(target).join(', ') || 'none'} to ${types.join(', ')}`,
    });
    return row;
  });
  return presentUser(deps, updated, actor.id);
}

export async function setUserActive(deps: Deps, actor: UserRow, id: number, active: boolean): Promise<User> {
  assertCan(actor, 'users.manage');
  const updated = await inTransaction(deps.db, async (tx) => {
    const target = await getUserById(tx, id);
    if (!target) throw notFound();
    if (active && !hasUserType({ user_type: userTypesOfRow(actor) }, 'owner') && isOwner(userTypesOfRow(target)))
      throw ownerOnly();
    if (!active) await guardAccessChange(tx, actor, target, { types: userTypesOfRow(target), active: false });
    if (target.isActive === active) return target;
    const row = await updateUser(tx, id, { isActive: active });
    // Security §5: deactivation ends every session at once.
    if (!active) await deleteAllSessionsOfUser(tx, id);
    await recordActivity(tx, {
      actor,
      verb: active ? 'reactivated' : 'deactivated',
      modelType: 'user',
      objectId: id,
      summary: `${displayName(actor)} ${active ? 'reactivated' : 'deactivated'} ${displayName(row)}`,
    });
    return row;
  });
  return presentUser(deps, updated, actor.id);
}

/** Deletes the account; sessions go with it (cascade), activity keeps the author's name (actor_id → null). */
export async function deleteUser(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'users.manage');
  const pictureKey = await inTransaction(deps.db, async (tx) => {
    const target = await getUserById(tx, id);
    if (!target) throw notFound();
    await guardAccessChange(tx, actor, target, { types: [], active: false });
    await deleteAllSessionsOfUser(tx, id);
    await deleteUserRow(tx, id);
    await recordActivity(tx, {
      actor,
      verb: 'deleted',
      modelType: 'user',
      objectId: id,
      summary: `${displayName(actor)} deleted the account of ${displayName(target)} (${target.email})`,
    });
    return target.profilePictureKey;
  });
  if (pictureKey)
    await deps.storage
      .delete(pictureKey)
      .catch((error: unknown) => deps.log.warn({ err: error, key: pictureKey }, 'picture delete failed'));
}
