import { and, asc, count, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { pipelinesTable, placementsTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import {
  invoiceDayTotalsTable,
  invoiceEventsTable,
  invoiceLinesTable,
  invoiceNumberCountersTable,
  invoiceNumberFreeTable,
  invoicesTable,
  payoutDayTotalsTable,
  payoutsTable,
  type InvoiceRow,
  type NewInvoiceEventRow,
  type NewInvoiceLineRow,
  type NewInvoiceRow,
  type NewPayoutRow,
} from './invoices.table';

/** Raw statements answer `{rows}` on both drivers (PGlite and node-postgres). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// ---- numbers: INV-YYYY-NNNN, gapless per year ----

export const formatInvoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(4, '0')}`;

/**
 * The next number of the year, inside the creating transaction: the year's counter row is locked first
 * (an upsert that changes nothing), so concurrent creations queue on it until this transaction ends; a
 * number freed by a deleted draft is handed out before a new one.
 */
export async function takeInvoiceNumber(tx: Db, year: number): Promise<{ year: number; seq: number; number: string }> {
  await tx
    .insert(invoiceNumberCountersTable)
    .values({ year, lastSeq: 0 })
    .onConflictDoUpdate({
      target: invoiceNumberCountersTable.year,
      set: { lastSeq: sql`${invoiceNumberCountersTable.lastSeq}` },
    });
  const freed = rowsOf<{ seq: number }>(
    await tx.execute(sql`
    delete from invoice_number_free
    where year = ${year} and seq = (select min(seq) from invoice_number_free where year = ${year})
    returning seq`),
  );
  let seq = freed[0]?.seq;
  if (seq === undefined) {
    const [row] = await tx
      .update(invoiceNumberCountersTable)
      .set({ lastSeq: sql`${invoiceNumberCountersTable.lastSeq} + 1` })
      .where(eq(invoiceNumberCountersTable.year, year))
      .returning({ lastSeq: invoiceNumberCountersTable.lastSeq });
    if (!row) throw new Error('invoice number counter missing');
    seq = row.lastSeq;
  }
  return { year, seq: Number(seq), number: formatInvoiceNumber(year, Number(seq)) };
}

/** Gives a deleted draft's number back: the year's last number steps the counter back, any other is kept for reuse. */
export async function releaseInvoiceNumber(tx: Db, year: number, seq: number): Promise<void> {
  const locked = rowsOf<{ last_seq: number }>(
    await tx.execute(sql`select last_seq from invoice_number_counters where year = ${year} for update`),
  );
  let last = Number(locked[0]?.last_seq ?? 0);
  if (seq !== last) {
    await tx.insert(invoiceNumberFreeTable).values({ year, seq }).onConflictDoNothing();
    return;
  }
  last -= 1;
  // Freed numbers just below the new last are no longer gaps either.
  for (;;) {
    const removed = await tx
      .delete(invoiceNumberFreeTable)
      .where(and(eq(invoiceNumberFreeTable.year, year), eq(invoiceNumberFreeTable.seq, last)))
      .returning({ seq: invoiceNumberFreeTable.seq });
    if (removed.length === 0) break;
    last -= 1;
  }
  await tx.update(invoiceNumberCountersTable).set({ lastSeq: last }).where(eq(invoiceNumberCountersTable.year, year));
}

// ---- rows ----

export async function insertInvoiceRow(tx: Db, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoicesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function replaceInvoiceLines(
  tx: Db,
  invoiceId: number,
  lines: Omit<NewInvoiceLineRow, 'invoiceId'>[],
): Promise<void> {
  await tx.delete(invoiceLinesTable).where(eq(invoiceLinesTable.invoiceId, invoiceId));
  if (lines.length) await tx.insert(invoiceLinesTable).values(lines.map((line) => ({ ...line, invoiceId })));
}

export async function insertInvoiceEvents(tx: Db, events: NewInvoiceEventRow[]): Promise<void> {
  if (events.length) await tx.insert(invoiceEventsTable).values(events);
}

export async function insertPayoutRow(tx: Db, values: NewPayoutRow) {
  const [row] = await tx.insert(payoutsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findInvoiceRow(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoicesTable).where(eq(invoicesTable.id, id)).limit(1);
  return row;
}

/** What an invoice's notes are about: its number, under its client (and role). */
export async function findInvoiceNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { clientId: number; roleId: number | null } } | null> {
  const [row] = await db
    .select({ number: invoicesTable.number, clientId: invoicesTable.clientId, roleId: invoicesTable.roleId })
    .from(invoicesTable)
    .where(eq(invoicesTable.id, id))
    .limit(1);
  return row ? { label: row.number, scope: { clientId: row.clientId, roleId: row.roleId } } : null;
}

/** The row locked for the rest of the transaction (every change of an invoice goes through this). */
export async function lockInvoiceRow(tx: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoicesTable).where(eq(invoicesTable.id, id)).for('update').limit(1);
  return row;
}

export async function updateInvoiceRow(tx: Db, id: number, values: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
  const [row] = await tx.update(invoicesTable).set(values).where(eq(invoicesTable.id, id)).returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export async function deleteInvoiceRow(tx: Db, id: number): Promise<void> {
  await tx.delete(invoicesTable).where(eq(invoicesTable.id, id));
}

// ---- reads for the detail ----

const summaryColumns = {
  invoice: invoicesTable,
  clientName: clientsTable.name,
  clientEmail: clientsTable.contactEmail,
  roleName: rolesTable.name,
  creditForNumber: sql<string | null>`(select i2.number from invoices i2 where i2.id = ${invoicesTable.creditForId})`,
};
export type InvoiceListRow = {
  invoice: InvoiceRow;
  clientName: string;
  clientEmail: string;
  roleName: string | null;
  creditForNumber: string | null;
};

export async function findInvoiceWithNames(db: Db, id: number): Promise<InvoiceListRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(invoicesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, invoicesTable.clientId))
    .leftJoin(rolesTable, eq(rolesTable.id, invoicesTable.roleId))
    .where(eq(invoicesTable.id, id))
    .limit(1);
  return row;
}

export function listInvoiceLines(db: Db, invoiceId: number) {
  return db
    .select()
    .from(invoiceLinesTable)
    .where(eq(invoiceLinesTable.invoiceId, invoiceId))
    .orderBy(asc(invoiceLinesTable.position), asc(invoiceLinesTable.id));
}

export function listInvoicePayouts(db: Db, invoiceId: number) {
  return db
    .select({
      payout: payoutsTable,
      firstName: usersTable.firstName,
      lastName: usersTable.lastName,
      username: usersTable.username,
      email: usersTable.email,
    })
    .from(payoutsTable)
    .leftJoin(usersTable, eq(usersTable.id, payoutsTable.recordedById))
    .where(eq(payoutsTable.invoiceId, invoiceId))
    .orderBy(asc(payoutsTable.date), asc(payoutsTable.id));
}

export function listInvoiceEvents(db: Db, invoiceId: number) {
  return db
    .select()
    .from(invoiceEventsTable)
    .where(eq(invoiceEventsTable.invoiceId, invoiceId))
    .orderBy(asc(invoiceEventsTable.createdAt), asc(invoiceEventsTable.id));
}

export function listCreditNotesOf(db: Db, invoiceId: number) {
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      totalMinor: invoicesTable.totalMinor,
    })
    .from(invoicesTable)
    .where(and(eq(invoicesTable.creditForId, invoiceId), eq(invoicesTable.kind, 'credit_note')))
    .orderBy(asc(invoicesTable.id));
}

/** The live (not void) credit note of an invoice, if any. */
export async function findLiveCreditNote(db: Db, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoicesTable)
    .where(
      and(
        eq(invoicesTable.creditForId, invoiceId),
        eq(invoicesTable.kind, 'credit_note'),
        ne(invoicesTable.status, 'void'),
      ),
    )
    .limit(1);
  return row;
}

// ---- placements and instalments (the prefill) ----

export interface PlacementFacts {
  placementId: number;
  pipelineId: number;
  roleId: number;
  salary: string;
  currency: string;
  startDate: string;
  guaranteeEnd: string | null;
  candidateName: string;
}

const placementColumns = {
  placementId: placementsTable.id,
  pipelineId: placementsTable.pipelineId,
  roleId: pipelinesTable.roleId,
  salary: placementsTable.salary,
  currency: placementsTable.currency,
  startDate: placementsTable.startDate,
  guaranteeEnd: placementsTable.guaranteeEnd,
  candidateName: sql<string>`trim(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName})`,
};

/** A role's placements, oldest first. */
export function listRolePlacements(db: Db, roleId: number): Promise<PlacementFacts[]> {
  return db
    .select(placementColumns)
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(eq(pipelinesTable.roleId, roleId))
    .orderBy(asc(placementsTable.createdAt), asc(placementsTable.id));
}

export async function findPlacementFacts(db: Db, placementId: number): Promise<PlacementFacts | undefined> {
  const [row] = await db
    .select(placementColumns)
    .from(placementsTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, placementsTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(eq(placementsTable.id, placementId))
    .limit(1);
  return row;
}

/** Live (not void) invoices of placements or instalments, for "already invoiced" marks. */
export function listLiveInvoicesByPlacement(db: Db, placementIds: number[]) {
  if (placementIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      placementId: invoicesTable.placementId,
    })
    .from(invoicesTable)
    .where(
      and(
        inArray(invoicesTable.placementId, placementIds),
        eq(invoicesTable.kind, 'finders_fee'),
        ne(invoicesTable.status, 'void'),
      ),
    );
}

export function listLiveInstalmentInvoices(db: Db, clientId: number) {
  return db
    .select({
      id: invoicesTable.id,
      number: invoicesTable.number,
      status: invoicesTable.status,
      instalment: invoicesTable.instalment,
    })
    .from(invoicesTable)
    .where(
      and(eq(invoicesTable.clientId, clientId), eq(invoicesTable.kind, 'retainer'), ne(invoicesTable.status, 'void')),
    );
}

/** How many submittals the client's roles have had (the first one is the shortlist milestone). */
export async function countClientSubmittals(db: Db, clientId: number): Promise<number> {
  const result = rowsOf<{ n: string }>(
    await db.execute(sql`
    select count(*) as n from submittals s
    join pipelines p on p.id = s.pipeline_id
    join roles r on r.id = p.role_id
    where r.client_id = ${clientId}`),
  );
  return Number(result[0]?.n ?? 0);
}

// ---- the list and statistics ----

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

export interface TotalsRow {
  currency: string;
  status: string;
  /** year × 100 + month of the issue date. */
  month: number;
  total: string;
  paid: string;
  count: number;
}

/**
 * The day summaries (`invoice_day_totals`) answer for filters on dates, status and kind alone; a client,
 * role, overdue or search filter reads the invoices themselves (through their indexes: few rows).
 */
function daySummaryConditions(filters: InvoiceFilters): SQL | undefined | null {
  if (filters.client !== undefined || filters.role !== undefined || filters.overdue !== undefined || filters.search)
    return null;
  const conditions: (SQL | undefined)[] = [];
  if (filters.dateFrom) conditions.push(sql`${invoiceDayTotalsTable.issueDate} >= ${filters.dateFrom}`);
  if (filters.dateTo) conditions.push(sql`${invoiceDayTotalsTable.issueDate} <= ${filters.dateTo}`);
  if (filters.status) conditions.push(eq(invoiceDayTotalsTable.status, filters.status));
  if (filters.kind) conditions.push(eq(invoiceDayTotalsTable.kind, filters.kind));
  return and(...conditions);
}

// date_part (a double) rather than extract (a numeric): a third of the time over thousands of rows.
const monthOf = (column: SQLWrapper) =>
  sql<number>`(date_part('year', ${column}) * 100 + date_part('month', ${column}))::int`;

/**
 * Per currency, status and issue month: Σ total, Σ paid and the count, in one pass over the filtered
 * invoices or their day summaries (the service adds them up; sums of bigint come back as text). The
 * statistics take no search.
 */
export function sumInvoiceTotals(db: Db, filters: InvoiceFilters, today: string): Promise<TotalsRow[]> {
  const summary = daySummaryConditions(filters);
  if (summary !== null) {
    const month = monthOf(invoiceDayTotalsTable.issueDate);
    return db
      .select({
        currency: invoiceDayTotalsTable.currency,
        status: invoiceDayTotalsTable.status,
        month,
        total: sql<string>`sum(${invoiceDayTotalsTable.totalMinor})::text`,
        paid: sql<string>`sum(${invoiceDayTotalsTable.paidMinor})::text`,
        count: sql<number>`sum(${invoiceDayTotalsTable.invoiceCount})::int`,
      })
      .from(invoiceDayTotalsTable)
      .where(summary)
      .groupBy(invoiceDayTotalsTable.currency, invoiceDayTotalsTable.status, month)
      .having(sql`sum(${invoiceDayTotalsTable.invoiceCount}) <> 0`);
  }
  const month = monthOf(invoicesTable.issueDate);
  return db
    .select({
      currency: invoicesTable.currency,
      status: invoicesTable.status,
      month,
      total: sql<string>`sum(${invoicesTable.totalMinor})::text`,
      paid: sql<string>`sum(${invoicesTable.paidMinor})::text`,
      count: sql<number>`count(*)::int`,
    })
    .from(invoicesTable)
    .where(invoiceConditions(filters, today))
    .groupBy(invoicesTable.currency, invoicesTable.status, month);
}

export interface AgingRow {
  currency: string;
  /** 0: not overdue; 1: 1–30 days past due; 2: 31–60; 3: 61–90; 4: over 90. */
  bucket: number;
  balance: string;
  count: number;
}

const DAY_MS = 86_400_000;
const agingBucket = (daysPastDue: number) =>
  daysPastDue <= 0 ? 0 : daysPastDue <= 30 ? 1 : daysPastDue <= 60 ? 2 : daysPastDue <= 90 ? 3 : 4;

/** The balances of the filtered sent invoices by how far past due they are (the sent ones only: an index range). */
export async function sumOutstandingByAge(db: Db, filters: InvoiceFilters, today: string): Promise<AgingRow[]> {
  const summary = daySummaryConditions(filters);
  if (summary !== null) {
    // Per due date: the invoices owing money (balance above zero) past it fall in its bucket, the rest in 0.
    const days = await db
      .select({
        currency: invoiceDayTotalsTable.currency,
        dueDate: invoiceDayTotalsTable.dueDate,
        count: sql<number>`sum(${invoiceDayTotalsTable.invoiceCount})::int`,
        balance: sql<string>`sum(${invoiceDayTotalsTable.balanceMinor})::text`,
        owingCount: sql<number>`sum(${invoiceDayTotalsTable.owingCount})::int`,
        owing: sql<string>`sum(${invoiceDayTotalsTable.owingMinor})::text`,
      })
      .from(invoiceDayTotalsTable)
      .where(and(summary, eq(invoiceDayTotalsTable.status, 'sent')))
      .groupBy(invoiceDayTotalsTable.currency, invoiceDayTotalsTable.dueDate);
    const buckets = new Map<string, { currency: string; bucket: number; balance: bigint; count: number }>();
    const add = (currency: string, bucket: number, balance: bigint, count: number) => {
      const key = `${currency} ${bucket}`;
      const entry = buckets.get(key) ?? { currency, bucket, balance: 0n, count: 0 };
      entry.balance += balance;
      entry.count += count;
      buckets.set(key, entry);
    };
    const todayTime = Date.parse(`${today}T00:00:00Z`);
    for (const day of days) {
      const bucket = agingBucket(Math.round((todayTime - Date.parse(`${day.dueDate}T00:00:00Z`)) / DAY_MS));
      if (bucket === 0) add(day.currency, 0, BigInt(day.balance), day.count);
      else {
        add(day.currency, bucket, BigInt(day.owing), day.owingCount);
        add(day.currency, 0, BigInt(day.balance) - BigInt(day.owing), day.count - day.owingCount);
      }
    }
    return [...buckets.values()]
      .filter((entry) => entry.count !== 0)
      .map((entry) => ({
        currency: entry.currency,
        bucket: entry.bucket,
        balance: entry.balance.toString(),
        count: entry.count,
      }));
  }
  const pastDue = sql`(${today}::date - ${invoicesTable.dueDate})`;
  const bucket = sql<number>`(case when not ${overdueCondition(today)} then 0 when ${pastDue} <= 30 then 1 when ${pastDue} <= 60 then 2 when ${pastDue} <= 90 then 3 else 4 end)`;
  return (
    db
      .select({
        currency: invoicesTable.currency,
        bucket,
        balance: sql<string>`sum(${invoicesTable.balanceMinor})::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(invoicesTable)
      .where(and(invoiceConditions(filters, today), eq(invoicesTable.status, 'sent')))
      // By position: the bucket's SQL carries parameters, which a repeated expression would number anew.
      .groupBy(sql`1`, sql`2`)
  );
}

/**
 * Collected by payout month from `fromDate` on, per currency, over the payouts of the invoices the same
 * filters list (client and issue date are copied onto each payout; only sent or paid invoices hold any).
 * Without a client or issue-date filter the payouts' day summaries answer.
 */
export function sumCollectedByMonth(
  db: Db,
  filters: InvoiceFilters,
  fromDate: string,
): Promise<{ currency: string; month: number; total: string }[]> {
  if (filters.client === undefined && !filters.dateFrom && !filters.dateTo) {
    const month = monthOf(payoutDayTotalsTable.date);
    return db
      .select({
        currency: payoutDayTotalsTable.currency,
        month,
        total: sql<string>`sum(${payoutDayTotalsTable.amountMinor})::text`,
      })
      .from(payoutDayTotalsTable)
      .where(sql`${payoutDayTotalsTable.date} >= ${fromDate}`)
      .groupBy(payoutDayTotalsTable.currency, month);
  }
  const conditions: (SQL | undefined)[] = [sql`${payoutsTable.date} >= ${fromDate}`];
  if (filters.client !== undefined) conditions.push(eq(payoutsTable.clientId, filters.client));
  if (filters.dateFrom) conditions.push(sql`${payoutsTable.invoiceIssueDate} >= ${filters.dateFrom}`);
  if (filters.dateTo) conditions.push(sql`${payoutsTable.invoiceIssueDate} <= ${filters.dateTo}`);
  const month = monthOf(payoutsTable.date);
  return db
    .select({ currency: payoutsTable.currency, month, total: sql<string>`sum(${payoutsTable.amountMinor})::text` })
    .from(payoutsTable)
    .where(and(...conditions))
    .groupBy(payoutsTable.currency, month);
}
