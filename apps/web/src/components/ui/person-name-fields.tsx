import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { Input } from './input';

/** First and last name side by side (stacked on phones): registration and the profile's details. */
export function PersonNameFields({
  firstName,
  lastName,
  errors,
}: {
  /** What react-hook-form's `register` gives for each field. */
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
  errors: { firstName?: string; lastName?: string };
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Field label="First name" error={errors.firstName}>
        <Input autoComplete="given-name" {...firstName} />
      </Field>
      <Field label="Last name" error={errors.lastName}>
        <Input autoComplete="family-name" {...lastName} />
      </Field>
    </div>
  );
}
