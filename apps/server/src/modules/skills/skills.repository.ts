import { asc, count, eq, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { usersTable } from '../users/users.table';
import { skillAliasesTable, type NewSkillAliasRow, type SkillAliasRow } from './skills.table';

export interface SkillAliasWithAuthor {
  alias: SkillAliasRow;
  author: { id: number; firstName: string; lastName: string; username: string; email: string } | null;
}

/** One page of aliases (alias order), with the total; `q` filters alias or canonical (contains, any case). */
export async function listSkillAliasRows(
  db: Db,
  filter: { q: string; limit: number; offset: number },
): Promise<{ rows: SkillAliasWithAuthor[]; count: number }> {
  const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
  const where = filter.q
    ? or(
        sql`lower(${skillAliasesTable.alias}) like ${pattern}`,
        sql`lower(${skillAliasesTable.canonical}) like ${pattern}`,
      )
    : undefined;
  const rows = await db
    .select({
      alias: skillAliasesTable,
      authorId: usersTable.id,
      authorFirstName: usersTable.firstName,
      authorLastName: usersTable.lastName,
      authorUsername: usersTable.username,
      authorEmail: usersTable.email,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(skillAliasesTable)
    .leftJoin(usersTable, eq(usersTable.id, skillAliasesTable.createdById))
    .where(where)
    .orderBy(sql`lower(${skillAliasesTable.alias})`, asc(skillAliasesTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db.select({ n: count() }).from(skillAliasesTable).where(where);
    total = row?.n ?? 0;
  }
  return {
    count: total,
    rows: rows.map((row) => ({
      alias: row.alias,
      author:
        row.authorId === null
          ? null
          : {
              id: row.authorId,
              firstName: row.authorFirstName ?? '',
              lastName: row.authorLastName ?? '',
              username: row.authorUsername ?? '',
              email: row.authorEmail ?? '',
            },
    })),
  };
}

/** Every alias (the vocabulary: a few hundred rows at most). */
export function allSkillAliasRows(db: Db): Promise<Array<{ alias: string; canonical: string }>> {
  return db
    .select({ alias: skillAliasesTable.alias, canonical: skillAliasesTable.canonical })
    .from(skillAliasesTable)
    .orderBy(asc(skillAliasesTable.id));
}

/**
 * What changes whenever an alias is added or deleted: ids are never reused, so (count, highest id) moves
 * on every insert and every delete.
 */
export async function skillAliasesStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({ n: count(), top: max(skillAliasesTable.id) })
    .from(skillAliasesTable);
  return `${row?.n ?? 0}:${row?.top ?? 0}`;
}

export async function findSkillAliasByAlias(db: Db, alias: string): Promise<SkillAliasRow | null> {
  const [row] = await db
    .select()
    .from(skillAliasesTable)
    .where(sql`lower(${skillAliasesTable.alias}) = ${alias.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findSkillAliasRow(db: Db, id: number): Promise<SkillAliasRow | null> {
  const [row] = await db.select().from(skillAliasesTable).where(eq(skillAliasesTable.id, id)).limit(1);
  return row ?? null;
}

export async function insertSkillAliasRow(db: Db, row: NewSkillAliasRow): Promise<SkillAliasRow> {
  const [inserted] = await db.insert(skillAliasesTable).values(row).returning();
  return inserted!;
}

export async function deleteSkillAliasRow(db: Db, id: number): Promise<SkillAliasRow | null> {
  const [deleted] = await db.delete(skillAliasesTable).where(eq(skillAliasesTable.id, id)).returning();
  return deleted ?? null;
}
