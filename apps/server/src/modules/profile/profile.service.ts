import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  type UpdateProfileInput,
  type UploadTarget,
} from '@recruitdesk/contracts/profile';
import { USER_ERRORS } from '@recruitdesk/contracts/users';
import { inTransaction } from '../../db/transaction';
import { randomToken } from '../../lib/crypto';
import { sanitizeMessageHtml } from '../../lib/message-html';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import { forbidden } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { createUploadTarget, takeUpload } from '../files/files.service';
import { getUserByUsername, pictureContentType, updateUser, type UserRow } from '../users/users.service';

let zones: Set<string> | undefined;
let zoneList: string[] | undefined;
export function isKnownTimeZone(zone: string): boolean {
  zones ??= new Set(listTimeZones());
  return zones.has(zone);
}

/**
 * Today's IANA names of zones that Node 20's ICU still lists only under their old names (Asia/Calcutta,
 * Europe/Kiev, …): a recruiter in Kolkata or Kyiv looks for the name they know. Both spellings are kept.
 */
const CURRENT_ZONE_NAMES = [
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
];

function runtimeKnows(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones this runtime knows (under old and current names), plus UTC, sorted. */
export function listTimeZones(): string[] {
  zoneList ??= [
    ...new Set([...Intl.supportedValuesOf('timeZone'), ...CURRENT_ZONE_NAMES.filter(runtimeKnows), 'UTC']),
  ].sort();
  return zoneList;
}

const fieldError = (field: string, message: string, code = 'VALIDATION_FAILED') =>
  fieldsError({ [field]: [message] }, code);

/**
 * Any signed-in user may change their own name, username, theme, sidebar preference and time zone (never
 * their user type).
 */
export async function updateOwnProfile(deps: Deps, actor: UserRow, input: UpdateProfileInput): Promise<UserRow> {
  if (input.time_zone !== undefined && !isKnownTimeZone(input.time_zone))
    throw fieldError('time_zone', PROFILE_MESSAGES.timeZone);
  const values: Partial<
    Pick<UserRow, 'theme' | 'sidebarCollapsed' | 'timeZone' | 'firstName' | 'lastName' | 'username' | 'emailSignature'>
  > = {};
  if (input.theme !== undefined) values.theme = input.theme;
  if (input.sidebar_collapsed !== undefined) values.sidebarCollapsed = input.sidebar_collapsed;
  if (input.time_zone !== undefined) values.timeZone = input.time_zone;
  if (input.first_name !== undefined) values.firstName = input.first_name;
  if (input.last_name !== undefined) values.lastName = input.last_name;
  if (input.email_signature !== undefined) values.emailSignature = sanitizeMessageHtml(input.email_signature);
  if (input.username !== undefined && input.username !== actor.username) {
    const other = await getUserByUsername(deps.db, input.username);
    if (other && other.id !== actor.id) throw fieldError('username', USER_ERRORS.USERNAME_TAKEN, 'USERNAME_TAKEN');
    values.username = input.username;
  }
  if (Object.keys(values).length === 0) return actor;
  try {
    return await inTransaction(deps.db, async (tx) => {
      const updated = await updateUser(tx, actor.id, values);
      await recordActivity(tx, {
        actor: updated,
        verb: 'updated',
        modelType: 'profile',
        objectId: actor.id,
        summary: `${updated.email} updated their profile (${Object.keys(values).join(', ')})`,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('username', USER_ERRORS.USERNAME_TAKEN, 'USERNAME_TAKEN');
    throw error;
  }
}

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
type PictureType = keyof typeof EXTENSIONS;
const UPLOAD_SECONDS = 15 * 60;
const pictureKey = (userId: number, extension: string) => `profile-pictures/${userId}/${randomToken(18)}.${extension}`;
const pictureKeyPattern = (userId: number) =>
  new RegExp(`^profile-pictures/${userId}/[A-Za-z0-9_-]{16,64}\\.(png|jpg|webp)$`);

/** Where to PUT a new picture: a generated key under the user's own prefix, signed for 15 minutes. */
export async function createPictureUploadTarget(
  deps: Deps,
  user: UserRow,
  input: { content_type: PictureType; size: number },
): Promise<UploadTarget> {
  return createUploadTarget(deps, {
    key: pictureKey(user.id, EXTENSIONS[input.content_type]),
    contentType: input.content_type,
    size: input.size,
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    userId: user.id,
    expiresInSeconds: UPLOAD_SECONDS,
  });
}

/** The image type the bytes really are (magic bytes), or null. */
export function sniffImageType(bytes: Buffer): PictureType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * Checks the uploaded object (owner by key prefix, an open upload link, size, content by magic bytes) and
 * makes it the user's picture, stored under a new key (the link is used up); the previous picture is
 * deleted. Refused objects are deleted too.
 */
export async function confirmPicture(deps: Deps, user: UserRow, uploadKey: string): Promise<UserRow> {
  if (!pictureKeyPattern(user.id).test(uploadKey)) throw forbidden();
  const extension = uploadKey.split('.').pop() ?? '';
  const key = pictureKey(user.id, extension);
  await takeUpload(deps, {
    userId: user.id,
    key: uploadKey,
    maxBytes: PROFILE_PICTURE_MAX_BYTES,
    messages: { missing: PROFILE_MESSAGES.pictureMissing, tooLarge: PROFILE_MESSAGES.pictureTooLarge },
    check: (bytes) => {
      const type = sniffImageType(bytes);
      return type && EXTENSIONS[type] === extension
        ? null
        : new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PROFILE_MESSAGES.pictureType);
    },
    finalKey: key,
    contentType: pictureContentType(key),
  });
  return replacePicture(deps, user, key, 'changed their profile picture', 'old picture delete failed');
}

export async function removePicture(deps: Deps, user: UserRow): Promise<UserRow> {
  if (!user.profilePictureKey) return user;
  return replacePicture(deps, user, null, 'removed their profile picture', 'picture delete failed');
}

/**
 * Points the profile at the picture under `key` (or at none) and records it, then deletes the previous
 * picture's file; a failed delete is only logged (`failedDelete`).
 */
async function replacePicture(
  deps: Deps,
  user: UserRow,
  key: string | null,
  change: string,
  failedDelete: string,
): Promise<UserRow> {
  const previous = user.profilePictureKey;
  const updated = await inTransaction(deps.db, async (tx) => {
    const row = await updateUser(tx, user.id, { profilePictureKey: key });
    await recordActivity(tx, {
      actor: row,
      verb: 'updated',
      modelType: 'profile',
      objectId: user.id,
      summary: `${row.email} ${change}`,
    });
    return row;
  });
  if (previous && previous !== key)
    await deps.storage.delete(previous).catch((error: unknown) => deps.log.warn({ err: error }, failedDelete));
  return updated;
}
