import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceNumberCountersTable, invoiceNumberFreeTable } from './invoices.table';
import { rowsOf } from '../../db/sql-helpers';

// Invoice numbers (decision 013): INV-YYYY-NNNN, unique and without gaps per year, under a locked counter.

/** Raw statements answer `{rows}` on both drivers (PGlite and node-postgres). */

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
