import {
  JOB_QUALIFICATION_ERRORS,
  type CreateJobQualificationInputSchema,
  type JobQualification,
  type UpdateJobQualificationInputSchema,
} from '@recruitdesk/contracts/job-qualifications';
import { ROLE_ERRORS } from '@recruitdesk/contracts/roles';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { requireRoleRow } from './roles.service';
import { type UserRow } from '../users/users.service';
import {
  deleteQualificationRow,
  findQualificationRow,
  insertQualificationRow,
  listQualificationRows,
  nextQualificationPosition,
  updateQualificationRow,
} from './job-qualifications.repository';
import type { JobQualificationRow } from './job-qualifications.table';
import type { RoleRow } from './roles.table';

const QUALIFICATION_ERRORS = JOB_QUALIFICATION_ERRORS;

/** Records what `actor` did to a qualification of the role (on the role and its client too). */
function recordQualificationEvent(
  tx: Db,
  actor: UserRow,
  role: Pick<RoleRow, 'id' | 'clientId'>,
  verb: string,
  qualificationId: number,
  summary: string,
): Promise<void> {
  return recordActivity(tx, {
    scope: { clientId: role.clientId, roleId: role.id },
    actor,
    verb,
    modelType: 'job_qualification',
    objectId: qualificationId,
    summary,
  });
}

export function toApiQualification(row: JobQualificationRow): JobQualification {
  return {
    id: row.id,
    role_id: row.roleId,
    name: row.name,
    description: row.description,
    kind: row.kind as JobQualification['kind'],
    position: row.position,
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('QUALIFICATION_NOT_FOUND', 404, QUALIFICATION_ERRORS.QUALIFICATION_NOT_FOUND);

async function requireQualification(deps: Deps, id: number): Promise<JobQualificationRow> {
  const row = await findQualificationRow(deps.db, id);
  if (!row) throw notFound();
  return row;
}

export async function listQualifications(deps: Deps, actor: UserRow, roleId: number): Promise<JobQualification[]> {
  assertCan(actor, 'records.read');
  await requireRoleRow(deps.db, roleId);
  return (await listQualificationRows(deps.db, roleId)).map(toApiQualification);
}

export async function getQualification(deps: Deps, actor: UserRow, id: number): Promise<JobQualification> {
  assertCan(actor, 'records.read');
  return toApiQualification(await requireQualification(deps, id));
}

export async function createQualification(
  deps: Deps,
  actor: UserRow,
  input: z.output<typeof CreateJobQualificationInputSchema>,
): Promise<JobQualification> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, input.role_id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404)
      throw fieldsError({ role_id: [ROLE_ERRORS.ROLE_NOT_FOUND] }, 'ROLE_NOT_FOUND');
    throw error;
  });
  const row = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const created = await insertQualificationRow(tx, {
      roleId: role.id,
      name: input.name,
      description: input.description,
      kind: input.kind,
      position: await nextQualificationPosition(tx, role.id),
      createdAt: now,
      updatedAt: now,
    });
    await recordQualificationEvent(
      tx,
      actor,
      role,
      'created',
      created.id,
      `Added qualification ${created.name} to role ${role.name}`,
    );
    return created;
  });
  return toApiQualification(row);
}

export async function updateQualification(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof UpdateJobQualificationInputSchema>,
): Promise<JobQualification> {
  assertCan(actor, 'records.write');
  const existing = await requireQualification(deps, id);
  const role = await requireRoleRow(deps.db, existing.roleId);
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await updateQualificationRow(tx, id, {
      name: input.name,
      description: input.description,
      kind: input.kind,
      updatedAt: deps.config.now(),
    });
    if (!updated) throw notFound();
    await recordQualificationEvent(
      tx,
      actor,
      role,
      'updated',
      id,
      `Updated qualification ${updated.name} of role ${role.name}`,
    );
    return updated;
  });
  return toApiQualification(row);
}

export async function deleteQualification(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  const existing = await requireQualification(deps, id);
  const role = await requireRoleRow(deps.db, existing.roleId);
  await inTransaction(deps.db, async (tx) => {
    await deleteQualificationRow(tx, id);
    await recordQualificationEvent(
      tx,
      actor,
      role,
      'deleted',
      id,
      `Removed qualification ${existing.name} from role ${role.name}`,
    );
  });
}

/** `ids` must be exactly the role's qualifications, in the new order. */
export async function reorderQualifications(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  ids: number[],
): Promise<JobQualification[]> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  await inTransaction(deps.db, async (tx) => {
    const current = await listQualificationRows(tx, roleId);
    const known = new Set(current.map((row) => row.id));
    const unique = new Set(ids);
    if (unique.size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw fieldsError({ ids: [QUALIFICATION_ERRORS.REORDER_MISMATCH] });
    }
    const now = deps.config.now();
    for (const [index, id] of ids.entries())
      await updateQualificationRow(tx, id, { position: index + 1, updatedAt: now });
    await recordActivity(tx, {
      scope: { clientId: role.clientId },
      actor,
      verb: 'reordered',
      modelType: 'role',
      objectId: roleId,
      summary: `Reordered the qualifications of role ${role.name}`,
    });
  });
  return (await listQualificationRows(deps.db, roleId)).map(toApiQualification);
}
