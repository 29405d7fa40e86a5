import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { LoginResponse } from '@recruitdesk/contracts/auth';
import { NewPasswordSchema } from '@recruitdesk/contracts/passwords';
import {
  INVITATION_ERRORS,
  PersonNameSchema,
  UsernameSchema,
  type InvitationErrorCode,
  type ValidateInvitationResponse,
} from '@recruitdesk/contracts/registration';
import { USER_TYPE_DESCRIPTIONS } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { Input } from '@/components/ui/input';
import { PersonNameFields } from '@/components/ui/person-name-fields';
import { TextLink } from '@/components/ui/link';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { withPasswordConfirmation } from '@/lib/password-confirmation';
import { applyFieldErrors } from '@/lib/form-errors';
import { useCompleteRegistrationMutation, useValidateInvitationQuery } from '../api';

const RegisterFormSchema = withPasswordConfirmation(
  {
    username: UsernameSchema,
    first_name: PersonNameSchema,
    last_name: PersonNameSchema,
    password: NewPasswordSchema,
  },
  'password',
);
type RegisterValues = z.infer<typeof RegisterFormSchema>;
const FIELDS = ['username', 'first_name', 'last_name', 'password'] as const;

/** The message for a token that cannot be used: the code's own sentence, else the server's words. */
export function invitationErrorMessage(error: unknown): string {
  const code = (error as ApiQueryError | undefined)?.code;
  if (code && code in INVITATION_ERRORS) return INVITATION_ERRORS[code as InvitationErrorCode];
  return errorMessage(error, INVITATION_ERRORS.INVITATION_NOT_FOUND);
}

/** 'recruiter and viewer', 'owner, recruiter and viewer'. */
function listTypes(types: ValidateInvitationResponse['user_type']): string {
  const labels = types.map((t) => USER_TYPE_DESCRIPTIONS[t].label.toLowerCase());
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

function RegisterForm({
  token,
  invitation,
  onRegistered,
}: {
  token: string;
  invitation: ValidateInvitationResponse;
  onRegistered: (response: LoginResponse) => void;
}) {
  const [complete, { isLoading, error }] = useCompleteRegistrationMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: {
      username: '',
      first_name: '',
      last_name: '',
      password: '',
      confirm_password: '',
    },
  });

  const onSubmit = async ({ confirm_password: _confirm, ...values }: RegisterValues) => {
    const result = await complete({ token, ...values });
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELDS);
      return;
    }
    onRegistered(result.data);
  };

  const fields = (error as ApiQueryError | undefined)?.fields;
  const banner = error && !FIELDS.some((name) => fields?.[name]?.length) ? invitationErrorMessage(error) : null;
  const types = listTypes(invitation.user_type);

  return (
    <>
      <div className="mb-6 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-gray-900 dark:text-white">
          Join {invitation.agency_name}
        </h1>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          You were invited as {types}
          {invitation.invited_by ? ` by ${invitation.invited_by}` : ''}.
        </p>
      </div>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Create your account">
        {banner ? <Alert>{banner}</Alert> : null}
        <Field label="Email address" hint="Your invitation is for this address.">
          <Input type="email" value={invitation.email} readOnly autoComplete="email" />
        </Field>
        <Field label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoFocus {...register('username')} />
        </Field>
        <PersonNameFields
          firstName={register('first_name')}
          lastName={register('last_name')}
          errors={{ firstName: errors.first_name?.message, lastName: errors.last_name?.message }}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirmation: 'Confirm password' }}
          password={register('password')}
          confirmation={register('confirm_password')}
          errors={{ password: errors.password?.message, confirmation: errors.confirm_password?.message }}
        />
        <Button type="submit" size="lg" className="w-full" loading={isLoading}>
          {isLoading ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-center text-sm text-gray-600 dark:text-gray-400">
          Already have an account? <TextLink to={paths.auth.login.getHref()}>Sign in</TextLink>
        </p>
      </form>
    </>
  );
}

/**
 * Registration from an invitation link: checks the token, then asks for the account details. The page
 * signs the new user in with the answer (`onRegistered`).
 */
export function RegisterFromToken({
  token,
  onRegistered,
}: {
  token: string;
  onRegistered: (response: LoginResponse) => void;
}) {
  const { data, error, isLoading } = useValidateInvitationQuery(token, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading) return <LoadingScreen size="sm" />;
  if (error || !data) {
    return (
      <div className="space-y-5 text-center">
        <h1 className="text-xl font-semibold tracking-tight text-gray-900 dark:text-white">Invitation unavailable</h1>
        <Alert className="text-left">{invitationErrorMessage(error)}</Alert>
        <TextLink to={paths.auth.login.getHref()} className="inline-block text-sm">
          Go to sign in
        </TextLink>
      </div>
    );
  }
  return <RegisterForm token={token} invitation={data} onRegistered={onRegistered} />;
}
