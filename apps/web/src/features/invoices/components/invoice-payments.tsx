import { Banknote } from 'lucide-react';
import { SectionCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/format';
import { formatCurrency } from '../money';
import { PAYOUT_METHOD_LABELS, type Invoice } from '@recruitdesk/contracts/invoices';

/** The money received against the invoice, and what is still due. */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const money = (value: string) => formatCurrency(value, invoice.currency);
  return (
    <SectionCard
      id="invoice-payments"
      title="Payments"
      description={`${money(invoice.paid_amount)} paid · ${money(invoice.balance)} due`}
      flush
    >
      {invoice.payouts.length === 0 ? (
        <EmptyState
          icon={Banknote}
          title="No payments yet"
          description="Record money as it arrives; partial payments are fine."
        />
      ) : (
        <ul className="divide-y divide-gray-200 dark:divide-white/10">
          {invoice.payouts.map((payout) => (
            <li key={payout.id} className="flex items-start justify-between gap-4 px-5 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-gray-900 dark:text-white">{formatDate(payout.date)}</p>
                <p className="truncate text-gray-500 dark:text-gray-400">
                  {[PAYOUT_METHOD_LABELS[payout.method], payout.reference].filter(Boolean).join(' · ')}
                </p>
              </div>
              <p className="tabular-nums text-gray-900 dark:text-white">{money(payout.amount)}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
