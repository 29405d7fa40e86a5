import {
  JOB_DESCRIPTION_ERRORS,
  JOB_DESCRIPTION_MAX_BYTES,
  type JOB_DESCRIPTION_TYPES,
  type Role,
} from '@recruitdesk/contracts/roles';
import type { UploadTarget } from '@recruitdesk/contracts/profile';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import {
  checkUploadedDocument,
  createDocumentUploadTarget,
  attachDocument,
  deleteStoredFile,
  documentDownloadUrl,
  sanitizeFilename,
  type DocumentSlot,
} from '../files/document-upload.service';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { type UserRow } from '../users/users.service';
import { updateRoleRow } from './roles.repository';
import { descriptionFileOf, presentRole, requireRoleRow } from './roles.service';
import type { RoleRow } from './roles.table';

type JobDescriptionType = (typeof JOB_DESCRIPTION_TYPES)[number];

/** Job description files: `job-descriptions/<roleId>/<userId>-<random>.<pdf|docx|txt>`, 10 MB at most. */
const slotOf = (roleId: number): DocumentSlot => ({
  prefix: 'job-descriptions',
  objectId: roleId,
  kinds: ['pdf', 'docx', 'txt'],
  maxBytes: JOB_DESCRIPTION_MAX_BYTES,
  messages: JOB_DESCRIPTION_ERRORS,
});

/** Changes the role's job description columns and records it on the role (and its client). */
async function updateRole(
  deps: Deps,
  actor: UserRow,
  role: RoleRow,
  values: Parameters<typeof updateRoleRow>[2],
  summary: string,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await updateRoleRow(tx, role.id, { updatedAt: deps.config.now(), ...values });
    await recordActivity(tx, {
      scope: { clientId: role.clientId },
      actor,
      verb: 'updated',
      modelType: 'role',
      objectId: role.id,
      summary,
    });
  });
}

export async function getJobDescription(
  deps: Deps,
  actor: UserRow,
  roleId: number,
): Promise<{ text: string; file: Role['description_file'] }> {
  assertCan(actor, 'records.read');
  const role = await requireRoleRow(deps.db, roleId);
  return { text: role.descriptionText, file: descriptionFileOf(role) };
}

export async function updateJobDescriptionText(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  text: string,
): Promise<{ text: string; file: Role['description_file'] }> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  await updateRole(deps, actor, role, { descriptionText: text }, `Updated the job description of role ${role.name}`);
  return getJobDescription(deps, actor, roleId);
}

export async function createJobDescriptionUploadTarget(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: { filename: string; content_type: JobDescriptionType; size: number },
): Promise<UploadTarget> {
  assertCan(actor, 'records.write');
  await requireRoleRow(deps.db, roleId);
  return createDocumentUploadTarget(deps, slotOf(roleId), actor.id, input);
}

/**
 * Checks an uploaded file (the caller's own key for this role, size, content) and makes it the role's
 * job description file; the previous file is deleted. Refused objects are deleted too.
 */
export async function confirmJobDescriptionFile(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: { key: string; filename: string },
): Promise<Role> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  const file = await checkUploadedDocument(deps, slotOf(roleId), actor.id, input.key);
  const filename = sanitizeFilename(input.filename, file.kind, 'job-description');
  await attachDocument(deps, file, { orphaned: 'orphaned job description', old: 'old job description' }, async () => {
    const now = deps.config.now();
    await updateRole(
      deps,
      actor,
      role,
      {
        descriptionFileKey: file.key,
        descriptionFilename: filename,
        descriptionFileSize: file.bytes.length,
        descriptionContentType: file.contentType,
        descriptionUploadedAt: now,
        updatedAt: now,
      },
      `Uploaded job description ${filename} for role ${role.name}`,
    );
    return { replacedKey: role.descriptionFileKey, result: undefined };
  });
  return presentRole(deps.db, actor, roleId);
}

const noFile = () => new AppError('NOT_FOUND', 404, JOB_DESCRIPTION_ERRORS.noFile);

export async function jobDescriptionDownloadUrl(deps: Deps, actor: UserRow, roleId: number): Promise<string> {
  assertCan(actor, 'records.read');
  const role = await requireRoleRow(deps.db, roleId);
  if (!role.descriptionFileKey) throw noFile();
  return documentDownloadUrl(deps, {
    key: role.descriptionFileKey,
    userId: actor.id,
    filename: role.descriptionFilename ?? 'job-description',
    contentType: role.descriptionContentType,
  });
}

export async function removeJobDescriptionFile(deps: Deps, actor: UserRow, roleId: number): Promise<Role> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  const previous = role.descriptionFileKey;
  if (previous) {
    await updateRole(
      deps,
      actor,
      role,
      {
        descriptionFileKey: null,
        descriptionFilename: null,
        descriptionFileSize: null,
        descriptionContentType: null,
        descriptionUploadedAt: null,
      },
      `Removed the job description file of role ${role.name}`,
    );
    await deleteStoredFile(deps, previous, 'job description');
  }
  return presentRole(deps.db, actor, roleId);
}
