import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { C, R, U, rowsOf, run } from './analytics-query';

// Names, the filter bar's lists and checks, and the summary rows' time zone.

export interface NamedRow {
  id: number;
  name: string;
  client_type?: string;
}

export async function clientNames(db: Db, ids: number[]): Promise<(NamedRow & { client_type: string })[]> {
  if (!ids.length) return [];
  return rowsOf<NamedRow & { client_type: string }>(
    await run(
      db,
      sql`select id, name, client_type from ${C} where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
    ),
  );
}

export async function userNames(db: Db, ids: number[]): Promise<NamedRow[]> {
  if (!ids.length) return [];
  return rowsOf<NamedRow>(
    await run(
      db,
      sql`select id, trim(first_name || ' ' || last_name) as name from ${U} where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
    ),
  );
}

/** Every distinct role title with how many roles carry it (the role-family filter is built from these). */
export async function roleTitles(db: Db): Promise<{ name: string; n: number }[]> {
  return rowsOf<{ name: string; n: number }>(
    await run(db, sql`select name, count(*)::int as n from ${R} group by name`),
  );
}

/** Clients (not archived, or with roles) and people who recruit (recruiter type, or assigned to a role or pipeline). */
export async function filterLists(
  db: Db,
): Promise<{ clients: (NamedRow & { client_type: string })[]; recruiters: NamedRow[] }> {
  const clients = rowsOf<NamedRow & { client_type: string }>(
    await run(
      db,
      sql`select id, name, client_type from ${C} c where archived_at is null or exists (select 1 from ${R} r where r.client_id = c.id) order by lower(name), id`,
    ),
  );
  const recruiters = rowsOf<NamedRow>(
    await run(
      db,
      sql`
      select u.id, trim(u.first_name || ' ' || u.last_name) as name from ${U} u
      where 'recruiter' = any(u.user_type) or u.id in (select recruiter_id from ${R} where recruiter_id is not null)
      order by lower(u.first_name), lower(u.last_name), u.id
    `,
    ),
  );
  return { clients, recruiters };
}

/** Whether the filter's client and recruiter exist (null: not filtered, true). */
export async function filterIdsExist(
  db: Db,
  clientId: number | null,
  recruiterId: number | null,
): Promise<{ client: boolean; recruiter: boolean }> {
  if (clientId === null && recruiterId === null) return { client: true, recruiter: true };
  const rows = rowsOf<{ client: boolean; recruiter: boolean }>(
    await run(
      db,
      sql`select
      (${clientId}::int is null or exists (select 1 from ${C} where id = ${clientId}::int)) as client,
      (${recruiterId}::int is null or exists (select 1 from ${U} where id = ${recruiterId}::int)) as recruiter`,
    ),
  );
  return rows[0]!;
}

/**
 * Makes the summary rows count placements on their calendar day in `zone` (decision 060); when the stored
 * zone differs, the database function rebuilds the rows of every placed role. Returns whether it changed.
 */
export async function useSummaryTimeZone(db: Db, zone: string): Promise<boolean> {
  const result = await db.execute(sql`select analytics_use_time_zone(${zone}) as changed`);
  return (result as unknown as { rows: { changed: boolean }[] }).rows[0]!.changed;
}
