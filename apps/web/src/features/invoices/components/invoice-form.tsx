import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import type { z } from 'zod';
import type { UpdateInvoiceInput, UpdateInvoiceInputSchema } from '@recruitdesk/contracts/invoices';
import { lazySchemaResolver } from '@/lib/lazy-resolver';
import { computeTotals, formatCurrency, type LineInput } from '../money';

/** The form's values: every figure as the text typed (sent as decimal strings; the server checks them too). */
/** What the contract's schema gives back: the draft as the API takes it. */
export type InvoiceFormOutput = z.output<typeof UpdateInvoiceInputSchema>;

export interface InvoiceFormValues {
  issue_date: string;
  due_date: string;
  tax_rate: string;
  notes: string;
  lines: { description: string; quantity: string; unit_amount: string }[];
}

/** The contract's schema checks the draft (and loads, with zod, on first use). */
const invoiceFormResolver = lazySchemaResolver(() =>
  import('@recruitdesk/contracts/invoices').then((module) => module.UpdateInvoiceInputSchema),
);

/** A line as typed (the inputs hold text; the contract's input type also admits numbers). */
const asText = (line: UpdateInvoiceInput['lines'][number]): LineInput => ({
  quantity: String(line.quantity ?? '1'),
  unit_amount: String(line.unit_amount),
});

/** The draft's live totals, in integer cents (money.ts). */
export function InvoiceTotals({
  values,
  currency,
}: {
  values: { lines: LineInput[]; tax_rate: string };
  currency: string;
}) {
  const totals = computeTotals(values.lines, values.tax_rate);
  return (
    <div role="group" aria-label="Totals" aria-live="polite" className="ml-auto w-full max-w-xs">
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-gray-500 dark:text-gray-400">Subtotal</dt>
          <dd className="tabular-nums text-gray-900 dark:text-white">{formatCurrency(totals.subtotal, currency)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-gray-500 dark:text-gray-400">Tax ({values.tax_rate || '0'} %)</dt>
          <dd className="tabular-nums text-gray-900 dark:text-white">{formatCurrency(totals.tax, currency)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-1 text-base font-semibold dark:border-white/10">
          <dt className="text-gray-900 dark:text-white">Total</dt>
          <dd className="tabular-nums text-gray-900 dark:text-white">{formatCurrency(totals.total, currency)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * A draft invoice: dates, lines (description, quantity, unit amount), tax rate and notes, with live totals.
 * `save` answers RTK Query's `{data}|{error}`; the server's field messages go on the fields.
 */
export function InvoiceForm({
  initial,
  currency,
  submitLabel,
  onCancel,
  save,
}: {
  initial: InvoiceFormValues;
  currency: string;
  submitLabel: string;
  onCancel: () => void;
  save: (values: InvoiceFormOutput) => Promise<{ error?: unknown }>;
}) {
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateInvoiceInput, unknown, InvoiceFormOutput>({
    resolver: invoiceFormResolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const watchedLines = useWatch({ control, name: 'lines' });
  const taxRate = useWatch({ control, name: 'tax_rate' });

  const submit = handleSubmit(async (values) => {
    const result = await save(values);
    if (result.error) {
      const names: Path<UpdateInvoiceInput>[] = ['issue_date', 'due_date', 'tax_rate', 'notes', 'lines'];
      values.lines.forEach((_line, index) => {
        names.push(`lines.${index}.description`, `lines.${index}.quantity`, `lines.${index}.unit_amount`);
      });
      if (!applyFieldErrors(result.error, setError, names)) setError('root', { message: errorMessage(result.error) });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
      {errors.root?.message ? <Alert>{errors.root.message}</Alert> : null}
      <Card className="space-y-5 px-5 py-6 sm:px-8">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field label="Issue date" error={errors.issue_date?.message}>
            <Input type="date" className="dark:[color-scheme:dark]" {...register('issue_date')} />
          </Field>
          <Field label="Due date" error={errors.due_date?.message}>
            <Input type="date" className="dark:[color-scheme:dark]" {...register('due_date')} />
          </Field>
          <Field label="Tax rate (%)" error={errors.tax_rate?.message}>
            <Input inputMode="decimal" {...register('tax_rate')} />
          </Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900 dark:text-white">Lines</legend>
          {errors.lines?.root?.message || errors.lines?.message ? (
            <p className="text-sm text-red-600 dark:text-red-400">
              {errors.lines.root?.message ?? errors.lines.message}
            </p>
          ) : null}
          <ol className="space-y-4">
            {lines.fields.map((field, index) => {
              const lineErrors = errors.lines?.[index];
              const amount = computeTotals([asText(watchedLines?.[index] ?? field)], '0').lines[0];
              return (
                <li
                  key={field.id}
                  className="grid grid-cols-2 gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_6rem_9rem_8rem_auto] sm:items-start sm:border-0 sm:p-0 dark:border-white/10"
                >
                  <Field
                    label={`Line ${index + 1} description`}
                    error={lineErrors?.description?.message}
                    className="col-span-2 sm:col-span-1"
                  >
                    <Input {...register(`lines.${index}.description`)} />
                  </Field>
                  <Field label="Quantity" error={lineErrors?.quantity?.message}>
                    <Input inputMode="decimal" {...register(`lines.${index}.quantity`)} />
                  </Field>
                  <Field label={`Unit amount (${currency})`} error={lineErrors?.unit_amount?.message}>
                    <Input inputMode="decimal" {...register(`lines.${index}.unit_amount`)} />
                  </Field>
                  <div className="space-y-1.5">
                    <p className="text-sm font-medium text-gray-900 dark:text-gray-100">Amount</p>
                    <p className="flex h-10 items-center text-sm tabular-nums text-gray-900 dark:text-white">
                      {amount == null ? '—' : formatCurrency(amount, currency)}
                    </p>
                  </div>
                  <div className="flex items-end sm:pt-7">
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => lines.remove(index)}
                      disabled={lines.fields.length === 1}
                      aria-label={`Remove line ${index + 1}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => lines.append({ description: '', quantity: '1', unit_amount: '0.00' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add line
          </Button>
        </fieldset>
        <Field
          label="Notes on the invoice"
          hint="Printed under the lines (payment instructions, a PO number)."
          error={errors.notes?.message}
        >
          <Textarea rows={3} {...register('notes')} />
        </Field>
        <InvoiceTotals
          values={{ lines: (watchedLines ?? []).map(asText), tax_rate: String(taxRate ?? '0') }}
          currency={currency}
        />
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
