import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mentionsAny, type ErasureContext } from '../personal-data/personal-data.service';
import { invoiceEventsTable, invoiceLinesTable, invoicesTable } from './invoices.table';

/**
 * Erasure's step in the books (issue 34, decision 118): an invoice keeps its client, role, placement, amounts
 * and dates; the erased person's name in its lines (a finder's fee names the placed candidate), its printed
 * notes and its history becomes "Erased candidate #id". Only full names, email and phone are replaced here.
 */
export async function scrubInvoicesOf(tx: Db, context: ErasureContext): Promise<void> {
  const lines = await tx
    .select({ id: invoiceLinesTable.id, text: invoiceLinesTable.description })
    .from(invoiceLinesTable)
    .where(mentionsAny(invoiceLinesTable.description, context.terms));
  for (const row of lines) {
    const text = context.scrub(row.text, false);
    if (text !== row.text)
      await tx.update(invoiceLinesTable).set({ description: text }).where(eq(invoiceLinesTable.id, row.id));
  }
  const invoices = await tx
    .select({ id: invoicesTable.id, text: invoicesTable.notes })
    .from(invoicesTable)
    .where(mentionsAny(invoicesTable.notes, context.terms));
  for (const row of invoices) {
    const text = context.scrub(row.text, false);
    if (text !== row.text) await tx.update(invoicesTable).set({ notes: text }).where(eq(invoicesTable.id, row.id));
  }
  const events = await tx
    .select({ id: invoiceEventsTable.id, text: invoiceEventsTable.detail })
    .from(invoiceEventsTable)
    .where(mentionsAny(invoiceEventsTable.detail, context.terms));
  for (const row of events) {
    const text = context.scrub(row.text, false);
    if (text !== row.text)
      await tx.update(invoiceEventsTable).set({ detail: text }).where(eq(invoiceEventsTable.id, row.id));
  }
}
