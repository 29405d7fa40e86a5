import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { Invoice } from '@recruitdesk/contracts/invoices';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { usePatchInvoiceMutation } from '../api';

/**
 * The invoice's printed notes (under its lines, e.g. a PO number or payment instructions). They can change
 * on any invoice, sent or not. Internal notes ("AP promised payment on Friday") are the shared notes
 * thread, owner-only for invoices, which the page shows beside this card.
 */
export function InvoiceNotes({ invoice }: { invoice: Invoice }) {
  const dispatch = useAppDispatch();
  const [patch, { isLoading, error, reset }] = usePatchInvoiceMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const close = () => {
    reset();
    setDraft(null);
  };
  const save = async () => {
    if (draft === null) return;
    const result = await patch({ id: invoice.id, body: { notes: draft.trim() } });
    if (result.data) {
      dispatch(notifySuccess('The notes were saved.'));
      close();
    }
  };
  return (
    <SectionCard
      id="invoice-notes"
      title="Notes on the invoice"
      description="Printed on the invoice."
      action={
        draft === null ? (
          <Button variant="ghost" size="sm" onClick={() => setDraft(invoice.notes)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit notes
          </Button>
        ) : undefined
      }
      flush
    >
      <div className="px-5 py-4 text-sm">
        {draft === null ? (
          invoice.notes ? (
            <p className="whitespace-pre-line text-gray-700 dark:text-gray-300">{invoice.notes}</p>
          ) : (
            <p className="text-gray-500 dark:text-gray-400">No notes.</p>
          )
        ) : (
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {error ? <Alert>{errorMessage(error)}</Alert> : null}
            <label htmlFor="invoice-notes" className="sr-only">
              Notes on the invoice
            </label>
            <Textarea
              id="invoice-notes"
              rows={4}
              maxLength={5000}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="secondary" size="sm" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" size="sm" loading={isLoading}>
                Save notes
              </Button>
            </div>
          </form>
        )}
      </div>
    </SectionCard>
  );
}
