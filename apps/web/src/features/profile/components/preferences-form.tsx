import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Monitor, Moon, Sun } from 'lucide-react';
import { ThemeSchema, type User } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useGetTimeZonesQuery, useUpdateProfileMutation } from '../api';
import { TimeZoneCombobox } from './time-zone-combobox';

const PreferencesSchema = z.object({
  time_zone: z.string().trim().min(1, 'Choose a time zone.').max(64, 'Choose a time zone.'),
  theme: ThemeSchema,
});
type PreferencesValues = z.infer<typeof PreferencesSchema>;

const THEMES = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
] as const;

/**
 * Time zone and theme, saved with PATCH /api/profile/. Used on the profile and the settings screens;
 * the page passes the updated user up so the whole app sees it.
 */
export function PreferencesForm({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const dispatch = useAppDispatch();
  const zones = useGetTimeZonesQuery();
  const [updateProfile, { isLoading, error }] = useUpdateProfileMutation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PreferencesValues>({
    resolver: zodResolver(PreferencesSchema),
    values: { time_zone: user.time_zone, theme: user.theme },
  });

  const onSubmit = async (values: PreferencesValues) => {
    const result = await updateProfile(values);
    if (result.error) {
      applyFieldErrors(result.error, setError, ['time_zone', 'theme']);
      return;
    }
    onUserUpdated(result.data.user);
    reset({ time_zone: result.data.user.time_zone, theme: result.data.user.theme });
    dispatch(notifySuccess('Your preferences have been saved.'));
  };

  const zoneList = zones.data?.time_zones ?? (user.time_zone ? [user.time_zone] : []);
  const serverError = error && !(error as { fields?: unknown }).fields ? errorMessage(error) : null;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Preferences">
      {serverError ? <Alert>{serverError}</Alert> : null}
      {zones.error ? <Alert>Could not load the list of time zones. {errorMessage(zones.error)}</Alert> : null}
      <Controller
        control={control}
        name="time_zone"
        render={({ field }) => (
          <TimeZoneCombobox
            value={field.value}
            onChange={field.onChange}
            zones={zoneList}
            loading={zones.isLoading}
            error={errors.time_zone?.message}
          />
        )}
      />
      <fieldset>
        <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">Theme</legend>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-sm">
          {THEMES.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2.5 text-sm font-medium ring-1 ring-gray-300 ring-inset',
                'has-checked:bg-brand-50 has-checked:text-brand-700 has-checked:ring-2 has-checked:ring-brand-600',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                'text-gray-700 dark:text-gray-300 dark:ring-white/10 dark:has-checked:bg-brand-500/10 dark:has-checked:text-brand-300 dark:has-checked:ring-brand-400',
              )}
            >
              <input type="radio" value={value} className="sr-only" {...register('theme')} />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
          <Monitor aria-hidden="true" className="size-3.5" />
          The theme follows you to every device you sign in on.
        </p>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading} disabled={!isDirty && !isLoading}>
          Save preferences
        </Button>
      </div>
    </form>
  );
}
