import { Link } from 'react-router';
import { Plus, Receipt } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { textLinkClasses } from '@/components/ui/link';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useListInvoicesQuery } from '../api';
import { invoiceHref } from '../links';
import { formatCurrency } from '../money';
import { InvoiceStatusBadge } from './invoice-status-badge';

const SHOWN = 5;

/**
 * A role's or client's invoices on its page (owner only; the page decides): the latest few, a link to
 * all of them in the invoices list, and "Create invoice" when `canCreate` (finder's fee roles, retainer
 * clients: the other kind is billed from the other page).
 */
export function InvoicesCard({
  subject,
  clientId,
  canCreate,
}: {
  subject: { kind: 'role' | 'client'; id: number };
  /** The client, for the list link (a role's client). */
  clientId: number;
  canCreate: boolean;
}) {
  const filter = subject.kind === 'role' ? { role: subject.id } : { client: subject.id };
  const { data, error, isLoading, isFetching, refetch } = useListInvoicesQuery({
    ...filter,
    page_size: SHOWN,
  });
  const createHref =
    subject.kind === 'role'
      ? paths.app.roleInvoiceCreate.getHref(subject.id)
      : paths.app.clientInvoiceCreate.getHref(subject.id);
  return (
    <Card role="region" aria-labelledby={`invoices-card-${subject.kind}`}>
      <CardHeader
        titleId={`invoices-card-${subject.kind}`}
        title="Invoices"
        description={data ? `${data.count} ${data.count === 1 ? 'invoice' : 'invoices'}` : undefined}
        action={
          canCreate ? (
            <Link to={createHref} className={buttonClasses('secondary', 'sm')}>
              <Plus aria-hidden="true" className="size-4" />
              Create invoice
            </Link>
          ) : undefined
        }
      />
      {error ? (
        <QueryError
          title="Could not load the invoices"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isLoading || !data ? (
        <div className="space-y-2 px-5 py-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : data.results.length === 0 ? (
        <EmptyState icon={Receipt} title="No invoices yet" />
      ) : (
        <>
          <ul className="divide-y divide-gray-200 dark:divide-white/10">
            {data.results.map((invoice) => (
              <li key={invoice.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
                <div className="min-w-0">
                  <Link to={invoiceHref(invoice)} className={textLinkClasses}>
                    {invoice.number}
                  </Link>
                  <p className="text-gray-500 tabular-nums dark:text-gray-400">
                    {formatCurrency(invoice.total, invoice.currency)}
                  </p>
                </div>
                <InvoiceStatusBadge invoice={invoice} />
              </li>
            ))}
          </ul>
          {data.count > SHOWN || subject.kind === 'client' ? (
            <div className="border-t border-gray-200 px-5 py-3 text-sm dark:border-white/10">
              <Link to={`${paths.app.invoices.getHref()}?client=${clientId}`} className={textLinkClasses}>
                All of the client's invoices
              </Link>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
