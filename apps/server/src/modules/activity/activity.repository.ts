import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityTable, type ActivityRow } from './activity.table';

export async function insertActivity(db: Db, values: typeof activityTable.$inferInsert): Promise<ActivityRow> {
  const [row] = await db.insert(activityTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listActivityRows(
  db: Db,
  filter: { actorId?: number; modelType?: string; objectId?: number; beforeId?: number; limit: number },
): Promise<ActivityRow[]> {
  const conditions: SQL[] = [];
  if (filter.actorId !== undefined) conditions.push(eq(activityTable.actorId, filter.actorId));
  if (filter.modelType) conditions.push(eq(activityTable.modelType, filter.modelType));
  if (filter.objectId !== undefined) conditions.push(eq(activityTable.objectId, filter.objectId));
  if (filter.beforeId !== undefined) conditions.push(lt(activityTable.id, filter.beforeId));
  return db
    .select()
    .from(activityTable)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(activityTable.id))
    .limit(filter.limit);
}
