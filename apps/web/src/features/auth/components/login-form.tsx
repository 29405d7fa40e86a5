import { useForm } from 'react-hook-form';
import type { LoginInput, LoginInputSchema } from '@recruitdesk/contracts/auth';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TextLink } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { lazySchemaResolver } from '@/lib/lazy-resolver';
import { clearAuthError, login, selectAuth } from '../auth-slice';

type LoginOutput = z.output<typeof LoginInputSchema>;

// The schema loads when the visitor starts typing, so the sign-in page renders without zod.
const loginResolver = lazySchemaResolver(() =>
  import('@recruitdesk/contracts/auth').then((module) => module.LoginInputSchema),
);

/** Sign-in form; on success the auth state changes and the login route redirects. */
export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const dispatch = useAppDispatch();
  const { loading, error } = useAppSelector(selectAuth);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', remember_me: false },
  });

  const onSubmit = async (values: LoginOutput) => {
    const result = await dispatch(login(values));
    if (login.fulfilled.match(result)) {
      onSuccess?.();
      return;
    }
    const fields = result.payload?.fields;
    if (fields?.email?.[0]) setError('email', { message: fields.email[0] });
    if (fields?.password?.[0]) setError('password', { message: fields.password[0] });
  };

  const busy = loading || isSubmitting;

  return (
    <form
      noValidate
      onInput={loginResolver.preload}
      onSubmit={(e) => {
        if (error) dispatch(clearAuthError());
        void handleSubmit(onSubmit)(e);
      }}
      className="space-y-5"
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field label="Email address" error={errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus placeholder="you@agency.com" {...register('email')} />
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        labelAside={
          <TextLink to={paths.auth.forgotPassword.getHref()} className="text-sm">
            Forgot your password?
          </TextLink>
        }
      >
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Checkbox label="Remember me" {...register('remember_me')} />
      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
