import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import { formatInvoiceNumber, takeInvoiceNumber } from '../modules/invoices/invoice-numbers.repository';
import { insertInvoiceRow, replaceInvoiceLines } from '../modules/invoices/invoices.repository';
import {
  invoiceEventsTable,
  invoiceLinesTable,
  invoiceNumberCountersTable,
  invoicesTable,
  payoutsTable,
  type InvoiceRow,
  type NewInvoiceEventRow,
  type NewInvoiceLineRow,
  type NewInvoiceRow,
  type NewPayoutRow,
} from '../modules/invoices/invoices.table';
import { insertPlacementRow } from '../modules/pipelines/submittals-placements.repository';
import { requireRoleRow } from '../modules/roles/roles.service';
import { insertClient } from './clients.factory';
import { insertPipeline } from './pipelines.factory';

type InvoiceOverrides = Partial<Omit<NewInvoiceRow, 'number' | 'numberYear' | 'numberSeq'>>;

/**
 * One invoice with one line (a draft retainer invoice of a fresh client unless overridden), numbered
 * from the year's counter like a real one. Amounts in minor units; the balance follows from them.
 */
export async function insertInvoice(db: Db, overrides: InvoiceOverrides = {}): Promise<InvoiceRow> {
  const clientId = overrides.clientId ?? (await insertClient(db, { clientType: 'retainer' })).id;
  const issueDate = overrides.issueDate ?? new Date().toISOString().slice(0, 10);
  const total = overrides.totalMinor ?? 100_000;
  const paid = overrides.paidMinor ?? 0;
  return inTransaction(db, async (tx) => {
    const number = await takeInvoiceNumber(tx, Number(issueDate.slice(0, 4)));
    const row = await insertInvoiceRow(tx, {
      kind: 'retainer',
      status: 'draft',
      currency: 'USD',
      dueDate: issueDate,
      subtotalMinor: total,
      taxMinor: 0,
      totalMinor: total,
      paidMinor: paid,
      balanceMinor: overrides.kind === 'credit_note' ? 0 : total - paid,
      ...overrides,
      clientId,
      issueDate,
      number: number.number,
      numberYear: number.year,
      numberSeq: number.seq,
    });
    await replaceInvoiceLines(tx, row.id, [
      { position: 1, description: 'Services', quantityHundredths: 100, unitMinor: total, amountMinor: total },
    ]);
    return row;
  });
}

/** A sent finder's fee invoice of a placement with a 90-day guarantee starting today (a credit note may follow). */
export async function insertPlacementInvoice(db: Db): Promise<InvoiceRow> {
  const pipeline = await insertPipeline(db, { stage: 'placed' });
  const start = new Date().toISOString().slice(0, 10);
  const guaranteeEnd = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const placement = await insertPlacementRow(db, {
    pipelineId: pipeline.id,
    salary: '100000',
    currency: 'USD',
    startDate: start,
    fee: '20000',
    guaranteeEnd,
  });
  const role = await requireRoleRow(db, pipeline.roleId);
  return insertInvoice(db, {
    kind: 'finders_fee',
    status: 'sent',
    clientId: role.clientId,
    roleId: role.id,
    placementId: placement.id,
    issueDate: start,
    totalMinor: 2_000_000,
  });
}

/**
 * Many invoices at once (demo data, benches): rows carry their numbers; the year counters are set to
 * the highest numbers afterwards. Lines and payouts are inserted for the returned ids.
 */
export async function insertInvoiceRows(
  db: Db,
  rows: (NewInvoiceRow & {
    lines: Omit<NewInvoiceLineRow, 'invoiceId'>[];
    payouts: Omit<NewPayoutRow, 'invoiceId' | 'clientId' | 'currency' | 'invoiceIssueDate'>[];
    events?: Omit<NewInvoiceEventRow, 'invoiceId'>[];
  })[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < rows.length; index += 1000) {
    const chunk = rows.slice(index, index + 1000);
    const inserted = await db
      .insert(invoicesTable)
      .values(chunk.map(({ lines: _lines, payouts: _payouts, events: _events, ...row }) => row))
      .returning({ id: invoicesTable.id });
    const lines = chunk.flatMap((row, i) => row.lines.map((line) => ({ ...line, invoiceId: inserted[i]!.id })));
    const payouts = chunk.flatMap((row, i) =>
      row.payouts.map((payout) => ({
        clientId: row.clientId,
        currency: row.currency,
        invoiceIssueDate: row.issueDate,
        ...payout,
        invoiceId: inserted[i]!.id,
      })),
    );
    for (let j = 0; j < lines.length; j += 2000) await db.insert(invoiceLinesTable).values(lines.slice(j, j + 2000));
    for (let j = 0; j < payouts.length; j += 2000) await db.insert(payoutsTable).values(payouts.slice(j, j + 2000));
    const events = chunk.flatMap((row, i) =>
      (row.events ?? []).map((event) => ({ ...event, invoiceId: inserted[i]!.id })),
    );
    for (let j = 0; j < events.length; j += 2000) await db.insert(invoiceEventsTable).values(events.slice(j, j + 2000));
    ids.push(...inserted.map((row) => row.id));
  }
  const last = new Map<number, number>();
  for (const row of rows) last.set(row.numberYear, Math.max(last.get(row.numberYear) ?? 0, row.numberSeq));
  for (const [year, lastSeq] of last) {
    await db
      .insert(invoiceNumberCountersTable)
      .values({ year, lastSeq })
      .onConflictDoUpdate({
        target: invoiceNumberCountersTable.year,
        set: { lastSeq: sql`greatest(${invoiceNumberCountersTable.lastSeq}, ${lastSeq})` },
      });
  }
  return ids;
}

export { formatInvoiceNumber };
