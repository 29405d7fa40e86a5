// Over 400 lines: one form (the client, its fee terms by client type and the retainer instalments), whose fields depend on each other.
import type { ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import {
  CLIENT_STATES,
  ClientInputSchema,
  RETAINER_MILESTONES,
  type Client,
  type ClientInput,
  type ClientInputParsed,
} from '@recruitdesk/contracts/clients';
import { CLIENT_TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { cn } from '@/components/ui/cn';
import { DraftRestored } from '@/components/ui/draft-restored';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NumberField } from '@/components/ui/number-field';
import { RadioGroup } from '@/components/ui/radio-group';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useFormDraft } from '@/lib/form-draft';
import { applyFieldErrors } from '@/lib/form-errors';
import { humanize } from '@/lib/format';
import { useCreateClientMutation, useUpdateClientMutation } from '../api';

export interface ClientDefaults {
  currency: string;
  /** The agency's default finder's fee %; absent for whoever may not see fees. */
  finders_fee_percent?: number;
  payment_terms_days: number;
  /** Whether the signed-in user sees (and so sets) fee terms (decision 071). */
  money_visible: boolean;
}

const FIELD_NAMES: Path<ClientInput>[] = [
  'name',
  'client_type',
  'state',
  'website',
  'industry',
  'location',
  'contact_name',
  'contact_email',
  'contact_phone',
  'finders_fee_percent',
  'guarantee_days',
  'retainer_amount',
  'retainer_instalments',
  'payment_terms_days',
  'currency',
];

const TYPE_OPTIONS = [
  // The type's one name (CLIENT_TYPE_LABELS: "Finder's Fee", as the lists and badges write it).
  {
    value: 'finders_fee',
    label: CLIENT_TYPE_LABELS.finders_fee,
    description: 'A percentage of the salary per placement.',
  },
  { value: 'retainer', label: CLIENT_TYPE_LABELS.retainer, description: 'A fixed amount paid in instalments.' },
] as const;

/** Empty number inputs mean "not set" (null), not 0. */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);
const numberOrUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function valuesFor(client: Client | undefined, defaults: ClientDefaults): ClientInput {
  if (!client) {
    return {
      name: '',
      client_type: 'finders_fee',
      state: 'Open',
      website: '',
      industry: '',
      location: '',
      contact_name: '',
      contact_email: '',
      contact_phone: '',
      finders_fee_percent: defaults.finders_fee_percent ?? null,
      guarantee_days: 90,
      retainer_amount: defaults.money_visible ? null : undefined,
      retainer_instalments: [],
      payment_terms_days: defaults.payment_terms_days,
      currency: defaults.currency,
    };
  }
  return {
    name: client.name,
    client_type: client.client_type,
    state: client.state,
    website: client.website,
    industry: client.industry,
    location: client.location,
    contact_name: client.contact_name,
    contact_email: client.contact_email,
    contact_phone: client.contact_phone,
    finders_fee_percent: client.finders_fee_percent ?? defaults.finders_fee_percent ?? null,
    guarantee_days: client.guarantee_days,
    retainer_amount: moneyVisibleFor(client, defaults) ? (client.retainer_amount ?? null) : undefined,
    retainer_instalments: client.retainer_instalments ?? [],
    payment_terms_days: client.payment_terms_days,
    currency: client.currency,
  };
}

/** Fees are visible when the settings say so, or when the server sent this client's fee terms. */
const moneyVisibleFor = (client: Client | undefined, defaults: ClientDefaults): boolean =>
  defaults.money_visible ||
  (client !== undefined && (client.finders_fee_percent !== undefined || client.retainer_amount !== undefined));

/**
 * Only the fee terms of the chosen type are sent; none at all by whoever may not see fees (the server keeps
 * the stored ones, decision 071).
 */
function feeTermsOfType(values: ClientInputParsed, moneyVisible: boolean): ClientInputParsed {
  if (!moneyVisible) {
    const {
      finders_fee_percent: _percent,
      retainer_amount: _amount,
      retainer_instalments: _instalments,
      ...rest
    } = values;
    return (values.client_type === 'retainer' ? { ...rest, guarantee_days: null } : rest) as ClientInputParsed;
  }
  if (values.client_type === 'retainer') return { ...values, finders_fee_percent: null, guarantee_days: null };
  return { ...values, retainer_amount: null, retainer_instalments: [] };
}

/**
 * Create or edit a client (ClientInputSchema). The fee terms follow the type: finder's fee % and guarantee
 * days, or a retainer amount with instalments that add up to 100 %.
 */
/** One cell of a retainer instalment row: a small label over its input, and the cell's error. */
function InstalmentCell({
  className,
  htmlFor,
  label,
  error,
  children,
}: {
  className: string;
  htmlFor: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label className="mb-1 block text-xs font-medium text-gray-600 dark:text-gray-400" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? <p className="mt-1 text-xs text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

export function ClientForm({
  client,
  defaults,
  onSaved,
  onCancel,
}: {
  client?: Client;
  defaults: ClientDefaults;
  onSaved: (client: Client) => void;
  onCancel?: () => void;
}) {
  const moneyVisible = moneyVisibleFor(client, defaults);
  const [create, createState] = useCreateClientMutation();
  const [update, updateState] = useUpdateClientMutation();
  const saving = createState.isLoading || updateState.isLoading;
  const serverError = client ? updateState.error : createState.error;
  const form = useForm<ClientInput, unknown, ClientInputParsed>({
    resolver: zodResolver(ClientInputSchema),
    defaultValues: valuesFor(client, defaults),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  // Kept through a reload or an expired session until saved (issue 29 item n).
  const draft = useFormDraft(client ? `client:${client.id}` : 'client:new', form);
  const instalments = useFieldArray({ control, name: 'retainer_instalments' });
  const type = useWatch({ control, name: 'client_type' });
  const rows = useWatch({ control, name: 'retainer_instalments' }) ?? [];
  const total = rows.reduce((sum, row) => sum + (Number(row?.percent) || 0), 0);
  const totalOk = Math.abs(total - 100) <= 0.01;
  const instalmentsError =
    (errors.retainer_instalments as { message?: string; root?: { message?: string } } | undefined)?.message ??
    errors.retainer_instalments?.root?.message;

  const onSubmit = async (values: ClientInputParsed) => {
    const terms = feeTermsOfType(values, moneyVisible);
    // An edit keeps the main contact as it is: the Contacts card changes it (a changed copy here would
    // rewrite that contact, decision 104).
    const body = client
      ? {
          ...terms,
          contact_name: client.contact_name,
          contact_email: client.contact_email,
          contact_phone: client.contact_phone,
        }
      : terms;
    const result = client ? await update({ id: client.id, body }) : await create(body);
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELD_NAMES);
      return;
    }
    draft.clear();
    onSaved(result.data.client);
  };

  const hasFieldErrors = Boolean((serverError as { fields?: unknown } | undefined)?.fields);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={client ? 'Edit client' : 'New client'}
      className="space-y-8"
    >
      {serverError && !hasFieldErrors ? <Alert>{errorMessage(serverError)}</Alert> : null}
      {draft.restored ? <DraftRestored onDiscard={draft.discard} /> : null}

      <section aria-labelledby="client-basics" className="space-y-5">
        <h3 id="client-basics" className="text-sm font-semibold text-gray-900 dark:text-white">
          Company
        </h3>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message} className="sm:col-span-2">
            <Input autoComplete="organization" {...register('name')} />
          </Field>
          <RadioGroup
            legend="Client type"
            options={TYPE_OPTIONS}
            error={errors.client_type?.message}
            className="sm:col-span-2"
            {...register('client_type')}
          />
          <Field label="State" error={errors.state?.message}>
            <Select {...register('state')}>
              {CLIENT_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Industry" error={errors.industry?.message}>
            <Input {...register('industry')} />
          </Field>
          <Field label="Website" error={errors.website?.message} hint="A full address, such as https://example.com">
            <Input type="url" inputMode="url" placeholder="https://" {...register('website')} />
          </Field>
          <Field label="Location" error={errors.location?.message}>
            <Input {...register('location')} />
          </Field>
        </div>
      </section>

      {client ? (
        // Editing: the client's people are kept in its Contacts card (decision 104), not in this form.
        <section aria-labelledby="client-contact" className="space-y-2">
          <h3 id="client-contact" className="text-sm font-semibold text-gray-900 dark:text-white">
            Contacts
          </h3>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            Add, edit or mark contacts as having left in the Contacts card on the client&rsquo;s page.
          </p>
        </section>
      ) : (
        <section aria-labelledby="client-contact" className="space-y-5">
          <div className="space-y-1">
            <h3 id="client-contact" className="text-sm font-semibold text-gray-900 dark:text-white">
              Main contact
            </h3>
            <p className="text-sm text-gray-600 dark:text-gray-400">
              Becomes the client&rsquo;s first contact. Add more on the client&rsquo;s page once it is saved.
            </p>
          </div>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
            <Field label="Contact name" error={errors.contact_name?.message}>
              <Input autoComplete="off" {...register('contact_name')} />
            </Field>
            <Field label="Contact email" error={errors.contact_email?.message}>
              <Input type="email" autoComplete="off" {...register('contact_email')} />
            </Field>
            <Field label="Contact phone" error={errors.contact_phone?.message}>
              <Input type="tel" autoComplete="off" {...register('contact_phone')} />
            </Field>
          </div>
        </section>
      )}

      <section aria-labelledby="client-fees" className="space-y-5">
        <h3 id="client-fees" className="text-sm font-semibold text-gray-900 dark:text-white">
          Fee terms
        </h3>
        {!moneyVisible ? (
          type === 'retainer' ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              The retainer amount and instalments are set by those who may see fees.
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
              <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-400">
                The finder&rsquo;s fee is set by those who may see fees.
              </p>
              <NumberField
                label="Guarantee (days)"
                error={errors.guarantee_days?.message}
                min={0}
                max={730}
                registration={register('guarantee_days', { setValueAs: numberOrNull })}
              />
            </div>
          )
        ) : type === 'retainer' ? (
          <div className="space-y-5">
            <Field label="Retainer amount" error={errors.retainer_amount?.message} className="sm:max-w-xs">
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                {...register('retainer_amount', { setValueAs: numberOrNull })}
              />
            </Field>
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">Instalments</legend>
              {instalments.fields.length === 0 ? (
                <p className="text-sm text-gray-500 dark:text-gray-400">
                  No instalments: the whole retainer is due at once.
                </p>
              ) : (
                <ol className="space-y-3">
                  {instalments.fields.map((row, index) => {
                    const n = index + 1;
                    const rowErrors = errors.retainer_instalments?.[index];
                    return (
                      <li
                        key={row.id}
                        className="grid grid-cols-6 items-start gap-2 rounded-lg bg-gray-50 p-3 sm:grid-cols-12 dark:bg-white/[0.03]"
                      >
                        <InstalmentCell
                          className="col-span-6 sm:col-span-5"
                          htmlFor={`instalment-${row.id}-label`}
                          label="Label"
                          error={rowErrors?.label?.message}
                        >
                          <Input
                            id={`instalment-${row.id}-label`}
                            aria-label={`Instalment ${n} label`}
                            invalid={Boolean(rowErrors?.label)}
                            {...register(`retainer_instalments.${index}.label`)}
                          />
                        </InstalmentCell>
                        <InstalmentCell
                          className="col-span-2 sm:col-span-2"
                          htmlFor={`instalment-${row.id}-percent`}
                          label="Percent"
                          error={rowErrors?.percent?.message}
                        >
                          <Input
                            id={`instalment-${row.id}-percent`}
                            aria-label={`Instalment ${n} percent`}
                            type="number"
                            inputMode="decimal"
                            step="any"
                            invalid={Boolean(rowErrors?.percent)}
                            {...register(`retainer_instalments.${index}.percent`)}
                          />
                        </InstalmentCell>
                        <InstalmentCell
                          className="col-span-3 sm:col-span-4"
                          htmlFor={`instalment-${row.id}-milestone`}
                          label="Milestone"
                        >
                          <Select
                            id={`instalment-${row.id}-milestone`}
                            aria-label={`Instalment ${n} milestone`}
                            {...register(`retainer_instalments.${index}.milestone`)}
                          >
                            {RETAINER_MILESTONES.map((milestone) => (
                              <option key={milestone} value={milestone}>
                                {humanize(milestone)}
                              </option>
                            ))}
                          </Select>
                        </InstalmentCell>
                        <div className="col-span-1 flex justify-end pt-5">
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove instalment ${n}`}
                            title={`Remove instalment ${n}`}
                            onClick={() => instalments.remove(index)}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              )}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={instalments.fields.length >= 12}
                  onClick={() =>
                    instalments.append({
                      label: `Instalment ${instalments.fields.length + 1}`,
                      percent: Math.max(0, Math.round((100 - total) * 100) / 100),
                      milestone: 'on_signing',
                    })
                  }
                >
                  <Plus aria-hidden="true" className="size-4" />
                  Add instalment
                </Button>
                {instalments.fields.length > 0 ? (
                  <p
                    aria-live="polite"
                    className={cn(
                      'text-sm tabular-nums',
                      totalOk ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400',
                    )}
                  >
                    Total {Math.round(total * 100) / 100} %{totalOk ? '' : ' — must be 100 %'}
                  </p>
                ) : null}
              </div>
              {instalmentsError ? (
                <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                  {instalmentsError}
                </p>
              ) : null}
            </fieldset>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <NumberField
              label="Finder's fee (%)"
              error={errors.finders_fee_percent?.message}
              decimal
              min={0}
              max={100}
              registration={register('finders_fee_percent', { setValueAs: numberOrNull })}
            />
            <NumberField
              label="Guarantee (days)"
              error={errors.guarantee_days?.message}
              min={0}
              max={730}
              registration={register('guarantee_days', { setValueAs: numberOrNull })}
            />
          </div>
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <NumberField
            label="Payment terms (days)"
            error={errors.payment_terms_days?.message}
            min={0}
            max={365}
            registration={register('payment_terms_days', { setValueAs: numberOrUndefined })}
          />
          <Field label="Currency" error={errors.currency?.message}>
            <CurrencySelect {...register('currency')} />
          </Field>
        </div>
      </section>

      <FormActions submitLabel={client ? 'Save changes' : 'Create client'} saving={saving} onCancel={onCancel} />
    </form>
  );
}
