import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike, lowerContains, nameMatchRank } from '../../db/sql-helpers';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable, type ContactRow, type NewContactRow } from './contacts.table';

export interface ContactWithClient {
  contact: ContactRow;
  clientName: string;
}

export interface ContactListFilter {
  q?: string | undefined;
  clientId?: number | undefined;
  leftCompany?: boolean | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

const fullName = sql`(${clientContactsTable.firstName} || ' ' || ${clientContactsTable.lastName})`;

/** Contacts with their client's name, searched, sorted and paged in one query (the total by a window). */
export async function listContactRows(
  db: Db,
  filter: ContactListFilter,
): Promise<{ rows: ContactWithClient[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const match = or(
      ilike(fullName, pattern),
      ilike(clientContactsTable.email, pattern),
      ilike(clientContactsTable.jobTitle, pattern),
      ilike(clientsTable.name, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.clientId !== undefined) conditions.push(eq(clientContactsTable.clientId, filter.clientId));
  if (filter.leftCompany !== undefined) conditions.push(eq(clientContactsTable.leftCompany, filter.leftCompany));
  const descending = filter.ordering.startsWith('-');
  const field = filter.ordering.replace(/^-/, '');
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const lowerName = sql`lower(${clientContactsTable.lastName} || ' ' || ${clientContactsTable.firstName})`;
  const order: SQL[] =
    field === 'created_at'
      ? [dir(sql`${clientContactsTable.createdAt}`)]
      : field === 'client'
        ? [dir(sql`lower(${clientsTable.name})`), asc(lowerName)]
        : [dir(lowerName)];
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      contact: clientContactsTable,
      clientName: clientsTable.name,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(clientContactsTable)
    .innerJoin(clientsTable, eq(clientsTable.id, clientContactsTable.clientId))
    .where(where)
    .orderBy(...order, asc(clientContactsTable.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db
      .select({ value: count() })
      .from(clientContactsTable)
      .innerJoin(clientsTable, eq(clientsTable.id, clientContactsTable.clientId))
      .where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return {
    rows: rows.map((row) => ({ contact: row.contact, clientName: row.clientName })),
    count: rows[0]?.total ?? 0,
  };
}

export async function findContactWithClient(db: Db, id: number): Promise<ContactWithClient | undefined> {
  const [row] = await db
    .select({ contact: clientContactsTable, clientName: clientsTable.name })
    .from(clientContactsTable)
    .innerJoin(clientsTable, eq(clientsTable.id, clientContactsTable.clientId))
    .where(eq(clientContactsTable.id, id))
    .limit(1);
  return row;
}

export async function insertContactRow(db: Db, values: NewContactRow): Promise<ContactRow> {
  const [row] = await db.insert(clientContactsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertContactRows(db: Db, values: NewContactRow[]): Promise<ContactRow[]> {
  if (values.length === 0) return [];
  return db.insert(clientContactsTable).values(values).returning();
}

export async function updateContactRow(
  db: Db,
  id: number,
  values: Partial<NewContactRow>,
): Promise<ContactRow | undefined> {
  const [row] = await db.update(clientContactsTable).set(values).where(eq(clientContactsTable.id, id)).returning();
  return row;
}

export async function deleteContactRow(db: Db, id: number): Promise<void> {
  await db.delete(clientContactsTable).where(eq(clientContactsTable.id, id));
}

/** The client's main contact: the first one added who is still at the company, else the first one. */
export async function findMainContactRow(db: Db, clientId: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(clientContactsTable)
    .where(eq(clientContactsTable.clientId, clientId))
    .orderBy(asc(clientContactsTable.leftCompany), asc(clientContactsTable.id))
    .limit(1);
  return row;
}

/** Of `ids`, those that are contacts of the client. */
export async function contactIdsOfClient(db: Db, clientId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: clientContactsTable.id })
    .from(clientContactsTable)
    .where(and(eq(clientContactsTable.clientId, clientId), inArray(clientContactsTable.id, ids)));
  return rows.map((row) => row.id);
}

/** Contacts whose name, email or job title contains `text` (the shell search), best name matches first. */
export function searchContactRows(db: Db, text: string, limit: number) {
  const name = sql`(${clientContactsTable.firstName} || ' ' || ${clientContactsTable.lastName})`;
  return db
    .select({ contact: clientContactsTable, clientName: clientsTable.name })
    .from(clientContactsTable)
    .innerJoin(clientsTable, eq(clientsTable.id, clientContactsTable.clientId))
    .where(
      or(
        lowerContains(name, text),
        lowerContains(sql`${clientContactsTable.email}`, text),
        lowerContains(sql`${clientContactsTable.jobTitle}`, text),
      ),
    )
    .orderBy(nameMatchRank(name, text), asc(clientContactsTable.leftCompany), asc(clientContactsTable.id))
    .limit(limit);
}
