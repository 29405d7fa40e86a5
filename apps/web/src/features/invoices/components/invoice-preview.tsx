import type { AgencySettings } from '@recruitdesk/contracts/settings';
import { cn } from '@/components/ui/cn';
import { formatDate } from '@/lib/format';
import { formatCurrency } from '../money';
import { INVOICE_KIND_LABELS, invoiceSettlement, type Invoice } from '@recruitdesk/contracts/invoices';

type InvoiceIssuer = AgencySettings['invoice_issuer'];

/** The lines table's columns; quantity and unit price fold under the description on phones. */
const DESCRIPTION = { label: 'Description', className: 'py-2 pr-4' };
const QTY = { label: 'Qty', className: 'hidden py-2 pr-4 text-right sm:table-cell' };
const UNIT = { label: 'Unit', className: 'hidden py-2 pr-4 text-right sm:table-cell' };
const AMOUNT = { label: 'Amount', className: 'py-2 text-right' };
const LINE_COLUMNS = [DESCRIPTION, QTY, UNIT, AMOUNT];

/** One figure under the lines; the total and the balance due are `strong` (their term not greyed). */
function TotalRow({
  term,
  value,
  className,
  strong = false,
}: {
  term: string;
  value: string;
  className?: string;
  strong?: boolean;
}) {
  return (
    <div className={cn('flex justify-between gap-4', className)}>
      <dt className={strong ? undefined : 'text-gray-500'}>{term}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** What the bill asks for, worded as the PDF words it (the rule is the contract's `invoiceSettlement`). */
function Settlement({ invoice, issuer }: { invoice: Invoice; issuer?: InvoiceIssuer | null | undefined }) {
  const settlement = invoiceSettlement(invoice);
  const money = (value: string) => formatCurrency(value, invoice.currency);
  if (settlement.kind === 'none') return null;
  if (settlement.kind !== 'pay') {
    const text =
      settlement.kind === 'paid'
        ? settlement.on
          ? `Paid in full on ${formatDate(settlement.on)}. Thank you.`
          : 'Nothing is due on this invoice.'
        : settlement.kind === 'refund'
          ? `Paid in full. A credit of ${money(settlement.amount)} is owed to you.`
          : settlement.reason
            ? `This invoice is void (${settlement.reason}); nothing is due.`
            : 'This invoice is void; nothing is due.';
    return <p className="mt-8 border-t border-gray-200 pt-4 font-medium text-gray-900">{text}</p>;
  }
  return (
    <div className="mt-8 space-y-1 border-t border-gray-200 pt-4">
      <p className="font-medium text-gray-900">
        Please pay {money(settlement.amount)} by {formatDate(settlement.by)} ({invoice.payment_terms_days} days).
      </p>
      {issuer?.bank_details ? (
        <p className="whitespace-pre-line text-gray-600">Bank details: {issuer.bank_details}</p>
      ) : null}
      <p className="text-gray-600">Please quote {invoice.number} with your payment.</p>
    </div>
  );
}

/**
 * The invoice as it prints (the PDF's layout): issuer, the bill-to the PDF prints, number and dates, lines,
 * totals, what it asks for (the balance by the due date, or nothing once paid or void), notes.
 * Always light, like paper, in either theme.
 */
export function InvoicePreview({ invoice, issuer }: { invoice: Invoice; issuer?: InvoiceIssuer | null | undefined }) {
  const money = (value: string) => formatCurrency(value, invoice.currency);
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  return (
    <article
      aria-label={`${title} ${invoice.number} preview`}
      className="mx-auto w-full max-w-3xl rounded-lg bg-white p-4 text-sm text-gray-800 shadow-sm ring-1 ring-gray-200 sm:p-10 dark:ring-white/10"
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-lg font-semibold text-gray-900">{issuer?.legal_name || 'Your agency'}</p>
          {issuer?.address ? <p className="whitespace-pre-line text-gray-600">{issuer.address}</p> : null}
          {issuer?.email ? <p className="text-gray-600">{issuer.email}</p> : null}
          {issuer?.phone ? <p className="text-gray-600">{issuer.phone}</p> : null}
          {issuer?.tax_id ? <p className="text-gray-600">Tax ID {issuer.tax_id}</p> : null}
        </div>
        <div className="sm:text-right">
          <p className="text-2xl font-bold tracking-tight text-gray-900 uppercase">{title}</p>
          <p className="font-medium text-gray-900">{invoice.number}</p>
          <p className="text-gray-600">{INVOICE_KIND_LABELS[invoice.kind]}</p>
        </div>
      </header>
      <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2">
        <div>
          <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Bill to</p>
          <p className="mt-1 font-medium text-gray-900">{invoice.bill_to.name}</p>
          {[invoice.bill_to.contact_name, invoice.bill_to.location, invoice.bill_to.email]
            .filter(Boolean)
            .map((line) => (
              <p key={line} className="whitespace-pre-line text-gray-600">
                {line}
              </p>
            ))}
          {invoice.role ? <p className="text-gray-600">Role: {invoice.role.name}</p> : null}
          {invoice.credit_for ? <p className="text-gray-600">Credits invoice {invoice.credit_for.number}</p> : null}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:justify-self-end">
          <dt className="text-gray-500">Issue date</dt>
          <dd className="text-gray-900">{formatDate(invoice.issue_date)}</dd>
          <dt className="text-gray-500">Due date</dt>
          <dd className="font-medium text-gray-900">{formatDate(invoice.due_date)}</dd>
          <dt className="text-gray-500">Terms</dt>
          <dd className="text-gray-900">{invoice.payment_terms_days} days</dd>
          <dt className="text-gray-500">Currency</dt>
          <dd className="text-gray-900">{invoice.currency}</dd>
        </dl>
      </div>
      <div className="mt-8">
        <table className="w-full text-left">
          <caption className="sr-only">Lines</caption>
          <thead>
            <tr className="border-b border-gray-300 text-xs tracking-wide text-gray-500 uppercase">
              {LINE_COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={cn(className, 'font-semibold')}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.id} className="border-b border-gray-100">
                <td className={cn(DESCRIPTION.className, 'text-gray-900')}>
                  {line.description}
                  <span className="block text-xs text-gray-500 tabular-nums sm:hidden">
                    {line.quantity} × {money(line.unit_amount)}
                  </span>
                </td>
                <td className={cn(QTY.className, 'tabular-nums')}>{line.quantity}</td>
                <td className={cn(UNIT.className, 'tabular-nums')}>{money(line.unit_amount)}</td>
                <td className={cn(AMOUNT.className, 'tabular-nums')}>{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-6 ml-auto w-full max-w-xs space-y-1">
        <TotalRow term="Subtotal" value={money(invoice.subtotal)} />
        <TotalRow term={`Tax (${invoice.tax_rate} %)`} value={money(invoice.tax)} />
        <TotalRow
          term="Total"
          value={money(invoice.total)}
          className="border-t border-gray-300 pt-1 text-base font-semibold text-gray-900"
          strong
        />
        {invoice.paid_amount !== '0.00' || invoice.credited_amount !== '0.00' ? (
          <>
            <TotalRow term="Paid" value={money(invoice.paid_amount)} />
            {invoice.credited_amount !== '0.00' ? (
              <TotalRow term="Credited" value={money(invoice.credited_amount)} />
            ) : null}
            <TotalRow
              term="Balance due"
              value={money(invoice.balance)}
              className="font-semibold text-gray-900"
              strong
            />
          </>
        ) : null}
      </dl>
      <Settlement invoice={invoice} issuer={issuer} />
      {invoice.notes ? <p className="mt-6 whitespace-pre-line text-gray-600">{invoice.notes}</p> : null}
    </article>
  );
}
