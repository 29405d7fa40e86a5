import { useNavigate, useSearchParams } from 'react-router';
import { Receipt } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { QueryError } from '@/components/ui/query-error';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ToolbarSelect } from '@/components/ui/search-input';
import { errorMessage } from '@/lib/base-api';
import { formatDate } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import {
  useCreateClientInvoiceMutation,
  useCreateRoleInvoiceMutation,
  useGetClientInvoiceDraftQuery,
  useGetRoleInvoiceDraftQuery,
} from '../api';
import { invoiceHref } from '../links';
import { formatCurrency } from '../money';
import type { InvoiceDraft } from '@recruitdesk/contracts/invoices';
import { InvoiceForm, type InvoiceFormValues } from './invoice-form';

const valuesFrom = (draft: InvoiceDraft): InvoiceFormValues => ({
  issue_date: draft.issue_date,
  due_date: draft.due_date,
  tax_rate: draft.tax_rate,
  notes: '',
  lines: draft.lines.length
    ? draft.lines.map(({ description, quantity, unit_amount }) => ({
        description,
        quantity,
        unit_amount,
      }))
    : [{ description: '', quantity: '1', unit_amount: '0.00' }],
});

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** What the draft bills (placement or instalment), chosen in the URL (?pipeline= or ?instalment=). */
function SourcePicker({ draft, kind }: { draft: InvoiceDraft; kind: 'role' | 'client' }) {
  const [params, setParams] = useSearchParams();
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  if (kind === 'role' && draft.placements.length > 1) {
    return (
      <ToolbarSelect
        label="Placement"
        value={String(draft.pipeline_id ?? '')}
        onChange={(value) => choose('pipeline', value)}
        options={draft.placements.map((p) => ({
          value: String(p.pipeline_id),
          label: `${p.candidate_name}, from ${formatDate(p.start_date)}${p.invoice ? ` (invoiced: ${p.invoice.number})` : ''}`,
        }))}
      />
    );
  }
  if (kind === 'client' && draft.instalments.length > 0) {
    return (
      <ToolbarSelect
        label="Instalment"
        value={String(draft.instalment ?? '')}
        onChange={(value) => choose('instalment', value)}
        options={draft.instalments.map((i) => ({
          value: String(i.index),
          label: `${i.label} (${i.percent} %, ${formatCurrency(i.amount, draft.currency)})${i.invoice ? ` — invoiced: ${i.invoice.number}` : ''}`,
        }))}
      />
    );
  }
  return null;
}

/**
 * /role/{id}/invoice/create (a finder's fee from a placement) and /client/{id}/invoices/create (a retainer
 * instalment): the server's prefill as an editable draft with live totals; saving creates the draft invoice.
 */
export function CreateInvoice({ kind, id, onCancel }: { kind: 'role' | 'client'; id: number; onCancel: () => void }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const pipelineId = positiveInt(params.get('pipeline'));
  const instalment = positiveInt(params.get('instalment'));
  const roleDraft = useGetRoleInvoiceDraftQuery(
    pipelineId === undefined ? { roleId: id } : { roleId: id, pipelineId },
    { skip: kind !== 'role' },
  );
  const clientDraft = useGetClientInvoiceDraftQuery(
    instalment === undefined ? { clientId: id } : { clientId: id, instalment },
    { skip: kind !== 'client' },
  );
  const draftQuery = kind === 'role' ? roleDraft : clientDraft;
  const [createForRole] = useCreateRoleInvoiceMutation();
  const [createForClient] = useCreateClientInvoiceMutation();

  if (draftQuery.isLoading) return <PageSkeleton variant="form" />;
  const draft = draftQuery.data?.draft;
  if (!draft) {
    return (
      <Card>
        {draftQuery.error ? (
          <QueryError
            title="Could not prepare the invoice"
            error={draftQuery.error}
            onRetry={() => void draftQuery.refetch()}
            retrying={draftQuery.isFetching}
          />
        ) : (
          <EmptyState icon={Receipt} title="Nothing to invoice" />
        )}
      </Card>
    );
  }

  const save = async (values: InvoiceFormValues) => {
    const body = { ...values, notes: values.notes.trim() };
    const result =
      kind === 'role'
        ? await createForRole({
            roleId: id,
            body: { ...body, ...(draft.pipeline_id ? { pipeline_id: draft.pipeline_id } : {}) },
          })
        : await createForClient({
            clientId: id,
            body: {
              ...body,
              ...(draft.instalment !== null ? { instalment: draft.instalment } : {}),
            },
          });
    if (result.data) {
      dispatch(notifySuccess(`Draft ${result.data.invoice.number} was created.`));
      void navigate(invoiceHref(result.data.invoice), { replace: true });
    }
    return result;
  };

  const already =
    kind === 'role'
      ? draft.placements.find((p) => p.pipeline_id === draft.pipeline_id)?.invoice
      : draft.instalments.find((i) => i.index === draft.instalment)?.invoice;

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="space-y-1">
        <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
          New {draft.kind === 'retainer' ? 'retainer' : "finder's fee"} invoice
        </h2>
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {[draft.client.name, draft.role?.name].filter(Boolean).join(' · ')} · {draft.currency}
          {draft.client.contact_email ? ` · to ${draft.client.contact_email}` : ''}
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {draft.explanation ? <p className="text-sm text-gray-600 dark:text-gray-300">{draft.explanation}</p> : <span />}
        <div className="sm:w-96">
          <SourcePicker draft={draft} kind={kind} />
        </div>
      </div>
      {already ? (
        <Alert>{`This is already invoiced on ${already.number}; pick another or open that invoice.`}</Alert>
      ) : null}
      {draftQuery.error ? <Alert>{errorMessage(draftQuery.error)}</Alert> : null}
      <InvoiceForm
        key={`${draft.pipeline_id ?? ''}-${draft.instalment ?? ''}`}
        initial={valuesFrom(draft)}
        currency={draft.currency}
        submitLabel="Create draft"
        onCancel={onCancel}
        save={save}
      />
    </div>
  );
}
