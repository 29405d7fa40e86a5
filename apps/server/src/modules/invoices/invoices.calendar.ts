import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientsTable } from '../clients/clients.table';
import { formatMoney } from '@recruitdesk/money';
import { invoicesTable, payoutsTable } from './invoices.table';

/** One all-day event of the calendar's invoice-payout feed (the calendar module wraps them in its answer). */
export interface InvoiceCalendarEvent {
  id: string;
  title: string;
  /** YYYY-MM-DD. */
  start: string;
  all_day: true;
  kind: 'invoice_due' | 'payout';
  url: string;
}

/** The invoice screen's path (spec §2): under its role for finder's fees, else under its client. */
export const invoicePath = (invoice: { id: number; roleId: number | null; clientId: number }): string =>
  invoice.roleId !== null
    ? `/role/${invoice.roleId}/invoice/${invoice.id}`
    : `/client/${invoice.clientId}/invoices/${invoice.id}`;

/**
 * Due dates of unpaid, not void invoices (drafts and sent; not credit notes) and payouts received, from
 * `start` (included) to `end` (excluded), both YYYY-MM-DD (a longer ISO string is cut to its date).
 * No permission check: the caller (the calendar's owner-only feed, the owner's iCal feed) decides who sees them.
 */
export async function loadInvoiceCalendarEvents(
  db: Db,
  range: { start: string; end: string },
): Promise<InvoiceCalendarEvent[]> {
  const start = range.start.slice(0, 10);
  const end = range.end.slice(0, 10);
  const [dues, payouts] = await Promise.all([
    db
      .select({
        id: invoicesTable.id,
        number: invoicesTable.number,
        roleId: invoicesTable.roleId,
        clientId: invoicesTable.clientId,
        clientName: clientsTable.name,
        dueDate: invoicesTable.dueDate,
        balance: invoicesTable.balanceMinor,
        currency: invoicesTable.currency,
      })
      .from(invoicesTable)
      .innerJoin(clientsTable, eq(clientsTable.id, invoicesTable.clientId))
      .where(
        and(
          inArray(invoicesTable.status, ['draft', 'sent']),
          ne(invoicesTable.kind, 'credit_note'),
          gte(invoicesTable.dueDate, start),
          lt(invoicesTable.dueDate, end),
        ),
      )
      .orderBy(asc(invoicesTable.dueDate), asc(invoicesTable.id)),
    db
      .select({
        id: payoutsTable.id,
        date: payoutsTable.date,
        amount: payoutsTable.amountMinor,
        invoiceId: invoicesTable.id,
        number: invoicesTable.number,
        roleId: invoicesTable.roleId,
        clientId: invoicesTable.clientId,
        clientName: clientsTable.name,
        currency: invoicesTable.currency,
      })
      .from(payoutsTable)
      .innerJoin(invoicesTable, eq(invoicesTable.id, payoutsTable.invoiceId))
      .innerJoin(clientsTable, eq(clientsTable.id, invoicesTable.clientId))
      .where(and(gte(payoutsTable.date, start), lt(payoutsTable.date, end), sql`${invoicesTable.status} <> 'void'`))
      .orderBy(asc(payoutsTable.date), asc(payoutsTable.id)),
  ]);
  return [
    ...dues.map((row): InvoiceCalendarEvent => ({
      id: `invoice-due-${row.id}`,
      title: `${row.number} due: ${row.clientName} (${formatMoney(row.balance, row.currency)})`,
      start: row.dueDate,
      all_day: true,
      kind: 'invoice_due',
      url: invoicePath({ id: row.id, roleId: row.roleId, clientId: row.clientId }),
    })),
    ...payouts.map((row): InvoiceCalendarEvent => ({
      id: `payout-${row.id}`,
      title: `Payment ${formatMoney(row.amount, row.currency)} for ${row.number}: ${row.clientName}`,
      start: row.date,
      all_day: true,
      kind: 'payout',
      url: invoicePath({ id: row.invoiceId, roleId: row.roleId, clientId: row.clientId }),
    })),
  ];
}
