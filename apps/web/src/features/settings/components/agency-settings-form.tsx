import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import {
  AgencySettingsSchema,
  MONEY_VISIBILITIES,
  MONEY_VISIBILITY_LABELS,
  type AgencySettings,
  type AgencySettingsInput,
  type AgencySettingsResponse,
  type MoneyVisibility,
} from '@recruitdesk/contracts/settings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NumberField } from '@/components/ui/number-field';
import { RadioGroup } from '@/components/ui/radio-group';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useGetAgencySettingsQuery, useUpdateAgencySettingsMutation } from '../api';

type FieldName =
  | 'agency_name'
  | 'currency'
  | 'default_finders_fee_percent'
  | 'default_payment_terms_days'
  | `invoice_issuer.${'legal_name' | 'address' | 'tax_id' | 'bank_details' | 'email' | 'phone'}`
  | 'privacy_text'
  | 'country'
  | 'postal_code'
  | 'money_visibility';

const FIELD_NAMES: FieldName[] = [
  'agency_name',
  'currency',
  'default_finders_fee_percent',
  'default_payment_terms_days',
  'invoice_issuer.legal_name',
  'invoice_issuer.address',
  'invoice_issuer.tax_id',
  'invoice_issuer.bank_details',
  'invoice_issuer.email',
  'invoice_issuer.phone',
  'privacy_text',
  'country',
  'postal_code',
  'money_visibility',
];

const MONEY_VISIBILITY_HINTS: Record<MoneyVisibility, string> = {
  owners: 'Superusers, recruiters and viewers see no fees.',
  owners_and_superusers: 'Recruiters and viewers see no fees.',
  all_but_viewers: 'Owners, superusers and recruiters; viewers see no fees.',
};
const MONEY_VISIBILITY_OPTIONS = MONEY_VISIBILITIES.map((value) => ({
  value,
  label: MONEY_VISIBILITY_LABELS[value],
  description: MONEY_VISIBILITY_HINTS[value],
}));

/** The settings as the server sent them: the default fee % is absent for whoever may not see fees. */
type ReadSettings = AgencySettingsResponse['settings'];

function AgencyForm({ settings, canEdit }: { settings: ReadSettings; canEdit: boolean }) {
  const feeShown = settings.default_finders_fee_percent !== undefined;
  const dispatch = useAppDispatch();
  const [save, { isLoading, error }] = useUpdateAgencySettingsMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<AgencySettingsInput, unknown, AgencySettings>({
    resolver: zodResolver(AgencySettingsSchema),
    // Only owners edit, and owners always get the default fee %; a reader without it never submits.
    values: settings as AgencySettings,
    // A refetch that lands while the owner is typing keeps what they typed.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = async (values: AgencySettings) => {
    const result = await save(values);
    if (result.error) {
      const fields = (result.error as ApiQueryError).fields ?? {};
      for (const name of FIELD_NAMES) {
        const message = fields[name]?.[0];
        if (message) setError(name, { type: 'server', message });
      }
      return;
    }
    reset(result.data.settings);
    dispatch(notifySuccess('Agency settings saved.'));
  };

  const issuer = errors.invoice_issuer;
  const fieldErrors = (error as ApiQueryError | undefined)?.fields;
  const hasFieldErrors = FIELD_NAMES.some((n) => fieldErrors?.[n]?.length);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Agency settings">
      {/* Locked while saving: an edit typed then would be replaced by the saved values. */}
      <fieldset disabled={!canEdit || isLoading} className="space-y-6">
        <legend className="sr-only">Agency settings</legend>
        {error && !hasFieldErrors ? <Alert>{errorMessage(error)}</Alert> : null}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="Agency name" error={errors.agency_name?.message} className="sm:col-span-2">
            <Input autoComplete="organization" {...register('agency_name')} />
          </Field>
          <Field label="Currency" error={errors.currency?.message}>
            <CurrencySelect {...register('currency')} />
          </Field>
          {feeShown ? (
            <Field
              label="Default finder's fee (%)"
              error={errors.default_finders_fee_percent?.message}
              hint="Used for new finder's-fee clients."
            >
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="0.1"
                {...register('default_finders_fee_percent')}
              />
            </Field>
          ) : null}
          <NumberField
            label="Default payment terms (days)"
            error={errors.default_payment_terms_days?.message}
            hint="Days until an invoice is due."
            min={0}
            max={365}
            step={1}
            registration={register('default_payment_terms_days')}
          />
        </div>

        <div className="border-t border-gray-200 pt-6 dark:border-white/10">
          <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Fees and payouts</h3>
          <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">
            Placement fees, fee percentages, payouts, retainer amounts and instalments, and revenue. Owners always see
            them; the server leaves them out for everyone else you do not choose.
          </p>
          <RadioGroup
            legend="Who sees fees"
            options={MONEY_VISIBILITY_OPTIONS}
            error={errors.money_visibility?.message}
            className="mt-5"
            {...register('money_visibility')}
          />
        </div>

        <div className="border-t border-gray-200 pt-6 dark:border-white/10">
          <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Invoice issuer</h3>
          <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">Printed at the top of every invoice.</p>
          <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label="Legal name" error={issuer?.legal_name?.message}>
              <Input {...register('invoice_issuer.legal_name')} />
            </Field>
            <Field label="Tax ID" error={issuer?.tax_id?.message}>
              <Input {...register('invoice_issuer.tax_id')} />
            </Field>
            <Field label="Address" error={issuer?.address?.message}>
              <Textarea rows={3} autoComplete="street-address" {...register('invoice_issuer.address')} />
            </Field>
            <Field label="Bank details" error={issuer?.bank_details?.message}>
              <Textarea rows={4} {...register('invoice_issuer.bank_details')} />
            </Field>
            <Field label="Billing email" error={issuer?.email?.message}>
              <Input type="email" autoComplete="email" {...register('invoice_issuer.email')} />
            </Field>
            <Field label="Phone" error={issuer?.phone?.message}>
              <Input type="tel" autoComplete="tel" {...register('invoice_issuer.phone')} />
            </Field>
            <Field
              label="Country"
              error={errors.country?.message}
              hint="Two letters, such as US. The job board's default for every role."
            >
              <Input autoComplete="country" maxLength={2} {...register('country')} />
            </Field>
            <Field label="Postal code" error={errors.postal_code?.message} hint="The job board's default postal code.">
              <Input autoComplete="postal-code" {...register('postal_code')} />
            </Field>
          </div>
        </div>
        <div className="border-t border-gray-200 pt-6 dark:border-white/10">
          <h3 className="text-sm font-semibold text-gray-900 dark:text-white">Careers page</h3>
          <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">
            Shown beside the consent box of the public application form.
          </p>
          <div className="mt-5">
            <Field label="Privacy notice" error={errors.privacy_text?.message}>
              <Textarea rows={4} {...register('privacy_text')} />
            </Field>
          </div>
        </div>
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" loading={isLoading} disabled={!isDirty && !isLoading}>
              Save agency settings
            </Button>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

/** The agency's settings: editable by the owner, read-only for everyone else. */
export function AgencySettingsSection({ canEdit }: { canEdit: boolean }) {
  const { data, error, isLoading, isFetching, refetch } = useGetAgencySettingsQuery();
  if (isLoading) {
    return (
      <div className="space-y-5">
        <Skeleton className="h-10 w-full" />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
        <span role="status" className="sr-only">
          Loading agency settings
        </span>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-sm font-medium text-gray-900 dark:text-white">Could not load the agency settings</p>
        <p className="text-sm text-gray-500 dark:text-gray-400">{errorMessage(error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} loading={isFetching}>
          {isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
          Retry
        </Button>
      </div>
    );
  }
  return <AgencyForm settings={data.settings} canEdit={canEdit} />;
}
