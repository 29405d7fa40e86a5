import { AppError } from '../../lib/errors';
import type { Activity } from '@recruitdesk/contracts/activity';
import type { Db } from '../../db/client';
import { assertCan } from '../../lib/permissions';
import { actorOf, displayName, type UserRow } from '../users/users.service';
import { insertActivity, listActivityRows } from './activity.repository';
import type { ActivityRow } from './activity.table';

export interface RecordActivityInput {
  actor: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'> | null;
  verb: string;
  modelType: string;
  objectId?: number | null;
  summary: string;
  at?: Date;
}

/** Writes one audit/activity row; pass the transaction when inside one. */
export async function recordActivity(db: Db, input: RecordActivityInput): Promise<void> {
  await insertActivity(db, {
    actorId: input.actor?.id ?? null,
    actorName: input.actor ? displayName(input.actor) : 'System',
    verb: input.verb,
    modelType: input.modelType,
    objectId: input.objectId ?? null,
    summary: input.summary,
    ...(input.at ? { createdAt: input.at } : {}),
  });
}

function toApiActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    actor: row.actorId === null && !row.actorName ? null : { id: row.actorId, name: row.actorName },
    verb: row.verb,
    model_type: row.modelType,
    object_id: row.objectId,
    summary: row.summary,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listActivity(
  db: Db,
  actor: UserRow,
  query: {
    mine?: 'true' | 'false' | undefined;
    actor_id?: number | undefined;
    model_type?: string | undefined;
    object_id?: number | undefined;
    limit: number;
    before?: number | undefined;
  },
): Promise<{ results: Activity[]; has_more: boolean }> {
  // Every signed-in user type may read the activity feed (viewers read everything); another person's
  // own history (actor_id) is for those who administer users.
  if (query.actor_id !== undefined && query.actor_id !== actor.id) assertCan(actorOf(actor), 'users.manage');
  if (query.object_id !== undefined && !query.model_type) {
    throw new AppError('VALIDATION_FAILED', 400, 'Please correct the highlighted fields.', {
      object_id: ['Give model_type with object_id.'],
    });
  }
  const actorId = query.mine === 'true' ? actor.id : query.actor_id;
  const rows = await listActivityRows(db, {
    ...(actorId !== undefined ? { actorId } : {}),
    ...(query.model_type ? { modelType: query.model_type } : {}),
    ...(query.object_id !== undefined ? { objectId: query.object_id } : {}),
    ...(query.before ? { beforeId: query.before } : {}),
    limit: query.limit + 1,
  });
  return { results: rows.slice(0, query.limit).map(toApiActivity), has_more: rows.length > query.limit };
}
