import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Plus, Receipt } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { useGetInvoiceQuery, useUpdateInvoiceMutation } from '@/features/invoices/api';
import { CreateInvoice } from '@/features/invoices/components/create-invoice';
import { InvoiceDetail } from '@/features/invoices/components/invoice-detail';
import { NotesPanel } from '@/features/notes/components/notes-panel';
import { InvoiceForm } from '@/features/invoices/components/invoice-form';
import { InvoiceStatisticsPanel } from '@/features/invoices/components/invoice-statistics';
import { InvoicesList, statisticsParamsFromSearchParams } from '@/features/invoices/components/invoices-list';
import { invoiceHref } from '@/features/invoices/links';
import type { Invoice } from '@recruitdesk/contracts/invoices';
import { useGetAgencySettingsQuery } from '@/features/settings/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { canSeeInvoices } from '@/lib/permissions';
import { NoAccess } from './no-access';
import { CreateInvoiceDialog, FROM_INVOICES } from './create-invoice-dialog';
import { BackLink, idParam } from './route-helpers';

/** Invoices are the owner's (spec §6, design §3); the server refuses everyone else too. */
function useInvoicesAllowed() {
  return canSeeInvoices(useAppSelector(selectUser));
}

/** /invoices */
export function InvoicesRoute() {
  const [searchParams] = useSearchParams();
  const statisticsParams = statisticsParamsFromSearchParams(searchParams);
  const [creating, setCreating] = useState(false);
  if (!useInvoicesAllowed()) return <NoAccess />;
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.invoices.title}
        description={PAGE_TEXT.invoices.description}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Create invoice
          </Button>
        }
      />
      <CreateInvoiceDialog open={creating} onClose={() => setCreating(false)} />
      <InvoiceStatisticsPanel params={statisticsParams} />
      <Card className="overflow-hidden" role="region" aria-label="Invoice list">
        <InvoicesList />
      </Card>
    </div>
  );
}

function InvoiceEditor({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [update] = useUpdateInvoiceMutation();
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">Edit {invoice.number}</h2>
      <InvoiceForm
        currency={invoice.currency}
        submitLabel="Save draft"
        onCancel={onDone}
        initial={{
          issue_date: invoice.issue_date,
          due_date: invoice.due_date,
          tax_rate: invoice.tax_rate,
          notes: invoice.notes ?? '',
          lines: invoice.lines.map(({ description, quantity, unit_amount }) => ({
            description,
            quantity,
            unit_amount,
          })),
        }}
        save={async (body) => {
          const result = await update({ id: invoice.id, body });
          if (!result.error) {
            dispatch(notifySuccess(`${invoice.number} was saved.`));
            onDone();
          }
          return result;
        }}
      />
    </div>
  );
}

function InvoicePage({ id, parent }: { id: number; parent: { kind: 'role' | 'client'; id: number } }) {
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useGetInvoiceQuery(id);
  const { data: settings } = useGetAgencySettingsQuery();
  const [editing, setEditing] = useState(false);
  const invoice = data?.invoice;
  const canonical = invoice ? invoiceHref(invoice) : null;
  const here =
    parent.kind === 'role'
      ? paths.app.roleInvoice.getHref(parent.id, id)
      : paths.app.clientInvoice.getHref(parent.id, id);
  useEffect(() => {
    if (invoice?.status !== 'draft') setEditing(false);
  }, [invoice?.status]);

  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !invoice) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.invoices.getHref()}>All invoices</BackLink>
        <RecordError icon={Receipt} what="invoice" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }
  // One address per invoice: under its role, or its client when it has none.
  if (canonical && canonical !== here) return <Navigate to={canonical} replace />;
  if (editing) return <InvoiceEditor invoice={invoice} onDone={() => setEditing(false)} />;

  return (
    <div className="space-y-4">
      <BackLink to={paths.app.invoices.getHref()}>All invoices</BackLink>
      <InvoiceDetail
        invoice={invoice}
        onEdit={() => setEditing(true)}
        issuer={
          settings
            ? {
                ...settings.settings.invoice_issuer,
                // The PDF's issuer line: the legal name, else the agency's name.
                legal_name: settings.settings.invoice_issuer.legal_name || settings.settings.agency_name,
              }
            : undefined
        }
        onDeleted={() => void navigate(paths.app.invoices.getHref(), { replace: true })}
        onCreditNote={(note) => void navigate(invoiceHref(note))}
        internalNotes={
          <NotesPanel target={{ modelType: 'invoice', objectId: invoice.id }} canWrite title="Internal notes" />
        }
      />
    </div>
  );
}

/** /role/{id}/invoice/{invoiceId} and /client/{id}/invoices/{invoiceId} */
export function InvoiceRoute({ parent }: { parent: 'role' | 'client' }) {
  const allowed = useInvoicesAllowed();
  const params = useParams();
  const parentId = idParam(params.id);
  const id = idParam(params.invoiceId);
  if (!allowed) return <NoAccess />;
  if (!id || !parentId) return <RecordError icon={Receipt} what="invoice" error={null} />;
  return <InvoicePage key={id} id={id} parent={{ kind: parent, id: parentId }} />;
}

/** /role/{id}/invoice/create and /client/{id}/invoices/create */
export function InvoiceCreateRoute({ parent }: { parent: 'role' | 'client' }) {
  const allowed = useInvoicesAllowed();
  const navigate = useNavigate();
  const id = idParam(useParams().id);
  // Started from the Invoices list's "Create invoice": back goes there.
  const fromInvoices = (useLocation().state as { from?: string } | null)?.from === FROM_INVOICES.from;
  if (!allowed) return <NoAccess />;
  if (!id) return <RecordError icon={Receipt} what={parent} error={null} />;
  const back = fromInvoices
    ? paths.app.invoices.getHref()
    : parent === 'role'
      ? paths.app.role.getHref(id)
      : paths.app.client.getHref(id);
  return (
    <div className="space-y-4">
      <BackLink to={back}>
        {fromInvoices ? 'All invoices' : parent === 'role' ? 'Back to the role' : 'Back to the client'}
      </BackLink>
      <CreateInvoice key={`${parent}-${id}`} kind={parent} id={id} onCancel={() => void navigate(back)} />
    </div>
  );
}
