import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceConditions, overdueCondition, type InvoiceFilters } from './invoice-list.repository';
import { invoiceDayTotalsTable, invoicesTable, payoutDayTotalsTable, payoutsTable } from './invoices.table';

// The statistics' three grouped reads (decision 013) over the invoices, or over the day summaries the
// database triggers keep (decision 058) when the filters allow.

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
