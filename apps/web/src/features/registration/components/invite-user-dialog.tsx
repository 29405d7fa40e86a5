import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreateInvitationInputSchema } from '@recruitdesk/contracts/registration';
import type { UserType } from '@recruitdesk/contracts/users';
import { Alert } from '@/components/ui/alert';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreateInvitationMutation, useGetUserTypesQuery } from '../api';
import { userTypeOptions } from './user-type-options';

type InviteInput = z.input<typeof CreateInvitationInputSchema>;
type InviteOutput = z.output<typeof CreateInvitationInputSchema>;

const EMPTY = { email: '', user_type: ['recruiter'] as UserType[] };

/** 'Invite a team member': an email and the user types it grants. */
export function InviteUserDialog({
  open,
  onClose,
  canGrantOwner,
}: {
  open: boolean;
  onClose: () => void;
  canGrantOwner: boolean;
}) {
  const dispatch = useAppDispatch();
  const types = useGetUserTypesQuery(undefined, { skip: !open });
  const [createInvitation, { isLoading, error, reset: resetMutation }] = useCreateInvitationMutation();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(CreateInvitationInputSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    resetMutation();
    onClose();
  };

  const onSubmit = async (values: InviteOutput) => {
    const result = await createInvitation({ email: values.email, user_type: values.user_type });
    if (result.error) {
      applyFieldErrors(result.error, setError, ['email', 'user_type']);
      return;
    }
    dispatch(notifySuccess(`Invitation sent to ${result.data.invitation.email}`));
    close();
  };

  const fields = (error as { fields?: Record<string, string[]> } | undefined)?.fields;
  const banner = error && !fields?.email?.length && !fields?.user_type?.length ? errorMessage(error) : null;
  const options = userTypeOptions(types.data?.user_types, canGrantOwner);

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Invite a team member"
      description="They get an email with a link to create their account. The link is valid for 7 days."
      formId="invite-user-form"
      submitLabel="Send invitation"
      loading={isLoading}
      onSubmit={handleSubmit(onSubmit)}
      className="space-y-5"
    >
      {banner ? <Alert>{banner}</Alert> : null}
      <Field label="Email address" error={errors.email?.message}>
        <Input type="email" autoComplete="off" autoFocus placeholder="name@agency.com" {...register('email')} />
      </Field>
      <Controller
        control={control}
        name="user_type"
        render={({ field }) => (
          <CheckboxGroup<UserType>
            legend="User types"
            options={options}
            value={Array.isArray(field.value) ? field.value : [field.value]}
            onChange={field.onChange}
            error={errors.user_type?.message}
          />
        )}
      />
      {types.error ? (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          Could not load the descriptions of the user types; the standard ones are shown.
        </p>
      ) : null}
    </FormDialog>
  );
}
