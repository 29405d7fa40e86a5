import { JOB_DESCRIPTION_ERRORS, JOB_DESCRIPTION_MAX_BYTES, type JOB_DESCRIPTION_TYPES, type Role } from '@recruitdesk/contracts/roles';
import type { UploadTarget } from '@recruitdesk/contracts/profile';
import { inTransaction } from '../../db/transaction';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan, forbidden } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { actorOf, type UserRow } from '../users/users.service';
import { updateRoleRow } from './roles.repository';
import { descriptionFileOf, presentRole, requireRoleRow } from './roles.service';

type JobDescriptionType = (typeof JOB_DESCRIPTION_TYPES)[number];
const EXTENSIONS: Record<JobDescriptionType, 'pdf' | 'docx' | 'txt'> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
};
const CONTENT_TYPES: Record<'pdf' | 'docx' | 'txt', JobDescriptionType> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};
const UPLOAD_SECONDS = 15 * 60;
const DOWNLOAD_SECONDS = 10 * 60;

const JOB_DESCRIPTION_MESSAGES = JOB_DESCRIPTION_ERRORS;

/** Upload keys name the role and the uploading user, so a confirm only accepts the caller's own upload. */
const keyPattern = (roleId: number, userId: number) => new RegExp(`^job-descriptions/${roleId}/${userId}-[A-Za-z0-9_-]{16,64}\\.(pdf|docx|txt)$`);

export async function getJobDescription(deps: Deps, actor: UserRow, roleId: number): Promise<{ text: string; file: Role['description_file'] }> {
  assertCan(actorOf(actor), 'records.read');
  const role = await requireRoleRow(deps.db, roleId);
  return { text: role.descriptionText, file: descriptionFileOf(role) };
}

export async function updateJobDescriptionText(deps: Deps, actor: UserRow, roleId: number, text: string): Promise<{ text: string; file: Role['description_file'] }> {
  assertCan(actorOf(actor), 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  await inTransaction(deps.db, async (tx) => {
    await updateRoleRow(tx, roleId, { descriptionText: text, updatedAt: deps.config.now() });
    await recordActivity(tx, { actor, verb: 'updated', modelType: 'role', objectId: roleId, summary: `Updated the job description of role ${role.name}` });
  });
  return getJobDescription(deps, actor, roleId);
}

export async function createJobDescriptionUploadTarget(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: { filename: string; content_type: JobDescriptionType; size: number },
): Promise<UploadTarget> {
  assertCan(actorOf(actor), 'records.write');
  await requireRoleRow(deps.db, roleId);
  const key = `job-descriptions/${roleId}/${actor.id}-${randomToken(18)}.${EXTENSIONS[input.content_type]}`;
  return deps.storage.createUploadTarget({
    key,
    contentType: input.content_type,
    size: input.size,
    maxBytes: JOB_DESCRIPTION_MAX_BYTES,
    userId: actor.id,
    expiresInSeconds: UPLOAD_SECONDS,
  });
}

/** Whether the bytes really are the kind of file the extension says. */
export function looksLike(kind: 'pdf' | 'docx' | 'txt', bytes: Buffer): boolean {
  if (kind === 'pdf') return bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';
  if (kind === 'docx') {
    return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 && bytes.includes('word/', 0, 'latin1');
  }
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file name safe to show and to send in Content-Disposition: no paths, no control characters. */
export function sanitizeFilename(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200);
  const withName = cleaned || 'job-description';
  return withName.toLowerCase().endsWith(`.${extension}`) ? withName : `${withName}.${extension}`;
}

/**
 * Checks an uploaded file (the caller's own key for this role, size, content) and makes it the role's
 * job description file; the previous file is deleted. Refused objects are deleted too.
 */
export async function confirmJobDescriptionFile(deps: Deps, actor: UserRow, roleId: number, input: { key: string; filename: string }): Promise<Role> {
  assertCan(actorOf(actor), 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  if (!keyPattern(roleId, actor.id).test(input.key)) throw forbidden();
  const info = await deps.storage.head(input.key);
  if (!info) throw new AppError('NOT_FOUND', 404, JOB_DESCRIPTION_MESSAGES.missing);
  const refuse = async (error: AppError) => {
    await deps.storage.delete(input.key).catch(() => undefined);
    return error;
  };
  if (info.size > JOB_DESCRIPTION_MAX_BYTES) throw await refuse(new AppError('TOO_LARGE', 413, JOB_DESCRIPTION_MESSAGES.tooLarge));
  const bytes = await deps.storage.read(input.key);
  if (bytes.length > JOB_DESCRIPTION_MAX_BYTES) throw await refuse(new AppError('TOO_LARGE', 413, JOB_DESCRIPTION_MESSAGES.tooLarge));
  const kind = input.key.split('.').pop() as 'pdf' | 'docx' | 'txt';
  if (!looksLike(kind, bytes)) throw await refuse(new AppError('UNSUPPORTED_MEDIA_TYPE', 415, JOB_DESCRIPTION_MESSAGES.type));
  const filename = sanitizeFilename(input.filename, kind);
  const previous = role.descriptionFileKey;
  await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    await updateRoleRow(tx, roleId, {
      descriptionFileKey: input.key,
      descriptionFilename: filename,
      descriptionFileSize: bytes.length,
      descriptionContentType: CONTENT_TYPES[kind],
      descriptionUploadedAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, { actor, verb: 'updated', modelType: 'role', objectId: roleId, summary: `Uploaded job description ${filename} for role ${role.name}` });
  });
  if (previous && previous !== input.key) {
    await deps.storage.delete(previous).catch((error: unknown) => deps.log.warn({ err: error }, 'old job description delete failed'));
  }
  return presentRole(deps.db, roleId);
}

const noFile = () => new AppError('NOT_FOUND', 404, JOB_DESCRIPTION_MESSAGES.noFile);

export async function jobDescriptionDownloadUrl(deps: Deps, actor: UserRow, roleId: number): Promise<string> {
  assertCan(actorOf(actor), 'records.read');
  const role = await requireRoleRow(deps.db, roleId);
  if (!role.descriptionFileKey) throw noFile();
  return deps.storage.createDownloadUrl({
    key: role.descriptionFileKey,
    userId: actor.id,
    filename: role.descriptionFilename ?? 'job-description',
    disposition: 'attachment',
    contentType: role.descriptionContentType ?? 'application/octet-stream',
    expiresInSeconds: DOWNLOAD_SECONDS,
  });
}

export async function removeJobDescriptionFile(deps: Deps, actor: UserRow, roleId: number): Promise<Role> {
  assertCan(actorOf(actor), 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  const previous = role.descriptionFileKey;
  if (previous) {
    await inTransaction(deps.db, async (tx) => {
      await updateRoleRow(tx, roleId, {
        descriptionFileKey: null,
        descriptionFilename: null,
        descriptionFileSize: null,
        descriptionContentType: null,
        descriptionUploadedAt: null,
        updatedAt: deps.config.now(),
      });
      await recordActivity(tx, { actor, verb: 'updated', modelType: 'role', objectId: roleId, summary: `Removed the job description file of role ${role.name}` });
    });
    await deps.storage.delete(previous).catch((error: unknown) => deps.log.warn({ err: error }, 'job description delete failed'));
  }
  return presentRole(deps.db, roleId);
}
