import type { Invoice } from '@recruitdesk/contracts/invoices';
import { INVOICE_STATUS_LABELS, invoiceSettlement } from '@recruitdesk/contracts/invoices';
import type { AgencySettings } from '@recruitdesk/contracts/settings';
import type { Deps } from '../../lib/deps';
import { getAgencySettings } from '../settings/settings.service';
import { formatMoney, toMinor } from '@recruitdesk/money';

// The invoice as it prints (pdfkit 0.20, its built-in Helvetica): the agency (settings' invoice issuer) as
// issuer, the invoice's bill-to as addressee (the same the screen shows), the lines, the totals, and what it
// asks for: the balance by the due date, or nothing once paid or void (`invoiceSettlement`).

const money = (value: string, currency: string) => formatMoney(toMinor(value), currency);

export async function renderInvoicePdf(invoice: Invoice, settings: AgencySettings): Promise<Buffer> {
  // Loaded on first use: about 20 MB a server holds for nothing until someone prints (decision 048).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${invoice.number}`, Author: settings.agency_name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const issuer = settings.invoice_issuer;
  const title = invoice.kind === 'credit_note' ? 'CREDIT NOTE' : 'INVOICE';
  const left = 50;
  const width = doc.page.width - 100;

  // Issuer, top left; title and number, top right.
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(issuer.legal_name || settings.agency_name, left, 50, { width: width / 2 });
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    issuer.address,
    issuer.email,
    issuer.phone,
    issuer.tax_id ? `Tax ID: ${issuer.tax_id}` : '',
  ].filter(Boolean))
    doc.text(line, { width: width / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title, left + width / 2, 50, { width: width / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts = [
    `Number: ${invoice.number}`,
    `Issue date: ${invoice.issue_date}`,
    invoice.kind === 'credit_note' ? '' : `Due date: ${invoice.due_date}`,
    invoice.kind === 'credit_note' ? '' : `Payment terms: ${invoice.payment_terms_days} days`,
    `Status: ${INVOICE_STATUS_LABELS[invoice.status]}${invoice.overdue ? ' (overdue)' : ''}`,
    invoice.credit_for ? `Credits invoice: ${invoice.credit_for.number}` : '',
  ].filter(Boolean);
  for (const line of facts) doc.text(line, { width: width / 2, align: 'right' });

  // Addressee.
  doc.moveDown(2);
  const billTop = Math.max(doc.y, 160);
  doc.font('Helvetica-Bold').fontSize(10).text('Bill to', left, billTop);
  const billTo = invoice.bill_to;
  doc.font('Helvetica').text(billTo.name);
  for (const line of [billTo.contact_name, billTo.location, billTo.email].filter(Boolean)) doc.text(line);
  if (invoice.role) doc.text(`Role: ${invoice.role.name}`);

  // Lines.
  doc.moveDown(1.5);
  const columns = {
    description: left,
    quantity: left + width * 0.58,
    unit: left + width * 0.68,
    amount: left + width * 0.84,
  };
  const header = doc.y;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text('Description', columns.description, header, { width: width * 0.56 });
  doc.text('Qty', columns.quantity, header, { width: width * 0.09, align: 'right' });
  doc.text('Unit', columns.unit, header, { width: width * 0.15, align: 'right' });
  doc.text('Amount', columns.amount, header, { width: width * 0.16, align: 'right' });
  doc
    .moveTo(left, doc.y + 3)
    .lineTo(left + width, doc.y + 3)
    .stroke();
  doc.font('Helvetica').fontSize(9);
  let y = doc.y + 8;
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: width * 0.56 });
    if (y + height > doc.page.height - 150) {
      doc.addPage();
      y = 50;
    }
    doc.text(line.description, columns.description, y, { width: width * 0.56 });
    doc.text(line.quantity, columns.quantity, y, { width: width * 0.09, align: 'right' });
    doc.text(money(line.unit_amount, invoice.currency), columns.unit, y, { width: width * 0.15, align: 'right' });
    doc.text(money(line.amount, invoice.currency), columns.amount, y, { width: width * 0.16, align: 'right' });
    y += Math.max(height, 12) + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();

  // Totals.
  y += 8;
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(invoice.subtotal, invoice.currency), false],
    [`Tax (${invoice.tax_rate} %)`, money(invoice.tax, invoice.currency), false],
    ['Total', money(invoice.total, invoice.currency), true],
  ];
  if (invoice.kind !== 'credit_note') {
    if (invoice.paid_amount !== '0.00') totals.push(['Paid', money(invoice.paid_amount, invoice.currency), false]);
    if (invoice.credited_amount !== '0.00')
      totals.push(['Credited', money(invoice.credited_amount, invoice.currency), false]);
    totals.push(['Balance due', money(invoice.balance, invoice.currency), true]);
  }
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    doc.text(label, columns.unit - width * 0.15, y, { width: width * 0.3, align: 'right' });
    doc.text(value, columns.amount, y, { width: width * 0.16, align: 'right' });
    y += bold ? 16 : 13;
  }

  // Payment details and notes.
  doc.font('Helvetica').fontSize(9);
  doc.x = left;
  doc.y = y + 12;
  const settlement = invoiceSettlement(invoice);
  if (settlement.kind === 'pay') {
    doc
      .font('Helvetica-Bold')
      .text(
        `Please pay ${money(settlement.amount, invoice.currency)} by ${settlement.by} (${invoice.payment_terms_days} days).`,
        left,
        doc.y,
        { width },
      );
    doc.font('Helvetica');
    if (issuer.bank_details) doc.text(`Bank details: ${issuer.bank_details}`, { width });
    doc.text(`Please quote ${invoice.number} with your payment.`, { width });
  } else if (settlement.kind !== 'none') {
    doc.font('Helvetica-Bold').text(settlementText(settlement, invoice.currency), left, doc.y, { width });
    doc.font('Helvetica');
  }
  if (invoice.notes) {
    doc.moveDown();
    doc.text(invoice.notes, { width });
  }
  doc.end();
  return done;
}

/** What a bill that asks for no payment says instead. */
function settlementText(
  settlement: Exclude<ReturnType<typeof invoiceSettlement>, { kind: 'pay' | 'none' }>,
  currency: string,
): string {
  switch (settlement.kind) {
    case 'paid':
      return settlement.on ? `Paid in full on ${settlement.on}. Thank you.` : 'Nothing is due on this invoice.';
    case 'refund':
      return `Paid in full. A credit of ${money(settlement.amount, currency)} is owed to you.`;
    case 'void':
      return settlement.reason
        ? `This invoice is void (${settlement.reason}); nothing is due.`
        : 'This invoice is void; nothing is due.';
  }
}

/** The PDF of an invoice as the API presents it, with the agency's settings. */
export async function renderPdfOf(deps: Deps, invoice: Invoice): Promise<Buffer> {
  return renderInvoicePdf(invoice, await getAgencySettings(deps.db));
}
