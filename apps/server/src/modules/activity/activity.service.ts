import { fieldsError } from '../../lib/errors';
import type { Activity } from '@recruitdesk/contracts/activity';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertCan, can } from '../../lib/permissions';
import { displayName, type UserRow } from '../users/users.service';
import { insertActivity, listActivityRows } from './activity.repository';
import { activityTable, type ActivityRow } from './activity.table';

/**
 * Model types of the agency's business records: every signed-in user may read what happened to them.
 * An allow-list, so anything new (invoices, payouts, notes on invoices as `invoice_note`, agency
 * settings) stays owner-only until someone decides otherwise.
 */
export const BUSINESS_ACTIVITY_TYPES = [
  'client',
  'contact',
  'role',
  'job_qualification',
  'candidate',
  'pipeline',
  'note',
  'application',
  'job_posting',
  'interview',
  'submittal',
  'placement',
] as const;

/** User administration that superusers (who administer users) may read about other people. */
const USER_ADMIN_VERBS = ['created', 'registered', 'role_changed', 'deactivated', 'reactivated', 'deleted'];

/**
 * Which activity rows the user may read (security §12), as a condition on the activity table; undefined
 * for owners, who read everything. Use it wherever activity is listed (the feed, a record's history).
 * - everyone: business records, and their own account (profile, sessions, what was done to their user);
 * - superusers also: invitations and user administration of others (not their sign-ins or passwords);
 * - owners: everything, including invoices and the agency settings.
 */
export function visibleActivityCondition(user: Pick<UserRow, 'id' | 'userType'>): SQL | undefined {
  if (user.userType.includes('owner')) return undefined;
  const own = [
    and(inArray(activityTable.modelType, ['user', 'profile']), eq(activityTable.objectId, user.id)),
    and(eq(activityTable.modelType, 'session'), eq(activityTable.actorId, user.id)),
  ];
  const admin = can(user, 'users.manage')
    ? [
        eq(activityTable.modelType, 'invitation'),
        and(eq(activityTable.modelType, 'user'), inArray(activityTable.verb, USER_ADMIN_VERBS)),
      ]
    : [];
  return or(inArray(activityTable.modelType, [...BUSINESS_ACTIVITY_TYPES]), ...own, ...admin);
}

/**
 * What an activity row's record hangs under (decision 029): a pipeline event names its role, candidate and
 * client; a role event its client; a note the record it is on and that record's parents. A client's,
 * role's or candidate's history is its own rows plus the rows that name it here.
 */
export interface ActivityScope {
  clientId?: number | null;
  roleId?: number | null;
  candidateId?: number | null;
}

/** Record types whose history includes what hangs under them. */
const SCOPED_HISTORY_TYPES = ['client', 'role', 'candidate'] as const;
type ScopedHistoryType = (typeof SCOPED_HISTORY_TYPES)[number];
const isScopedHistoryType = (value: string): value is ScopedHistoryType =>
  (SCOPED_HISTORY_TYPES as readonly string[]).includes(value);

export interface RecordActivityInput {
  actor: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'> | null;
  /** Who did it when no user did (a client's contact on the portal: "Jane Doe (client contact #12)"). */
  actorLabel?: string;
  verb: string;
  modelType: string;
  objectId?: number | null;
  summary: string;
  at?: Date;
  scope?: ActivityScope;
}

/** Writes one audit/activity row; pass the transaction when inside one. */
export async function recordActivity(db: Db, input: RecordActivityInput): Promise<void> {
  await insertActivity(db, {
    actorId: input.actor?.id ?? null,
    actorName: input.actor ? displayName(input.actor) : (input.actorLabel ?? 'System'),
    verb: input.verb,
    modelType: input.modelType,
    objectId: input.objectId ?? null,
    summary: input.summary,
    clientId: input.scope?.clientId ?? null,
    roleId: input.scope?.roleId ?? null,
    candidateId: input.scope?.candidateId ?? null,
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
    client_id: row.clientId,
    role_id: row.roleId,
    candidate_id: row.candidateId,
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
  // Every signed-in user type may read the feed, each what visibleActivityCondition allows; another
  // person's own history (actor_id) is for those who administer users.
  if (query.actor_id !== undefined && query.actor_id !== actor.id) assertCan(actor, 'users.manage');
  if (query.object_id !== undefined && !query.model_type) {
    throw fieldsError({
      object_id: ['Give model_type with object_id.'],
    });
  }
  const actorId = query.mine === 'true' ? actor.id : query.actor_id;
  const rows = await listActivityRows(db, {
    ...(actorId !== undefined ? { actorId } : {}),
    ...(query.model_type ? { modelType: query.model_type } : {}),
    ...(query.object_id !== undefined ? { objectId: query.object_id } : {}),
    // A client's, role's or candidate's history includes what hangs under it (pipelines, notes, roles…).
    ...(query.object_id !== undefined && query.model_type && isScopedHistoryType(query.model_type)
      ? { includeScope: query.model_type }
      : {}),
    ...(query.before ? { beforeId: query.before } : {}),
    visible: visibleActivityCondition(actor),
    limit: query.limit + 1,
  });
  return { results: rows.slice(0, query.limit).map(toApiActivity), has_more: rows.length > query.limit };
}
