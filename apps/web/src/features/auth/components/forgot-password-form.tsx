import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetInputSchema, type PasswordResetInput } from '@recruitdesk/contracts/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/base-api';
import { useRequestPasswordResetMutation } from '../api';

export function ForgotPasswordForm() {
  const [requestReset, { data, error, isLoading }] = useRequestPasswordResetMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetInput>({
    resolver: zodResolver(PasswordResetInputSchema),
    defaultValues: { email: '' },
  });

  if (data) {
    return <Alert tone="success">{data.message}</Alert>;
  }

  return (
    <form noValidate onSubmit={handleSubmit((values) => requestReset(values))} className="space-y-5">
      {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
      <Field label="Email address" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus placeholder="you@agency.com" {...register('email')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={isLoading}>
        {isLoading ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
