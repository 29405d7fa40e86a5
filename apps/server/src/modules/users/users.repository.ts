import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable, type NewUserRow, type UserRow } from './users.table';

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usersTable).where(eq(usersTable.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(usersTable)
    .where(sql`lower(${usersTable.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertUserRow(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(usersTable)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserRow(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db.update(usersTable).set(values).where(eq(usersTable.id, id)).returning();
  return row;
}

export async function countUserRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(usersTable);
  return row?.value ?? 0;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(usersTable)
    .where(sql`lower(${usersTable.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row;
}
