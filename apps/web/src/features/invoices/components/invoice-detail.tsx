import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencySettings } from '@recruitdesk/contracts/settings';

type InvoiceIssuer = AgencySettings['invoice_issuer'];
import { textLinkClasses } from '@/components/ui/link';
import { Ban, Download, FileMinus2, HandCoins, Pencil, Send, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import { apiDownloadFile } from '@/lib/api';
import { errorMessage } from '@/lib/base-api';
import { invoiceHref } from '../links';
import type { Invoice } from '@recruitdesk/contracts/invoices';
import {
  CreditNoteDialog,
  DeleteInvoiceDialog,
  RecordPaymentDialog,
  SendInvoiceDialog,
  useDeleteInvoice,
  useSendInvoice,
  VoidInvoiceDialog,
} from './invoice-dialogs';
import { InvoicePayments } from './invoice-payments';
import { InvoiceHistory } from './invoice-history';
import { InvoiceNotes } from './invoice-notes';
import { InvoicePreview } from './invoice-preview';
import { InvoiceKindBadge, InvoiceStatusBadge } from './invoice-status-badge';

function PdfButton({ invoice }: { invoice: Invoice }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={() => {
        setBusy(true);
        apiDownloadFile(`/api/invoices/${invoice.id}/pdf/`, {
          accept: 'application/pdf',
          fallbackName: `${invoice.number}.pdf`,
        })
          .catch((error: unknown) => dispatch(notifyError(errorMessage(error, 'Could not download the PDF.'))))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? null : <Download aria-hidden="true" className="size-4" />}
      Download PDF
    </Button>
  );
}

/**
 * An invoice's page: header with its state and actions, the preview as it prints, payments, notes, history.
 */
export function InvoiceDetail({
  invoice,
  issuer,
  onEdit,
  onDeleted,
  onCreditNote,
  internalNotes,
}: {
  invoice: Invoice;
  /** The invoice's internal notes thread (the page composes it: features do not import each other). */
  internalNotes?: ReactNode;
  issuer?: InvoiceIssuer | null | undefined;
  onEdit: () => void;
  onDeleted: () => void;
  /** After a credit note is drafted (the page opens it). */
  onCreditNote: (note: Invoice) => void;
}) {
  const can = invoice.can;
  const [dialog, setDialog] = useState<'pay' | 'void' | 'credit' | null>(null);
  const send = useSendInvoice();
  const remove = useDeleteInvoice(onDeleted);
  const title = invoice.kind === 'credit_note' ? `Credit note ${invoice.number}` : `Invoice ${invoice.number}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        meta={
          <>
            <InvoiceStatusBadge invoice={invoice} />
            <InvoiceKindBadge kind={invoice.kind} />
          </>
        }
        description={[invoice.client.name, invoice.role?.name].filter(Boolean).join(' · ')}
        actions={
          <>
            {can.send ? (
              <Button onClick={() => send.ask(invoice)}>
                <Send aria-hidden="true" className="size-4" />
                {invoice.status === 'draft' ? 'Send' : 'Send again'}
              </Button>
            ) : null}
            {can.record_payout ? (
              <Button variant={can.send ? 'secondary' : 'primary'} onClick={() => setDialog('pay')}>
                <HandCoins aria-hidden="true" className="size-4" />
                Record payment
              </Button>
            ) : null}
            <PdfButton invoice={invoice} />
            {can.edit ? (
              <Button variant="secondary" onClick={onEdit}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit draft
              </Button>
            ) : null}
            {can.credit_note ? (
              <Button variant="ghost" onClick={() => setDialog('credit')}>
                <FileMinus2 aria-hidden="true" className="size-4" />
                Credit note
              </Button>
            ) : null}
            {can.void ? (
              <Button variant="ghost" onClick={() => setDialog('void')}>
                <Ban aria-hidden="true" className="size-4" />
                Void
              </Button>
            ) : null}
            {can.delete ? (
              <Button variant="ghost" onClick={() => remove.ask(invoice)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete draft
              </Button>
            ) : null}
          </>
        }
      />
      {invoice.status === 'void' && invoice.void_reason ? (
        <p className="rounded-lg bg-violet-50 px-4 py-3 text-sm text-violet-800 dark:bg-violet-500/10 dark:text-violet-200">
          Voided: {invoice.void_reason}
        </p>
      ) : null}
      {invoice.credit_for || invoice.credit_notes.length > 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {invoice.credit_for ? (
            <>
              Credits invoice{' '}
              <Link
                className={textLinkClasses}
                to={invoiceHref({
                  id: invoice.credit_for.id,
                  role: invoice.role,
                  client: invoice.client,
                })}
              >
                {invoice.credit_for.number}
              </Link>
              .
            </>
          ) : (
            <>
              Credit notes:{' '}
              {invoice.credit_notes.map((note, index) => (
                <span key={note.id}>
                  {index > 0 ? ', ' : ''}
                  <Link
                    className={textLinkClasses}
                    to={invoiceHref({ id: note.id, role: invoice.role, client: invoice.client })}
                  >
                    {note.number}
                  </Link>
                </span>
              ))}
              .
            </>
          )}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <div className="rounded-xl bg-gray-100 p-2 sm:p-6 dark:bg-white/5">
            <InvoicePreview invoice={invoice} issuer={issuer} />
          </div>
        </div>
        <div className="space-y-6">
          <InvoicePayments invoice={invoice} />
          <InvoiceNotes invoice={invoice} />
          {internalNotes}
          <InvoiceHistory invoice={invoice} />
        </div>
      </div>
      <SendInvoiceDialog control={send} />
      <DeleteInvoiceDialog control={remove} />
      <RecordPaymentDialog
        key={`${invoice.id}-${invoice.balance}`}
        invoice={invoice}
        open={dialog === 'pay'}
        onClose={() => setDialog(null)}
      />
      <VoidInvoiceDialog invoice={invoice} open={dialog === 'void'} onClose={() => setDialog(null)} />
      <CreditNoteDialog
        invoice={invoice}
        open={dialog === 'credit'}
        onClose={() => setDialog(null)}
        onCreated={onCreditNote}
      />
    </div>
  );
}
