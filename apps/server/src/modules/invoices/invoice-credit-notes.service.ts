import type { CreditNoteInputSchema, Invoice } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireClientRow } from '../clients/clients.service';
import type { UserRow } from '../users/users.service';
import { changeInvoice, presentAfterChange } from './invoice-change';
import { insertInvoice, priceLines, type LineValues } from './invoice-drafts';
import { agencyDay, balanceOf, invoiceError } from './invoice-presenters';
import { findPlacementFacts } from './invoice-sources.repository';
import { formatMoney, toMinor } from '@recruitdesk/money';
import { findLiveCreditNote, listInvoiceLines, lockInvoiceRow, updateInvoiceRow } from './invoices.repository';
import type { InvoiceRow, NewInvoiceRow } from './invoices.table';

// Credit notes (decision 013): drafted against a finder's fee whose placement fell off within its guarantee;
// sending one applies its amount to the invoice it credits, voiding it takes the amount back.

/** Applies (or, with sign −1, takes back) an issued credit note on the invoice it credits. */
export async function applyCredit(tx: Db, now: Date, note: InvoiceRow, sign: 1 | -1): Promise<void> {
  if (note.creditForId === null) return;
  const original = await lockInvoiceRow(tx, note.creditForId);
  if (!original) return;
  const creditedMinor = original.creditedMinor + sign * -note.totalMinor;
  const next = { ...original, creditedMinor };
  const balanceMinor = balanceOf(next);
  const values: Partial<NewInvoiceRow> = { creditedMinor, balanceMinor, updatedAt: now };
  if (original.status === 'sent' && balanceMinor <= 0) Object.assign(values, { status: 'paid', paidAt: now });
  if (original.status === 'paid' && balanceMinor > 0) Object.assign(values, { status: 'sent', paidAt: null });
  await updateInvoiceRow(tx, original.id, values);
}

/**
 * A credit note against a finder's fee whose placement fell off within its guarantee: a draft with the
 * invoice's lines negated (or one line of `amount` before tax), at the invoice's tax rate; sending it
 * applies the credit to the invoice's balance.
 */
export async function createCreditNote(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof CreditNoteInputSchema>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  const noteId = await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.kind !== 'finders_fee') throw invoiceError('CREDIT_NOTE_NOT_FEE', 409);
    if (row.status === 'void') throw invoiceError('INVOICE_VOID', 409);
    if (row.status === 'draft') throw invoiceError('CREDIT_NOTE_NOT_ISSUED', 409);
    const placement = row.placementId !== null ? await findPlacementFacts(tx, row.placementId) : undefined;
    if (!placement?.guaranteeEnd) throw invoiceError('CREDIT_NOTE_NO_GUARANTEE', 409);
    if (input.fell_off_on < placement.startDate) throw invoiceError('CREDIT_NOTE_BEFORE_START', 400, 'fell_off_on');
    if (input.fell_off_on > placement.guaranteeEnd) throw invoiceError('CREDIT_NOTE_AFTER_GUARANTEE', 409);
    if (await findLiveCreditNote(tx, id)) throw invoiceError('CREDIT_NOTE_EXISTS', 409);
    const lines: LineValues[] = input.amount
      ? [
          {
            description: `Credit for ${row.number}: ${input.reason}`,
            quantityHundredths: 100,
            unitMinor: -toMinor(input.amount),
          },
        ]
      : (await listInvoiceLines(tx, id)).map((line) => ({
          description: `Credit: ${line.description}`,
          quantityHundredths: line.quantityHundredths,
          unitMinor: -line.unitMinor,
        }));
    const { totals } = priceLines(lines, row.taxRateBp);
    if (-totals.total > row.totalMinor) throw invoiceError('CREDIT_NOTE_TOO_LARGE', 400, 'amount');
    const client = await requireClientRow(tx, row.clientId);
    const today = agencyDay(now, deps.config.agencyTimeZone);
    const note = await insertInvoice(tx, actor, now, {
      kind: 'credit_note',
      client,
      roleId: row.roleId,
      placementId: row.placementId,
      instalment: null,
      creditForId: row.id,
      issueDate: today,
      dueDate: today,
      paymentTermsDays: 0,
      taxRateBp: row.taxRateBp,
      notes: `The placement of ${placement.candidateName} ended on ${input.fell_off_on}, within the guarantee (until ${placement.guaranteeEnd}). ${input.reason}`,
      lines,
      detail: `Credit note for ${row.number}: ${input.reason}`,
      scope: { clientId: row.clientId, roleId: row.roleId },
    });
    await history(
      'credit_note',
      `Credit note ${note.number} drafted (${formatMoney(note.totalMinor, row.currency)}): ${input.reason}`,
    );
    await activity('credit_note', `Drafted credit note ${note.number} against ${row.number}`);
    return note.id;
  });
  return presentAfterChange(deps, noteId);
}
