import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityTable, type ActivityRow } from './activity.table';

export async function insertActivity(db: Db, values: typeof activityTable.$inferInsert): Promise<ActivityRow> {
  const [row] = await db.insert(activityTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listActivityRows(
  db: Db,
  filter: {
    actorId?: number;
    modelType?: string;
    objectId?: number;
    /** With modelType and objectId: also the rows that hang under that record (decision 029). */
    includeScope?: 'client' | 'role' | 'candidate';
    beforeId?: number;
    visible: SQL | undefined;
    limit: number;
  },
): Promise<ActivityRow[]> {
  const conditions: SQL[] = [];
  if (filter.visible) conditions.push(filter.visible);
  if (filter.actorId !== undefined) conditions.push(eq(activityTable.actorId, filter.actorId));
  if (filter.includeScope && filter.modelType && filter.objectId !== undefined) {
    // The record's own rows or those that name it as their client, role or candidate: one query, each arm
    // served by its index (activity_object_idx, activity_{client,role,candidate}_id_idx).
    const scopeColumn = {
      client: activityTable.clientId,
      role: activityTable.roleId,
      candidate: activityTable.candidateId,
    }[filter.includeScope];
    conditions.push(
      or(
        and(eq(activityTable.modelType, filter.modelType), eq(activityTable.objectId, filter.objectId)),
        eq(scopeColumn, filter.objectId),
      )!,
    );
  } else {
    if (filter.modelType) conditions.push(eq(activityTable.modelType, filter.modelType));
    if (filter.objectId !== undefined) conditions.push(eq(activityTable.objectId, filter.objectId));
  }
  // Newest first by when it happened (rows may be written with an earlier time: imports, the demo), then by
  // id; `before` is the last row of the previous page, and the next page starts after it in that order.
  if (filter.beforeId !== undefined)
    conditions.push(
      sql`(${activityTable.createdAt}, ${activityTable.id}) < (select coalesce(max(b.created_at), 'infinity'::timestamptz), ${filter.beforeId}::int from ${activityTable} b where b.id = ${filter.beforeId}::int)`,
    );
  return db
    .select()
    .from(activityTable)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(activityTable.createdAt), desc(activityTable.id))
    .limit(filter.limit);
}
