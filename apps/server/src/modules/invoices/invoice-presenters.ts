import type {
  Invoice,
  InvoiceKind,
  InvoiceStatus,
  InvoiceSummary,
  PayoutMethod,
} from '@recruitdesk/contracts/invoices';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { calendarDateIn } from '../../lib/time-zone';
import { INVOICE_ERRORS, type InvoiceErrorCode } from '@recruitdesk/contracts/invoices';
import { displayName } from '../users/users.service';
import { bpToPercent, fromMinor, hundredthsToQuantity } from '@recruitdesk/money';
import { findPlacementFacts } from './invoice-sources.repository';
import {
  findInvoiceWithNames,
  findLiveCreditNote,
  listCreditNotesOf,
  listInvoiceEvents,
  listInvoiceLines,
  listInvoicePayouts,
  type InvoiceListRow,
} from './invoices.repository';
import type { InvoiceRow } from './invoices.table';

/** The one way a refusal leaves the module: the code's sentence from the contracts, with its status. */
export const invoiceError = (code: InvoiceErrorCode, status: number, field?: string) =>
  new AppError(code, status, INVOICE_ERRORS[code], field ? { fields: { [field]: [INVOICE_ERRORS[code]] } } : {});

export const invoiceNotFound = () => invoiceError('INVOICE_NOT_FOUND', 404);

/** The calendar day (YYYY-MM-DD) `at` falls on in the agency's time zone (AGENCY_TIME_ZONE). */
export const agencyDay = (at: Date, zone: string): string => calendarDateIn(at, zone);

/**
 * Today in the agency's time zone: the day new invoices are dated, a future issue date is judged, and the
 * overdue rule and the aging are read against (decision 077).
 */
export const agencyToday = (deps: Pick<Deps, 'config'>): string =>
  agencyDay(deps.config.now(), deps.config.agencyTimeZone);

/** Whole days from one date to another (YYYY-MM-DD; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const isOverdue = (row: Pick<InvoiceRow, 'status' | 'dueDate' | 'balanceMinor'>, today: string): boolean =>
  row.status === 'sent' && row.dueDate < today && row.balanceMinor > 0;

/** A row's balance from its amounts: total − paid − credited for invoices; credit notes and void ones carry none. */
export const balanceOf = (
  row: Pick<InvoiceRow, 'kind' | 'status' | 'totalMinor' | 'paidMinor' | 'creditedMinor'>,
): number =>
  row.kind === 'credit_note' || row.status === 'void' ? 0 : row.totalMinor - row.paidMinor - row.creditedMinor;

export function toSummary(row: InvoiceListRow, today: string): InvoiceSummary {
  const invoice = row.invoice;
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind as InvoiceKind,
    status: invoice.status as InvoiceStatus,
    overdue: isOverdue(invoice, today),
    client: { id: invoice.clientId, name: row.clientName },
    role: invoice.roleId !== null ? { id: invoice.roleId, name: row.roleName ?? '' } : null,
    placement_id: invoice.placementId,
    instalment: invoice.instalment,
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    currency: invoice.currency,
    tax_rate: bpToPercent(invoice.taxRateBp),
    subtotal: fromMinor(invoice.subtotalMinor),
    tax: fromMinor(invoice.taxMinor),
    total: fromMinor(invoice.totalMinor),
    paid_amount: fromMinor(invoice.paidMinor),
    credited_amount: fromMinor(invoice.creditedMinor),
    balance: fromMinor(invoice.balanceMinor),
    credit_for: invoice.creditForId !== null ? { id: invoice.creditForId, number: row.creditForNumber ?? '' } : null,
    sent_at: invoice.sentAt?.toISOString() ?? null,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    voided_at: invoice.voidedAt?.toISOString() ?? null,
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

/** Why a credit note is not offered now (null: it is). */
export async function creditNoteBlocker(db: Db, invoice: InvoiceRow): Promise<string | null> {
  if (invoice.kind !== 'finders_fee') return INVOICE_ERRORS.CREDIT_NOTE_NOT_FEE;
  if (invoice.status !== 'sent' && invoice.status !== 'paid')
    return invoice.status === 'void' ? INVOICE_ERRORS.INVOICE_VOID : INVOICE_ERRORS.CREDIT_NOTE_NOT_ISSUED;
  const placement = invoice.placementId !== null ? await findPlacementFacts(db, invoice.placementId) : undefined;
  if (!placement?.guaranteeEnd) return INVOICE_ERRORS.CREDIT_NOTE_NO_GUARANTEE;
  if (await findLiveCreditNote(db, invoice.id)) return INVOICE_ERRORS.CREDIT_NOTE_EXISTS;
  return null;
}

/**
 * The whole invoice: lines, payouts, credit notes, history and what may be done now. `today` is the agency's
 * (`agencyToday`).
 */
export async function presentInvoice(db: Db, id: number, today: string): Promise<Invoice> {
  const row = await findInvoiceWithNames(db, id);
  if (!row) throw invoiceNotFound();
  const invoice = row.invoice;
  const [lines, payouts, events, creditNotes, blocker] = await Promise.all([
    listInvoiceLines(db, id),
    listInvoicePayouts(db, id),
    listInvoiceEvents(db, id),
    listCreditNotesOf(db, id),
    creditNoteBlocker(db, invoice),
  ]);
  return {
    ...toSummary(row, today),
    notes: invoice.notes,
    void_reason: invoice.voidReason,
    payment_terms_days: invoice.paymentTermsDays,
    bill_to_email: row.clientEmail,
    bill_to: {
      name: row.clientName,
      contact_name: row.clientContactName,
      location: row.clientLocation,
      email: row.clientEmail,
    },
    dated_ahead: invoice.status === 'draft' && invoice.issueDate > today,
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: hundredthsToQuantity(line.quantityHundredths),
      unit_amount: fromMinor(line.unitMinor),
      amount: fromMinor(line.amountMinor),
      position: line.position,
    })),
    payouts: payouts.map(({ payout, ...user }) => ({
      id: payout.id,
      invoice_id: payout.invoiceId,
      date: payout.date,
      amount: fromMinor(payout.amountMinor),
      method: payout.method as PayoutMethod,
      reference: payout.reference,
      recorded_by:
        payout.recordedById !== null && user.email !== null
          ? {
              id: payout.recordedById,
              name: displayName({
                firstName: user.firstName ?? '',
                lastName: user.lastName ?? '',
                username: user.username ?? '',
                email: user.email,
              }),
            }
          : null,
      created_at: payout.createdAt.toISOString(),
    })),
    credit_notes: creditNotes.map((note) => ({
      id: note.id,
      number: note.number,
      status: note.status as InvoiceStatus,
      total: fromMinor(note.totalMinor),
    })),
    history: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      detail: event.detail,
      actor_name: event.actorName,
      created_at: event.createdAt.toISOString(),
    })),
    can: {
      edit: invoice.status === 'draft',
      delete: invoice.status === 'draft',
      send: invoice.status !== 'void',
      void: invoice.status === 'sent' && invoice.paidMinor === 0,
      record_payout: invoice.status === 'sent' && invoice.kind !== 'credit_note' && invoice.balanceMinor > 0,
      credit_note: blocker === null,
    },
    credit_note_blocker: invoice.kind === 'finders_fee' ? blocker : null,
  };
}
