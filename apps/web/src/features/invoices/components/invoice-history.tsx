import { History } from 'lucide-react';
import { SectionCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useDateFormat } from '@/lib/time-zone';
import type { Invoice } from '@recruitdesk/contracts/invoices';

/** What happened to the invoice, newest first: created, edited, sent, paid, voided, credited. */
export function InvoiceHistory({ invoice }: { invoice: Invoice }) {
  const { dateTime } = useDateFormat();
  const events = [...invoice.history].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <SectionCard id="invoice-history" title="History" flush>
      {events.length === 0 ? (
        <EmptyState icon={History} title="No history yet" />
      ) : (
        <ol className="divide-y divide-gray-200 dark:divide-white/10">
          {events.map((event) => (
            <li key={event.id} className="px-5 py-3 text-sm">
              <p className="text-gray-900 dark:text-white">{event.detail}</p>
              <p className="text-gray-500 dark:text-gray-400">
                {[event.actor_name, dateTime(event.created_at)].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
