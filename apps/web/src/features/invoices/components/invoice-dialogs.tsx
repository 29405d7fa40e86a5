import { useState, type FormEvent } from 'react';
import { ConfirmDialog, FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import type { ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useDateFormat } from '@/lib/time-zone';
import {
  useCreateCreditNoteMutation,
  useDeleteInvoiceMutation,
  useRecordPayoutMutation,
  useSendInvoiceMutation,
  useVoidInvoiceMutation,
} from '../api';
import { formatCurrency, parseHundredths } from '../money';
import {
  type FUTURE_ISSUE_DATE_CHOICES,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  type Invoice,
  type PayoutMethod,
} from '@recruitdesk/contracts/invoices';

type FutureIssueDate = (typeof FUTURE_ISSUE_DATE_CHOICES)[number];

interface DialogProps {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
}

const fieldsOf = (error: unknown) => (error as ApiQueryError | undefined)?.fields;
/** A refusal that names no field goes at the top of the dialog; field messages go on their fields. */
const bannerOf = (error: unknown) => (error && !fieldsOf(error) ? error : undefined);

/**
 * Send: mails the PDF to the client's contact and marks a draft sent (asked first). A draft dated in the
 * future (`dated_ahead`) also asks which date it goes with: today (the default) or its own (decision 077).
 */
export function useSendInvoice() {
  const [send] = useSendInvoiceMutation();
  const [dateChoice, setDateChoice] = useState<FutureIssueDate>('today');
  const control = useConfirmedMutation<Invoice>({
    run: (invoice) => send({ id: invoice.id, body: invoice.dated_ahead ? { future_issue_date: dateChoice } : {} }),
    success: (invoice, data) =>
      `${invoice.number} was sent to ${invoice.bill_to_email || invoice.client.name}${
        (data as { invoice?: Invoice }).invoice?.issue_date !== invoice.issue_date ? ', dated today' : ''
      }.`,
  });
  return {
    ...control,
    ask: (invoice: Invoice) => {
      setDateChoice('today');
      control.ask(invoice);
    },
    dateChoice,
    setDateChoice,
  };
}

export function SendInvoiceDialog({ control }: { control: ReturnType<typeof useSendInvoice> }) {
  const invoice = control.target;
  const { date } = useDateFormat();
  return (
    <ConfirmDialog
      {...control.dialog}
      title={invoice?.status === 'draft' ? 'Send this invoice?' : 'Send this invoice again?'}
      description={
        invoice
          ? `${invoice.number} (${formatCurrency(invoice.total, invoice.currency)}) goes by email to ${invoice.bill_to_email || `${invoice.client.name}'s contact`} with its PDF attached.${invoice.status === 'draft' ? ' It is marked sent, and its lines can no longer change.' : ''}`
          : undefined
      }
      confirmLabel="Send invoice"
    >
      {invoice?.dated_ahead ? (
        <RadioGroup
          legend={`It is dated ${date(invoice.issue_date)}, in the future. Which date should it go with?`}
          name="future-issue-date"
          selected={control.dateChoice}
          onChange={(event) => control.setDateChoice(event.target.value as FutureIssueDate)}
          options={[
            {
              value: 'today',
              label: 'Date it today',
              description: 'The due date moves with it, keeping the same number of days.',
            },
            {
              value: 'keep',
              label: `Keep ${date(invoice.issue_date)}`,
              description: 'A payment that arrives before that date can still be recorded.',
            },
          ]}
        />
      ) : null}
    </ConfirmDialog>
  );
}

/** Delete: only drafts (others are voided). */
export function useDeleteInvoice(onDone: () => void) {
  const [remove] = useDeleteInvoiceMutation();
  return useConfirmedMutation<Invoice>({
    run: (invoice) => remove(invoice.id),
    success: (invoice) => `${invoice.number} was deleted.`,
    onDone,
    keepOpenOnSuccess: true,
  });
}

export function DeleteInvoiceDialog({ control }: { control: ReturnType<typeof useDeleteInvoice> }) {
  return (
    <ConfirmDialog
      {...control.dialog}
      tone="danger"
      title="Delete this draft?"
      description={control.target ? `${control.target.number} is deleted for good.` : undefined}
      confirmLabel="Delete draft"
    />
  );
}

/** Record a payment: date, amount (the balance by default), method, reference; the server refuses overpayment. */
export function RecordPaymentDialog({ invoice, open, onClose }: DialogProps) {
  const dispatch = useAppDispatch();
  const { today } = useDateFormat();
  const [record, { isLoading, error, reset }] = useRecordPayoutMutation();
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState(invoice.balance);
  const [method, setMethod] = useState<PayoutMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const close = () => {
    reset();
    setAmountError(null);
    setAmount(invoice.balance);
    setReference('');
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = parseHundredths(amount);
    if (cents === null || cents <= 0n) {
      setAmountError('Enter an amount above 0, with at most two decimals.');
      return;
    }
    setAmountError(null);
    const result = await record({
      id: invoice.id,
      body: { date, amount: amount.trim(), method, reference: reference.trim() },
    });
    if (result.data) {
      const updated = result.data.invoice;
      dispatch(
        notifySuccess(
          updated.status === 'paid'
            ? `${invoice.number} is paid in full.`
            : `Payment recorded; ${formatCurrency(updated.balance, updated.currency)} is still due.`,
        ),
      );
      close();
    }
  };
  const fields = fieldsOf(error);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Record a payment"
      description={`Balance due on ${invoice.number}: ${formatCurrency(invoice.balance, invoice.currency)}.`}
      submitLabel="Record payment"
      onSubmit={(event) => void submit(event)}
      loading={isLoading}
      error={bannerOf(error)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Date received" error={fields?.date?.[0]}>
          <Input
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="dark:[color-scheme:dark]"
          />
        </Field>
        <Field label={`Amount (${invoice.currency})`} error={amountError ?? fields?.amount?.[0]}>
          <Input inputMode="decimal" required value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <Field label="Method" error={fields?.method?.[0]}>
          <Select value={method} onChange={(event) => setMethod(event.target.value as PayoutMethod)}>
            {PAYOUT_METHODS.map((value) => (
              <option key={value} value={value}>
                {PAYOUT_METHOD_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Reference" hint="The bank's reference or the cheque number." error={fields?.reference?.[0]}>
          <Input value={reference} onChange={(event) => setReference(event.target.value)} maxLength={200} />
        </Field>
      </div>
    </FormDialog>
  );
}

/** Void, with a reason (asked in the dialog, which is the confirmation). */
export function VoidInvoiceDialog({ invoice, open, onClose }: DialogProps) {
  const dispatch = useAppDispatch();
  const [voidInvoice, { isLoading, error, reset }] = useVoidInvoiceMutation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    reset();
    setReason('');
    setMissing(false);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    const result = await voidInvoice({ id: invoice.id, body: { reason: reason.trim() } });
    if (result.data) {
      dispatch(notifySuccess(`${invoice.number} was voided.`));
      close();
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Void this invoice?"
      description={`${invoice.number} stays on record, marked void, and is no longer owed. This cannot be undone.`}
      submitLabel="Void invoice"
      tone="danger"
      onSubmit={(event) => void submit(event)}
      loading={isLoading}
      error={bannerOf(error)}
    >
      <Field label="Reason" error={missing ? 'Give the reason for voiding.' : fieldsOf(error)?.reason?.[0]}>
        <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      </Field>
    </FormDialog>
  );
}

/** A credit note against a finder's fee whose placement fell off within its guarantee. */
export function CreditNoteDialog({
  invoice,
  open,
  onClose,
  onCreated,
}: DialogProps & { onCreated: (note: Invoice) => void }) {
  const dispatch = useAppDispatch();
  const { today } = useDateFormat();
  const [create, { isLoading, error, reset }] = useCreateCreditNoteMutation();
  const [reason, setReason] = useState('');
  const [fellOffOn, setFellOffOn] = useState(today);
  const [amount, setAmount] = useState(invoice.total);
  const [local, setLocal] = useState<{ reason?: string; amount?: string }>({});
  const close = () => {
    reset();
    setReason('');
    setLocal({});
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = parseHundredths(amount);
    const problems = {
      ...(reason.trim() ? {} : { reason: 'Give the reason for the credit note.' }),
      ...(cents === null || cents <= 0n ? { amount: 'Enter an amount above 0, with at most two decimals.' } : {}),
    };
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await create({
      id: invoice.id,
      body: { reason: reason.trim(), fell_off_on: fellOffOn, amount: amount.trim() },
    });
    if (result.data) {
      dispatch(notifySuccess(`Credit note ${result.data.invoice.number} was drafted against ${invoice.number}.`));
      close();
      onCreated(result.data.invoice);
    }
  };
  const fields = fieldsOf(error);
  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Issue a credit note"
      description={`For a placement that ended within its guarantee period. The credit note is drafted against ${invoice.number}; send it like an invoice.`}
      submitLabel="Draft credit note"
      onSubmit={(event) => void submit(event)}
      loading={isLoading}
      error={bannerOf(error)}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Placement ended on" error={fields?.fell_off_on?.[0]}>
          <Input
            type="date"
            value={fellOffOn}
            onChange={(event) => setFellOffOn(event.target.value)}
            className="dark:[color-scheme:dark]"
          />
        </Field>
        <Field
          label={`Amount (${invoice.currency})`}
          hint="The whole total unless agreed otherwise."
          error={local.amount ?? fields?.amount?.[0]}
        >
          <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
      </div>
      <Field label="Reason" error={local.reason ?? fields?.reason?.[0]}>
        <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
      </Field>
    </FormDialog>
  );
}
