import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES } from '@recruitdesk/contracts/auth';
import { primaryUserType, USER_TYPES, type User, type UserType } from '@recruitdesk/contracts/users';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import {
  countUserRows,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUserRow,
  updateUserRow,
} from './users.repository';
import type { NewUserRow, UserRow } from './users.table';

export type { UserRow } from './users.table';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded by the sessions module's session loader (modules/sessions/session-loader.ts). */
    user: UserRow | null;
  }
}

/** Returns the signed-in user or throws 401; for handlers of non-public routes. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('NOT_AUTHENTICATED', 401, AUTH_MESSAGES.notAuthenticated);
  return request.user;
}

// argon2id (the library default) with OWASP parameters (security §7): 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so unknown emails cost the same time as known ones. */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

export function userTypesOfRow(user: Pick<UserRow, 'userType'>): UserType[] {
  return user.userType.filter((type): type is UserType => (USER_TYPES as readonly string[]).includes(type));
}

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username || user.email;
}

function initialsOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const first = user.firstName.trim()[0] ?? '';
  const last = user.lastName.trim()[0] ?? '';
  const fromName = `${first}${last}`;
  return (fromName || (user.username || user.email).slice(0, 2)).toUpperCase();
}

/** The user as every API response shows it (contracts UserSchema); see `presentUser` for the picture URL. */
export function toApiUser(user: UserRow, pictureUrl: string | null = null): User {
  const types = userTypesOfRow(user);
  const role = primaryUserType(types);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    name: displayName(user),
    initials: initialsOf(user),
    role,
    user_role: role,
    user_type: types,
    profile_picture_url: pictureUrl,
    time_zone: user.timeZone,
    theme: user.theme === 'dark' ? 'dark' : 'light',
    sidebar_collapsed: user.sidebarCollapsed,
    email_signature: user.emailSignature,
    is_active: user.isActive,
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    date_joined: user.dateJoined.toISOString(),
  };
}

export const PICTURE_URL_SECONDS = 60 * 60;

const PICTURE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
/** Picture keys end in the extension of their checked type: profile-pictures/{userId}/{random}.{png|jpg|webp}. */
export const pictureContentType = (key: string): string =>
  PICTURE_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/**
 * The API user with a signed picture URL for the viewer (default: the user themself). The URL is the same
 * for a few minutes, so browsers cache the image, and valid for about an hour.
 */
export async function presentUser(
  deps: Pick<Deps, 'storage'>,
  user: UserRow,
  viewerId: number = user.id,
): Promise<User> {
  if (!user.profilePictureKey) return toApiUser(user);
  const url = await deps.storage.createDownloadUrl({
    key: user.profilePictureKey,
    userId: viewerId,
    disposition: 'inline',
    contentType: pictureContentType(user.profilePictureKey),
    expiresInSeconds: PICTURE_URL_SECONDS,
  });
  return toApiUser(user, url);
}

/**
 * The user in the contracts' shape, for the shared rules that read it (the menu's who-sees-what). Permission
 * checks take the row itself (lib/permissions).
 */
export const actorOf = (user: UserRow): { id: number; user_type: UserType[] } => ({
  id: user.id,
  user_type: userTypesOfRow(user),
});

export const getUserByUsername = (db: Db, username: string) => findUserByUsername(db, username);

export const getUserById = (db: Db, id: number) => findUserById(db, id);
export const getUserByEmail = (db: Db, email: string) => findUserByEmail(db, email);
export const countUsers = (db: Db) => countUserRows(db);

export interface CreateUserInput {
  email: string;
  password: string;
  userType: UserType[];
  username?: string;
  firstName?: string;
  lastName?: string;
  timeZone?: string;
  isActive?: boolean;
}

export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  return insertUserRow(db, {
    email,
    username: input.username ?? email,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    passwordHash: await hashPassword(input.password),
    userType: input.userType,
    isActive: input.isActive ?? true,
    timeZone: input.timeZone ?? 'UTC',
  });
}

export async function updateUser(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const row = await updateUserRow(db, id, values);
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

export async function setPassword(db: Db, id: number, password: string, now: Date): Promise<UserRow> {
  return updateUser(db, id, { passwordHash: await hashPassword(password), passwordChangedAt: now });
}
