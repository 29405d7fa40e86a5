import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agencySettingsTable, type AgencySettingsRow } from './settings.table';

export async function findAgencySettingsRow(db: Db): Promise<AgencySettingsRow | undefined> {
  const [row] = await db.select().from(agencySettingsTable).where(eq(agencySettingsTable.id, 1)).limit(1);
  return row;
}

export async function upsertAgencySettingsRow(
  db: Db,
  values: Omit<typeof agencySettingsTable.$inferInsert, 'id'>,
): Promise<AgencySettingsRow> {
  const [row] = await db
    .insert(agencySettingsTable)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: agencySettingsTable.id, set: values })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
