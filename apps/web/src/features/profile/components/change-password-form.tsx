import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { NewPasswordSchema } from '@recruitdesk/contracts/passwords';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/base-api';
import { withPasswordConfirmation } from '@/lib/password-confirmation';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useChangePasswordMutation } from '../api';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Other sessions were signed out.';

/** The contract's rules plus the confirmation match. */
const ChangePasswordFormSchema = withPasswordConfirmation(
  {
    current_password: z.string().min(1, 'Enter your current password.').max(1024),
    new_password: NewPasswordSchema,
  },
  'new_password',
);
type ChangePasswordValues = z.infer<typeof ChangePasswordFormSchema>;

export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading, error, reset: resetMutation }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = async ({ current_password, new_password }: ChangePasswordValues) => {
    const result = await changePassword({ current_password, new_password });
    if (result.error) {
      applyFieldErrors(result.error, setError, ['current_password', 'new_password']);
      return;
    }
    reset();
    resetMutation();
    dispatch(notifySuccess(PASSWORD_CHANGED_MESSAGE));
  };

  const fields = (error as { fields?: Record<string, string[]> } | undefined)?.fields;
  const banner =
    error && !fields?.current_password?.length && !fields?.new_password?.length ? errorMessage(error) : null;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Change password">
      {banner ? <Alert>{banner}</Alert> : null}
      <Field label="Current password" error={errors.current_password?.message}>
        <Input type="password" autoComplete="current-password" {...register('current_password')} />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <NewPasswordFields
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
          password={register('new_password')}
          confirmation={register('confirm_password')}
          errors={{ password: errors.new_password?.message, confirmation: errors.confirm_password?.message }}
        />
      </div>
      <p className="text-xs text-gray-500 dark:text-gray-400">Changing your password signs out every other session.</p>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading}>
          Change password
        </Button>
      </div>
    </form>
  );
}
