import type { DeletionCheck } from '@recruitdesk/contracts/common';
import { ROLE_ERRORS, type Role } from '@recruitdesk/contracts/roles';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { deleteStoredFile } from '../files/document-upload.service';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { countNotes, deleteNotesOf } from '../notes/notes.service';
import { type UserRow } from '../users/users.service';
import { pipelineCountOfRole } from './role-children';
import { deleteRoleRow, findRoleWithRelations, lockRoleRow, updateRoleRow } from './roles.repository';
import { presentRole, requireRoleRow, roleNotFound } from './roles.service';
import type { RoleRow } from './roles.table';

// The end of a role: what a delete would meet, deleting one entered by mistake, archiving and restoring (decision 021).

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * What deleting the role would meet (decision 021): a role with pipelines (open or closed) keeps that
 * history, so it is archived instead, once closed. A role entered by mistake (no pipelines) is deleted with
 * its qualifications, job description and notes.
 */
async function checkRoleDeletion(db: Db, role: RoleRow): Promise<DeletionCheck> {
  const pipelines = await pipelineCountOfRole.get()(db, role.id);
  const relations = await findRoleWithRelations(db, role.id);
  const notes = await countNotes(db, 'role', role.id);
  const archived = role.archivedAt !== null;
  const archiveBlocker = archived ? null : role.state !== 'closed' ? ROLE_ERRORS.ROLE_ARCHIVE_NOT_CLOSED : null;
  const blockers: DeletionCheck['blockers'] =
    pipelines > 0
      ? [{ kind: 'pipelines', count: pipelines, label: `${plural(pipelines, 'candidate')} in its pipeline` }]
      : [];
  const removes = [
    relations && relations.qualificationsCount > 0 ? plural(relations.qualificationsCount, 'qualification') : '',
    role.descriptionFileKey || role.descriptionText ? 'its job description' : '',
    notes > 0 ? plural(notes, 'note') : '',
  ].filter(Boolean);
  let message: string;
  if (blockers.length === 0) {
    message = `${role.name} has no candidates in its pipeline, so it can be deleted${removes.length ? ` with ${removes.join(', ')}` : ''}. This cannot be undone.`;
  } else {
    const way = archived
      ? 'It is archived already: it stays out of the lists with its history.'
      : archiveBlocker
        ? 'Close it, then archive it instead: it leaves the lists, keeps its history and can be restored.'
        : 'Archive it instead: it leaves the lists, keeps its history and can be restored.';
    message = `${role.name} cannot be deleted: it has ${blockers.map((blocker) => blocker.label).join(' and ')}, and the agency keeps that history. ${way}`;
  }
  return {
    can_delete: blockers.length === 0,
    blockers,
    removes: blockers.length === 0 ? removes : [],
    message,
    archived,
    can_archive: !archived && archiveBlocker === null,
    archive_blocker: archiveBlocker,
  };
}

/** GET /api/roles/{id}/deletion/: what a delete would meet, for the confirmation (anyone who may edit). */
export async function getRoleDeletionCheck(deps: Deps, actor: UserRow, id: number): Promise<DeletionCheck> {
  assertCan(actor, 'records.write');
  return checkRoleDeletion(deps.db, await requireRoleRow(deps.db, id));
}

/**
 * Deletes a role without pipelines (a mistake) with its qualifications (cascade), notes and job
 * description file; otherwise 409 ROLE_HAS_PIPELINES with the check's message. The role row is locked
 * first, so a pipeline added at the same moment either comes first (and blocks) or fails after.
 */
export async function deleteRole(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  await requireRoleRow(deps.db, id);
  let fileKey: string | null = null;
  try {
    await inTransaction(deps.db, async (tx) => {
      const role = await lockRoleRow(tx, id);
      if (!role) throw roleNotFound();
      const check = await checkRoleDeletion(tx, role);
      if (!check.can_delete) throw new AppError('ROLE_HAS_PIPELINES', 409, check.message);
      fileKey = role.descriptionFileKey;
      await deleteNotesOf(tx, 'role', [id]);
      await deleteRoleRow(tx, id);
      await recordActivity(tx, {
        scope: { clientId: role.clientId },
        actor,
        verb: 'deleted',
        modelType: 'role',
        objectId: id,
        summary: `Deleted role ${role.name}`,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('ROLE_HAS_PIPELINES', 409, ROLE_ERRORS.ROLE_HAS_PIPELINES);
    throw error;
  }
  await deleteStoredFile(deps, fileKey, 'job description');
}

/** Archives a closed role: out of the default lists (Closed Roles, the client's active counts); restorable. */
export async function archiveRole(deps: Deps, actor: UserRow, id: number): Promise<Role> {
  assertCan(actor, 'records.write');
  await requireRoleRow(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const role = await lockRoleRow(tx, id);
    if (!role) throw roleNotFound();
    if (role.archivedAt) throw new AppError('ROLE_ALREADY_ARCHIVED', 409, ROLE_ERRORS.ROLE_ALREADY_ARCHIVED);
    if (role.state !== 'closed')
      throw new AppError('ROLE_ARCHIVE_NOT_CLOSED', 409, ROLE_ERRORS.ROLE_ARCHIVE_NOT_CLOSED);
    const now = deps.config.now();
    await updateRoleRow(tx, id, { archivedAt: now, updatedAt: now });
    await recordActivity(tx, {
      scope: { clientId: role.clientId },
      actor,
      verb: 'archived',
      modelType: 'role',
      objectId: id,
      summary: `Archived role ${role.name}`,
    });
  });
  return presentRole(deps.db, actor, id);
}

export async function restoreRole(deps: Deps, actor: UserRow, id: number): Promise<Role> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, id);
  if (!role.archivedAt) throw new AppError('ROLE_NOT_ARCHIVED', 409, ROLE_ERRORS.ROLE_NOT_ARCHIVED);
  await inTransaction(deps.db, async (tx) => {
    await updateRoleRow(tx, id, { archivedAt: null, updatedAt: deps.config.now() });
    await recordActivity(tx, {
      scope: { clientId: role.clientId },
      actor,
      verb: 'restored',
      modelType: 'role',
      objectId: id,
      summary: `Restored role ${role.name} from the archive`,
    });
  });
  return presentRole(deps.db, actor, id);
}
