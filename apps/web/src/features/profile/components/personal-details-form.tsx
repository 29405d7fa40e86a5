import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PersonNameSchema, UsernameSchema } from '@recruitdesk/contracts/registration';
import type { User } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PersonNameFields } from '@/components/ui/person-name-fields';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { isOwner } from '@/lib/permissions';
import { useUpdateProfileMutation } from '../api';

const PersonalDetailsSchema = z.object({
  first_name: PersonNameSchema,
  last_name: PersonNameSchema,
  username: UsernameSchema,
});
type PersonalDetailsValues = z.infer<typeof PersonalDetailsSchema>;
const FIELDS = ['first_name', 'last_name', 'username'] as const;

/** Nobody changes an email address here; only someone who is not an owner is sent to one (issue 16 item 18). */
export function emailHint(user: User): string {
  return isOwner(user)
    ? 'Your email address is how you sign in; it cannot be changed here.'
    : 'Ask an owner if your email address needs to change.';
}

export function PersonalDetailsForm({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading, error }] = useUpdateProfileMutation({
    fixedCacheKey: 'personal-details',
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PersonalDetailsValues>({
    resolver: zodResolver(PersonalDetailsSchema),
    values: { first_name: user.first_name, last_name: user.last_name, username: user.username },
  });

  const onSubmit = async (values: PersonalDetailsValues) => {
    const result = await updateProfile(values);
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELDS);
      return;
    }
    onUserUpdated(result.data.user);
    reset({
      first_name: result.data.user.first_name,
      last_name: result.data.user.last_name,
      username: result.data.user.username,
    });
    dispatch(notifySuccess('Your details have been saved.'));
  };

  const fieldErrors = (error as { fields?: Record<string, string[]> } | undefined)?.fields;
  const banner = error && !FIELDS.some((name) => fieldErrors?.[name]?.length) ? errorMessage(error) : null;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-label="Personal details">
      {banner ? <Alert>{banner}</Alert> : null}
      <PersonNameFields
        firstName={register('first_name')}
        lastName={register('last_name')}
        errors={{ firstName: errors.first_name?.message, lastName: errors.last_name?.message }}
      />
      <Field label="Username" error={errors.username?.message} hint="Letters, digits and @ . + - _ only.">
        <Input autoComplete="username" {...register('username')} />
      </Field>
      <Field label="Email address" hint={emailHint(user)}>
        <Input type="email" value={user.email} readOnly disabled />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading} disabled={!isDirty && !isLoading}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
