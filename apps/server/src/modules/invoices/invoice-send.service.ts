import type { Invoice, SendInvoiceInputSchema } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { changeInvoice, presentAfterChange } from './invoice-change';
import { applyCredit } from './invoice-credit-notes.service';
import { renderInvoicePdf } from './invoice-pdf';
import { agencyToday, daysBetween, invoiceError, presentInvoice } from './invoice-presenters';
import { formatMoney, toMinor } from '@recruitdesk/money';
import { updateInvoiceRow } from './invoices.repository';
import { addDays } from '@recruitdesk/money/dates';

// Sending an invoice: the PDF of the invoice as sent mailed to the client from the agency, and a draft marked
// sent (dated today first when the owner asks, decision 077).

/** The invoice as it will be once sent: what the mailed PDF shows (status Sent, its dates). */
function asSent(invoice: Invoice, dates: { issue: string; due: string }, today: string): Invoice {
  if (invoice.status !== 'draft') return invoice;
  return {
    ...invoice,
    status: 'sent',
    issue_date: dates.issue,
    due_date: dates.due,
    overdue: dates.due < today && invoice.kind !== 'credit_note' && toMinor(invoice.balance) > 0,
    dated_ahead: false,
  };
}

/**
 * Mails the PDF (to `to`, else the client's contact email) and marks a draft sent; a sent or paid invoice
 * can be sent again. A draft dated after today is sent only with `future_issue_date`: `today` dates it today
 * (the due date keeps its distance), `keep` keeps its date. The mail goes first: if it fails, nothing changes.
 */
export async function sendInvoice(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof SendInvoiceInputSchema>,
): Promise<Invoice> {
  assertCan(actor, 'invoices.manage');
  const today = agencyToday(deps);
  const invoice = await presentInvoice(deps.db, id, today);
  if (invoice.status === 'void') throw invoiceError('INVOICE_VOID', 409);
  const to = input.to || invoice.bill_to.email;
  if (!to) throw invoiceError('NO_EMAIL', 400, 'to');
  if (invoice.dated_ahead && !input.future_issue_date) throw invoiceError('INVOICE_DATED_AHEAD', 409);
  const redate = invoice.dated_ahead && input.future_issue_date === 'today';
  const dates = redate
    ? { issue: today, due: addDays(today, daysBetween(invoice.issue_date, invoice.due_date)) }
    : { issue: invoice.issue_date, due: invoice.due_date };
  const sent = asSent(invoice, dates, today);
  const settings = await getAgencySettings(deps.db);
  const pdf = await renderInvoicePdf(sent, settings);
  const what = sent.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const issuer = settings.invoice_issuer.legal_name || settings.agency_name;
  const lines = [
    `Dear ${sent.client.name},`,
    '',
    input.message ||
      `Please find attached ${what.toLowerCase()} ${sent.number} for ${formatMoney(toMinor(sent.total), sent.currency)}${sent.kind === 'credit_note' ? '' : `, due on ${sent.due_date}`}.`,
    '',
    `Kind regards,`,
    issuer,
  ];
  // From the agency by name, at the server's own sending address (MAIL_FROM's: the one its mail server may
  // send for); replies go to the agency's billing email when it has one.
  await deps.mailer.send({
    to,
    fromName: settings.agency_name,
    ...(settings.invoice_issuer.email ? { replyTo: { name: issuer, address: settings.invoice_issuer.email } } : {}),
    subject: `${what} ${sent.number} from ${issuer}`,
    text: lines.join('\n'),
    attachments: [{ filename: `${sent.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
  await changeInvoice(deps, actor, id, async ({ tx, now, row, history, activity }) => {
    if (row.status === 'void') throw invoiceError('INVOICE_VOID', 409);
    let redated = '';
    if (row.status === 'draft') {
      const moved = redate && row.issueDate !== dates.issue;
      const updated = await updateInvoiceRow(tx, id, {
        status: 'sent',
        sentAt: now,
        updatedAt: now,
        ...(moved ? { issueDate: dates.issue, dueDate: dates.due } : {}),
      });
      if (moved) redated = `, dated ${dates.issue} instead of ${row.issueDate} (due ${dates.due})`;
      if (row.kind === 'credit_note') await applyCredit(tx, now, updated, 1);
    }
    await history('sent', `Sent to ${to}${redated}`);
    await activity('sent', `Sent ${row.number} to ${to}${redated}`);
  });
  return presentAfterChange(deps, id);
}
