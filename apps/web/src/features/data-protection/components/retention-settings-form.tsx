import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import {
  EXPIRY_ACTIONS,
  EXPIRY_ACTION_LABELS,
  RetentionSettingsSchema,
  type RetentionSettings,
} from '@recruitdesk/contracts/data-protection';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { NumberField } from '@/components/ui/number-field';
import { QueryError } from '@/components/ui/query-error';
import { RadioGroup } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { applyFieldErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useGetRetentionSettingsQuery, useUpdateRetentionSettingsMutation } from '../api';

const ACTION_HINTS = {
  anonymise: 'Erase the person, keeping only what the books need (a placement’s fee and dates).',
  notify: 'Leave the record and tell the owners; an owner renews or erases it.',
} as const;
const ACTION_OPTIONS = EXPIRY_ACTIONS.map((value) => ({
  value,
  label: EXPIRY_ACTION_LABELS[value],
  description: ACTION_HINTS[value],
}));
const FIELDS = ['retention_months', 'renewal_notice_days', 'expiry_action'] as const;

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const dispatch = useAppDispatch();
  const [save, { isLoading, error }] = useUpdateRetentionSettingsMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof RetentionSettingsSchema>, unknown, RetentionSettings>({
    resolver: zodResolver(RetentionSettingsSchema),
    values: settings,
    resetOptions: { keepDirtyValues: true },
  });
  const onSubmit = async (values: RetentionSettings) => {
    const result = await save(values);
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELDS);
      return;
    }
    reset(result.data.settings);
    dispatch(notifySuccess('Retention settings saved.'));
  };
  const fieldErrors = (error as ApiQueryError | undefined)?.fields;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Retention settings" className="space-y-5">
      <fieldset disabled={isLoading} className="space-y-5">
        <legend className="sr-only">Retention settings</legend>
        {error && !FIELDS.some((name) => fieldErrors?.[name]?.length) ? <Alert>{errorMessage(error)}</Alert> : null}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <NumberField
            label="Keep people’s data for (months)"
            hint="Counted from their last activity: a pipeline move, a message, an update."
            error={errors.retention_months?.message}
            min={1}
            max={120}
            step={1}
            registration={register('retention_months')}
          />
          <NumberField
            label="Renewal notice (days before)"
            hint="The email asking whether they want their profile kept."
            error={errors.renewal_notice_days?.message}
            min={1}
            max={90}
            step={1}
            registration={register('renewal_notice_days')}
          />
        </div>
        <RadioGroup
          legend="At expiry"
          options={ACTION_OPTIONS}
          error={errors.expiry_action?.message}
          {...register('expiry_action')}
        />
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={paths.app.dataProtection.getHref()} className={buttonClasses('secondary')}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          Data protection page
        </Link>
        <Button type="submit" loading={isLoading} disabled={!isDirty}>
          Save retention settings
        </Button>
      </div>
    </form>
  );
}

/** Settings → Data protection (owners): how long people's data is kept and what happens at expiry. */
export function RetentionSettingsSection() {
  const { data, error, isLoading, isFetching, refetch } = useGetRetentionSettingsQuery();
  if (isLoading)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading retention settings">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  if (error || !data)
    return (
      <QueryError
        title="Retention settings could not be loaded"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  return <RetentionForm settings={data.settings} />;
}
