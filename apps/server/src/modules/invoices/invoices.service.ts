import type {
  CreditNoteInputSchema,
  Invoice,
  InvoiceListQuerySchema,
  InvoiceStatistics,
  InvoiceStatisticsQuerySchema,
  InvoiceSummary,
  InvoiceTotals,
  PatchInvoiceInputSchema,
  PayoutInputSchema,
  SendInvoiceInputSchema,
  UpdateInvoiceInputSchema,
  VoidInvoiceInputSchema,
} from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { independentReads, inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { deleteNotesOf } from '../notes/notes.service';
import { requireClientRow } from '../clients/clients.service';
import { requireRoleRow } from '../roles/roles.service';
import { getAgencySettings } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import { linesFromInput } from './invoice-create.service';
import { insertInvoice, priceLines, type LineValues } from './invoice-drafts';
import { renderInvoicePdf } from './invoice-pdf';
import { balanceOf, invoiceError, invoiceNotFound, presentInvoice, toSummary, utcToday } from './invoice-presenters';
import { formatMoney, fromMinor, percentToBp, toMinor } from '@recruitdesk/money';
import {
  deleteInvoiceRow,
  findInvoiceRow,
  findInvoiceWithNames,
  findLiveCreditNote,
  findPlacementFacts,
  insertInvoiceEvents,
  insertPayoutRow,
  listInvoiceLines,
  listInvoiceRows,
  lockInvoiceRow,
  releaseInvoiceNumber,
  replaceInvoiceLines,
  sumCollectedByMonth,
  sumInvoiceTotals,
  sumOutstandingByAge,
  updateInvoiceRow,
  type InvoiceFilters,
} from './invoices.repository';
import type { InvoiceRow, NewInvoiceRow } from './invoices.table';

// The invoices module's service: the list and statistics, an invoice and every change to it. Creation and
// the prefill live in invoice-create.service.ts, the PDF in invoice-pdf.ts. Owners only (design §3): the
// permission check opens every call.

export { invoicePath, loadInvoiceCalendarEvents, type InvoiceCalendarEvent } from './invoices.calendar';
/** The money rules, for demo data and benches that build invoices in bulk. */
export { instalmentsOf } from './invoice-drafts';
export { formatInvoiceNumber } from './invoices.repository';
export {
  createClientInvoice,
  createRoleInvoice,
  draftForPlacement,
  draftForSubmittal,
  getClientInvoiceDraft,
  getRoleInvoiceDraft,
} from './invoice-create.service';

const guard = (actor: UserRow) => assertCan(actor, 'invoices.manage');

const filtersOf = (query: {
  client?: number | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
}): InvoiceFilters => ({
  client: query.client,
  dateFrom: query.date_from,
  dateTo: query.date_to,
});

export async function listInvoices(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof InvoiceListQuerySchema>,
  scope: { role?: number; client?: number } = {},
): Promise<{ results: InvoiceSummary[]; count: number }> {
  guard(actor);
  const today = utcToday(deps.config.now());
  const { rows, count } = await listInvoiceRows(
    deps.db,
    {
      ...filtersOf(query),
      role: scope.role ?? query.role,
      ...(scope.client !== undefined ? { client: scope.client } : {}),
      status: query.status,
      kind: query.kind,
      overdue: query.overdue,
      search: query.search,
    },
    { today, ordering: query.ordering, limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  // An unknown role or client is a 404, not an empty list (checked only when nothing matched).
  if (count === 0 && scope.role !== undefined) await requireRoleRow(deps.db, scope.role);
  if (count === 0 && scope.client !== undefined) await requireClientRow(deps.db, scope.client);
  return { results: rows.map((row) => toSummary(row, today)), count };
}

const monthsBack = (today: string, count: number): number[] => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const offset = month - 1 - (count - 1 - index);
    return (year + Math.floor(offset / 12)) * 100 + (((offset % 12) + 12) % 12) + 1;
  });
};
const monthLabel = (month: number) => `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;

/** Statistics over the invoices the list shows for the same filters (see the contract for each sum). */
export async function invoiceStatistics(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof InvoiceStatisticsQuerySchema>,
): Promise<InvoiceStatistics> {
  guard(actor);
  const today = utcToday(deps.config.now());
  const filters = filtersOf(query);
  const months = monthsBack(today, 12);
  const first = months[0]!;
  const [totals, aging, collected, settings] = await independentReads(
    deps.db,
    () => sumInvoiceTotals(deps.db, filters, today),
    () => sumOutstandingByAge(deps.db, filters, today),
    () => sumCollectedByMonth(deps.db, filters, `${monthLabel(first)}-01`),
    () => getAgencySettings(deps.db),
  );
  const currencies = [
    ...new Set([...totals.map((row) => row.currency), ...collected.map((row) => row.currency)]),
  ].sort();
  // Exact sums of the grouped sums (BigInt: no rounding, no float).
  const sum = <T>(rows: T[], value: (row: T) => string) => rows.reduce((total, row) => total + BigInt(value(row)), 0n);
  const blocks: InvoiceTotals[] = currencies.map((currency) => {
    const rows = totals.filter((row) => row.currency === currency);
    const issued = rows.filter((row) => row.status === 'sent' || row.status === 'paid');
    const ages = aging.filter((row) => row.currency === currency);
    const age = (bucket: number) =>
      fromMinor(
        sum(
          ages.filter((row) => row.bucket === bucket),
          (row) => row.balance,
        ),
      );
    const countOf = (status: string) =>
      rows.filter((row) => row.status === status).reduce((total, row) => total + row.count, 0);
    return {
      currency,
      invoiced: fromMinor(sum(issued, (row) => row.total)),
      collected: fromMinor(sum(issued, (row) => row.paid)),
      outstanding: fromMinor(sum(ages, (row) => row.balance)),
      overdue: fromMinor(
        sum(
          ages.filter((row) => row.bucket > 0),
          (row) => row.balance,
        ),
      ),
      aging: { d0_30: age(1), d31_60: age(2), d61_90: age(3), d90_plus: age(4) },
      counts: {
        draft: countOf('draft'),
        sent: countOf('sent'),
        paid: countOf('paid'),
        void: countOf('void'),
        overdue: ages.filter((row) => row.bucket > 0).reduce((total, row) => total + row.count, 0),
      },
      by_month: months.map((month) => ({
        month: monthLabel(month),
        invoiced: fromMinor(
          sum(
            issued.filter((row) => row.month === month),
            (row) => row.total,
          ),
        ),
        collected: fromMinor(
          sum(
            collected.filter((row) => row.currency === currency && row.month === month),
            (row) => row.total,
          ),
        ),
      })),
    };
  });
  const empty: InvoiceTotals = {
    currency: settings.currency,
    invoiced: '0.00',
    collected: '0.00',
    outstanding: '0.00',
    overdue: '0.00',
    aging: { d0_30: '0.00', d31_60: '0.00', d61_90: '0.00', d90_plus: '0.00' },
    counts: { draft: 0, sent: 0, paid: 0, void: 0, overdue: 0 },
    by_month: months.map((month) => ({ month: monthLabel(month), invoiced: '0.00', collected: '0.00' })),
  };
  const main = blocks.find((block) => block.currency === settings.currency) ?? blocks[0] ?? empty;
  return { ...main, currencies: blocks };
}

export async function getInvoice(deps: Deps, actor: UserRow, id: number): Promise<Invoice> {
  guard(actor);
  return presentInvoice(deps.db, id, utcToday(deps.config.now()));
}

/** The PDF and its file name. */
export async function invoicePdf(deps: Deps, actor: UserRow, id: number): Promise<{ pdf: Buffer; filename: string }> {
  guard(actor);
  const invoice = await presentInvoice(deps.db, id, utcToday(deps.config.now()));
  return { pdf: await renderPdfOf(deps, invoice), filename: `${invoice.number}.pdf` };
}

async function renderPdfOf(deps: Deps, invoice: Invoice): Promise<Buffer> {
  const [settings, client] = await Promise.all([
    getAgencySettings(deps.db),
    requireClientRow(deps.db, invoice.client.id),
  ]);
  return renderInvoicePdf(invoice, settings, client);
}

// ---- changes: each locks the invoice row in its transaction, checks the state, writes, records history ----

interface ChangeScope {
  tx: Db;
  now: Date;
  row: InvoiceRow;
  history(kind: string, detail: string): Promise<void>;
  activity(verb: string, summary: string): Promise<void>;
}

async function changeInvoice<T>(
  deps: Deps,
  actor: UserRow,
  id: number,
  change: (scope: ChangeScope) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.db, async (tx) => {
    const row = await lockInvoiceRow(tx, id);
    if (!row) throw invoiceNotFound();
    const now = deps.config.now();
    return change({
      tx,
      now,
      row,
      history: (kind, detail) =>
        insertInvoiceEvents(tx, [
          { invoiceId: id, kind, detail, actorId: actor.id, actorName: displayName(actor), createdAt: now },
        ]),
      activity: (verb, summary) =>
        recordActivity(tx, {
          actor,
          verb,
          modelType: 'invoice',
          objectId: id,
          summary,
          scope: { clientId: row.clientId, roleId: row.roleId },
          at: now,
        }),
    });
  });
}

const present = (deps: Deps, id: number) => presentInvoice(deps.db, id, utcToday(deps.config.now()));

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
  guard(actor);
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
  return present(deps, id);
}

/** Drafts only; its number goes back so the year's numbers stay without gaps. */
export async function deleteInvoice(deps: Deps, actor: UserRow, id: number): Promise<void> {
  guard(actor);
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

/** Applies (or, with sign −1, takes back) an issued credit note on the invoice it credits. */
async function applyCredit(tx: Db, now: Date, note: InvoiceRow, sign: 1 | -1): Promise<void> {
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
 * Mails the PDF (to `to`, else the client's contact email) and marks a draft sent; a sent or paid invoice
 * can be sent again. The mail goes first: if it fails, nothing changes.
 */
export async function sendInvoice(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof SendInvoiceInputSchema>,
): Promise<Invoice> {
  guard(actor);
  const before = await findInvoiceWithNames(deps.db, id);
  if (!before) throw invoiceNotFound();
  if (before.invoice.status === 'void') throw invoiceError('INVOICE_VOID', 409);
  const to = input.to || before.clientEmail;
  if (!to) throw invoiceError('NO_EMAIL', 400, 'to');
  const invoice = await present(deps, id);
  const settings = await getAgencySettings(deps.db);
  const pdf = await renderPdfOf(deps, invoice);
  const what = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const issuer = settings.invoice_issuer.legal_name || settings.agency_name;
  const lines = [
    `Dear ${invoice.client.name},`,
    '',
    input.message ||
      `Please find attached ${what.toLowerCase()} ${invoice.number} for ${formatMoney(toMinor(invoice.total), invoice.currency)}${invoice.kind === 'credit_note' ? '' : `, due on ${invoice.due_date}`}.`,
    '',
    `Kind regards,`,
    issuer,
  ];
  await deps.mailer.send({
    to,
    subject: `${what} ${invoice.number} from ${issuer}`,
    text: lines.join('\n'),
    attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.status === 'void') throw invoiceError('INVOICE_VOID', 409);
    if (row.status === 'draft') {
      const sent = await updateInvoiceRow(tx, id, { status: 'sent', sentAt: now, updatedAt: now });
      if (row.kind === 'credit_note') await applyCredit(tx, now, sent, 1);
    }
    await history('sent', `Sent to ${to}`);
    await activity('sent', `Sent ${row.number} to ${to}`);
  });
  return present(deps, id);
}

/** Sent invoices without payments (and issued credit notes) can be voided, with a reason. */
export async function voidInvoice(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof VoidInvoiceInputSchema>,
): Promise<Invoice> {
  guard(actor);
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
  return present(deps, id);
}

/** Money received: partial or full; paid when the balance reaches zero; more than the balance is refused. */
export async function recordPayout(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof PayoutInputSchema>,
): Promise<Invoice> {
  guard(actor);
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.kind === 'credit_note') throw invoiceError('PAYOUT_CREDIT_NOTE', 409);
    if (row.status === 'void') throw invoiceError('INVOICE_VOID', 409);
    if (row.status === 'draft') throw invoiceError('PAYOUT_NOT_SENT', 409);
    if (row.status === 'paid' || row.balanceMinor <= 0) throw invoiceError('PAYOUT_ALREADY_PAID', 409);
    if (input.date < row.issueDate) throw invoiceError('PAYOUT_BEFORE_ISSUE', 400, 'date');
    const amount = toMinor(input.amount);
    if (amount > row.balanceMinor) {
      const message = `The payment of ${formatMoney(amount, row.currency)} is more than the balance due of ${formatMoney(row.balanceMinor, row.currency)}.`;
      throw fieldsError({ amount: [message] }, 'PAYOUT_ABOVE_BALANCE');
    }
    await insertPayoutRow(tx, {
      invoiceId: id,
      clientId: row.clientId,
      currency: row.currency,
      invoiceIssueDate: row.issueDate,
      date: input.date,
      amountMinor: amount,
      method: input.method,
      reference: input.reference,
      recordedById: actor.id,
      createdAt: now,
    });
    const paidMinor = row.paidMinor + amount;
    const balanceMinor = balanceOf({ ...row, paidMinor });
    const paid = balanceMinor <= 0;
    await updateInvoiceRow(tx, id, {
      paidMinor,
      balanceMinor,
      ...(paid ? { status: 'paid', paidAt: now } : {}),
      updatedAt: now,
    });
    const detail = `${formatMoney(amount, row.currency)} received on ${input.date}${input.reference ? ` (${input.reference})` : ''}`;
    await history(
      'payout',
      paid ? `${detail}; paid in full` : `${detail}; ${formatMoney(balanceMinor, row.currency)} left`,
    );
    await activity(
      'payout',
      `Recorded a payment of ${formatMoney(amount, row.currency)} on ${row.number}${paid ? ' (paid in full)' : ''}`,
    );
  });
  return present(deps, id);
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
  guard(actor);
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
    const today = utcToday(now);
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
  return present(deps, noteId);
}
