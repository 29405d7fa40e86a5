import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@recruitdesk/contracts/passwords';
import { Field } from './field';
import { Input } from './input';

/** A new password, with the policy as its hint, and its confirmation (registration, reset and change). */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  errors,
  autoFocus = false,
}: {
  labels: { password: string; confirmation: string };
  /** What react-hook-form's `register` gives for each field. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field
        label={labels.password}
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not entirely numeric.`}
      >
        <Input type="password" autoComplete="new-password" autoFocus={autoFocus} {...password} />
      </Field>
      <Field label={labels.confirmation} error={errors.confirmation}>
        <Input type="password" autoComplete="new-password" {...confirmation} />
      </Field>
    </>
  );
}
