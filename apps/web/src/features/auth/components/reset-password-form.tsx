import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { NewPasswordSchema } from '@recruitdesk/contracts/passwords';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextLink } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { withPasswordConfirmation } from '@/lib/password-confirmation';
import { useConfirmPasswordResetMutation } from '../api';

/** Local form schema: the contract's password rules plus the confirmation match. */
const ResetPasswordFormSchema = withPasswordConfirmation(
  {
    new_password: NewPasswordSchema,
  },
  'new_password',
);
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const [confirmReset, { data, error, isLoading }] = useConfirmPasswordResetMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  if (data) {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/20">
          {data.message}
        </p>
        <TextLink to={paths.auth.login.getHref()} className="text-sm">
          Sign in
        </TextLink>
      </div>
    );
  }

  const onSubmit = async (values: ResetPasswordFormValues) => {
    const result = await confirmReset({ uid, token, new_password: values.new_password });
    if ('error' in result && result.error) {
      const fields = (result.error as ApiQueryError).fields;
      const message = fields?.new_password?.[0];
      if (message) setError('new_password', { message });
    }
  };

  const apiError = error as ApiQueryError | undefined;
  const showBanner = apiError && !apiError.fields?.new_password;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      {showBanner ? (
        <Alert tone="error">
          {errorMessage(apiError)} <TextLink to={paths.auth.forgotPassword.getHref()}>Request a new link</TextLink>
        </Alert>
      ) : null}
      <NewPasswordFields
        labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        password={register('new_password')}
        confirmation={register('confirm_password')}
        errors={{ password: errors.new_password?.message, confirmation: errors.confirm_password?.message }}
        autoFocus
      />
      <Button type="submit" size="lg" className="w-full" loading={isLoading}>
        {isLoading ? 'Saving…' : 'Set new password'}
      </Button>
      <p className="pt-1 text-center text-sm">
        <TextLink to={paths.auth.login.getHref()}>Back to sign in</TextLink>
      </p>
    </form>
  );
}
