import type { Invoice, SendInvoiceInputSchema } from '@recruitdesk/contracts/invoices';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { changeInvoice, presentAfterChange } from './invoice-change';
import { applyCredit } from './invoice-credit-notes.service';
import { renderPdfOf } from './invoice-pdf';
import { invoiceError, invoiceNotFound } from './invoice-presenters';
import { formatMoney, toMinor } from '@recruitdesk/money';
import { findInvoiceWithNames, updateInvoiceRow } from './invoices.repository';

// Sending an invoice: the PDF mailed to the client, and a draft marked sent.

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
  assertCan(actor, 'invoices.manage');
  const before = await findInvoiceWithNames(deps.db, id);
  if (!before) throw invoiceNotFound();
  if (before.invoice.status === 'void') throw invoiceError('INVOICE_VOID', 409);
  const to = input.to || before.clientEmail;
  if (!to) throw invoiceError('NO_EMAIL', 400, 'to');
  const invoice = await presentAfterChange(deps, id);
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
  return presentAfterChange(deps, id);
}
