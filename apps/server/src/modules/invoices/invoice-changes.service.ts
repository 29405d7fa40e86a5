import type {
  Invoice,
  PatchInvoiceInputSchema,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { deleteNotesOf } from '../notes/notes.service';
import type { UserRow } from '../users/users.service';
import { changeInvoice, presentAfterChange } from './invoice-change';
import { linesFromInput } from './invoice-create.service';
import { applyCredit } from './invoice-credit-notes.service';
import { priceLines, type LineValues } from './invoice-drafts';
import { balanceOf, invoiceError } from './invoice-presenters';
import { releaseInvoiceNumber } from './invoice-numbers.repository';
import { formatMoney, percentToBp } from '@recruitdesk/money';
import {
  deleteInvoiceRow,
  findInvoiceRow,
  findLiveCreditNote,
  listInvoiceLines,
  replaceInvoiceLines,
  updateInvoiceRow,
} from './invoices.repository';
import type { InvoiceRow, NewInvoiceRow } from './invoices.table';

// Changing an invoice: a draft's content (or any invoice's notes), deleting a draft, voiding an issued one.

const assertDates = (issueDate: string, dueDate: string) => {
  if (dueDate < issueDate) throw fieldsError({ due_date: ['The due date cannot be before the issue date.'] });
};

type DraftChanges = {
  issue_date?: string | undefined;
  due_date?: string | undefined;
  tax_rate?: string | undefined;
  notes?: string | undefined;
  lines?: { description: string; quantity: string; unit_amount: string }[] | undefined;
};

/** PUT (the whole draft) and PATCH (some fields; `notes` alone may change on any invoice). */
export async function updateInvoice(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof UpdateInvoiceInputSchema> | z.output<typeof PatchInvoiceInputSchema>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  const changes: DraftChanges = input;
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    const notesOnly = Object.keys(changes).every(
      (key) => key === 'notes' || changes[key as keyof DraftChanges] === undefined,
    );
    if (notesOnly) {
      if (changes.notes === undefined || changes.notes === row.notes) return;
      await updateInvoiceRow(tx, id, { notes: changes.notes, updatedAt: now });
      await history('notes', 'Notes changed');
      await activity('updated', `Changed the notes of ${row.number}`);
      return;
    }
    if (row.status !== 'draft') throw invoiceError('INVOICE_NOT_DRAFT', 409);
    const issueDate = changes.issue_date ?? row.issueDate;
    const dueDate = changes.due_date ?? row.dueDate;
    assertDates(issueDate, dueDate);
    const taxRateBp = changes.tax_rate !== undefined ? percentToBp(changes.tax_rate) : row.taxRateBp;
    let lines: LineValues[];
    if (changes.lines) {
      lines = linesFromInput(changes.lines);
    } else {
      lines = (await listInvoiceLines(tx, id)).map((line) => ({
        description: line.description,
        quantityHundredths: line.quantityHundredths,
        unitMinor: line.unitMinor,
      }));
    }
    if (row.kind === 'credit_note') lines = lines.map((line) => ({ ...line, unitMinor: -Math.abs(line.unitMinor) }));
    const { priced, totals } = priceLines(lines, taxRateBp);
    if (row.kind === 'credit_note') {
      const original = row.creditForId !== null ? await findInvoiceRow(tx, row.creditForId) : undefined;
      if (original && -totals.total > original.totalMinor) throw invoiceError('CREDIT_NOTE_TOO_LARGE', 400, 'lines');
    }
    const values: Partial<NewInvoiceRow> = {
      issueDate,
      dueDate,
      taxRateBp,
      notes: changes.notes ?? row.notes,
      subtotalMinor: totals.subtotal,
      taxMinor: totals.tax,
      totalMinor: totals.total,
      updatedAt: now,
    };
    const next = { ...row, ...values } as InvoiceRow;
    values.balanceMinor = balanceOf(next);
    await updateInvoiceRow(tx, id, values);
    await replaceInvoiceLines(tx, id, priced);
    await history('updated', `Draft changed: total ${formatMoney(totals.total, row.currency)}`);
    await activity('updated', `Changed draft ${row.number} (${formatMoney(totals.total, row.currency)})`);
  });
  return presentAfterChange(deps, id);
}

/** Drafts only; its number goes back so the year's numbers stay without gaps. */
export async function deleteInvoice(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'invoices.manage');
  await changeInvoice(deps, actor, id, async ({ tx, row }) => {
    if (row.status !== 'draft') throw invoiceError('INVOICE_DELETE_NOT_DRAFT', 409);
    await deleteInvoiceRow(tx, id);
    await deleteNotesOf(tx, 'invoice', [id]);
    await releaseInvoiceNumber(tx, row.numberYear, row.numberSeq);
    await recordActivity(tx, {
      actor,
      verb: 'deleted',
      modelType: 'invoice',
      objectId: id,
      summary: `Deleted draft ${row.number}`,
      scope: { clientId: row.clientId, roleId: row.roleId },
    });
  });
}

/** Sent invoices without payments (and issued credit notes) can be voided, with a reason. */
export async function voidInvoice(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof VoidInvoiceInputSchema>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.status === 'void') throw invoiceError('INVOICE_ALREADY_VOID', 409);
    if (row.status === 'draft') throw invoiceError('INVOICE_VOID_DRAFT', 409);
    if (row.paidMinor > 0 || row.status === 'paid') throw invoiceError('INVOICE_VOID_HAS_PAYOUTS', 409);
    if (row.kind !== 'credit_note' && (await findLiveCreditNote(tx, id))) throw invoiceError('CREDIT_NOTE_EXISTS', 409);
    await updateInvoiceRow(tx, id, {
      status: 'void',
      voidReason: input.reason,
      voidedAt: now,
      balanceMinor: 0,
      updatedAt: now,
    });
    if (row.kind === 'credit_note') await applyCredit(tx, now, row, -1);
    await history('voided', input.reason);
    await activity('voided', `Voided ${row.number}: ${input.reason}`);
  });
  return presentAfterChange(deps, id);
}
