import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { clientsTable } from '../clients/clients.table';
import { rolesTable } from '../roles/roles.table';
import { summaryColumns, type InvoiceListRow } from './invoices.repository';
import { invoicesTable } from './invoices.table';

// The invoice list: its filters (shared with the statistics, so both count the same invoices), the search
// and the orderings.

export interface InvoiceFilters {
  client?: number | undefined;
  role?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  status?: string | undefined;
  kind?: string | undefined;
  overdue?: 'true' | 'false' | undefined;
  search?: string | undefined;
  /** The clients and roles whose names the search matches (`findSearchOwners`). */
  searchOwners?: SearchOwners | undefined;
}

export interface SearchOwners {
  clientIds: number[];
  roleIds: number[];
}

const searchPattern = (search: string) => `%${escapeLike(search.toLowerCase())}%`;

/** The clients and roles whose names contain the search text (a few hundred rows each at most). */
export async function findSearchOwners(db: Db, search: string): Promise<SearchOwners> {
  const like = searchPattern(search);
  const [clients, roles] = await Promise.all([
    db
      .select({ id: clientsTable.id })
      .from(clientsTable)
      .where(sql`lower(${clientsTable.name}) like ${like}`),
    db
      .select({ id: rolesTable.id })
      .from(rolesTable)
      .where(sql`lower(${rolesTable.name}) like ${like}`),
  ]);
  return { clientIds: clients.map((row) => row.id), roleIds: roles.map((row) => row.id) };
}

/** `today` is the UTC date the overdue rule is read against. */
export function invoiceConditions(filters: InvoiceFilters, today: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.client !== undefined) conditions.push(eq(invoicesTable.clientId, filters.client));
  if (filters.role !== undefined) conditions.push(eq(invoicesTable.roleId, filters.role));
  if (filters.dateFrom) conditions.push(sql`${invoicesTable.issueDate} >= ${filters.dateFrom}`);
  if (filters.dateTo) conditions.push(sql`${invoicesTable.issueDate} <= ${filters.dateTo}`);
  if (filters.status) conditions.push(eq(invoicesTable.status, filters.status));
  if (filters.kind) conditions.push(eq(invoicesTable.kind, filters.kind));
  if (filters.overdue === 'true') conditions.push(overdueCondition(today));
  if (filters.overdue === 'false') conditions.push(sql`not (${overdueCondition(today)})`);
  if (filters.search) {
    // Number, client name or role name. The matching clients and roles are few: their ids (looked up first,
    // `findSearchOwners`) go in as values, so the planner ORs three index bitmaps (number trigrams,
    // client_id, role_id) instead of joining and de-duplicating every invoice of the matching clients, and
    // knows how many rows to expect: a number matching ten invoices is read through the trigram index
    // (160 -> 25 ms under load; walking the issue-date index looked for them among all 50,000), a client
    // matching 10,000 walks the issue-date index for its first page.
    const like = searchPattern(filters.search);
    const owners = filters.searchOwners;
    if (!owners) throw new Error('invoiceConditions: look up the search owners first (findSearchOwners)');
    const matches: SQL[] = [sql`lower(${invoicesTable.number}) like ${like}`];
    if (owners.clientIds.length > 0) matches.push(inArray(invoicesTable.clientId, owners.clientIds));
    if (owners.roleIds.length > 0) matches.push(inArray(invoicesTable.roleId, owners.roleIds));
    conditions.push(or(...matches));
  }
  return and(...conditions);
}

/** Sent, past its due date and with a balance left. */
export const overdueCondition = (today: string): SQL =>
  sql`(${invoicesTable.status} = 'sent' and ${invoicesTable.dueDate} < ${today} and ${invoicesTable.balanceMinor} > 0)`;

const ORDERINGS: Record<string, SQL[]> = {
  issue_date: [sql`${invoicesTable.issueDate} asc`, sql`${invoicesTable.id} asc`],
  '-issue_date': [sql`${invoicesTable.issueDate} desc`, sql`${invoicesTable.id} desc`],
  due_date: [sql`${invoicesTable.dueDate} asc`, sql`${invoicesTable.id} asc`],
  '-due_date': [sql`${invoicesTable.dueDate} desc`, sql`${invoicesTable.id} desc`],
  number: [sql`${invoicesTable.numberYear} asc`, sql`${invoicesTable.numberSeq} asc`],
  '-number': [sql`${invoicesTable.numberYear} desc`, sql`${invoicesTable.numberSeq} desc`],
  total: [sql`${invoicesTable.totalMinor} asc`, sql`${invoicesTable.id} asc`],
  '-total': [sql`${invoicesTable.totalMinor} desc`, sql`${invoicesTable.id} desc`],
  balance: [sql`${invoicesTable.balanceMinor} asc`, sql`${invoicesTable.id} asc`],
  '-balance': [sql`${invoicesTable.balanceMinor} desc`, sql`${invoicesTable.id} desc`],
  client: [sql`lower(${clientsTable.name}) asc`, sql`${invoicesTable.id} asc`],
  '-client': [sql`lower(${clientsTable.name}) desc`, sql`${invoicesTable.id} desc`],
};

/** One page and the total count; the joins are there only when search or sorting needs the names. */
export async function listInvoiceRows(
  db: Db,
  filters: InvoiceFilters,
  options: { today: string; ordering: string; limit: number; offset: number },
): Promise<{ rows: InvoiceListRow[]; count: number }> {
  const where = invoiceConditions(
    filters.search ? { ...filters, searchOwners: await findSearchOwners(db, filters.search) } : filters,
    options.today,
  );
  const countQuery = db.select({ value: count() }).from(invoicesTable).where(where);
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(invoicesTable)
      .innerJoin(clientsTable, eq(clientsTable.id, invoicesTable.clientId))
      .leftJoin(rolesTable, eq(rolesTable.id, invoicesTable.roleId))
      .where(where)
      .orderBy(...(ORDERINGS[options.ordering] ?? ORDERINGS['-issue_date']!))
      .limit(options.limit)
      .offset(options.offset),
    countQuery,
  ]);
  return { rows, count: total[0]?.value ?? 0 };
}

/** The list's and the statistics' shared filters as the contract names them. */
export const filtersOf = (query: {
  client?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}): InvoiceFilters => ({
  client: query.client,
  dateFrom: query.date_from,
  dateTo: query.date_to,
});
