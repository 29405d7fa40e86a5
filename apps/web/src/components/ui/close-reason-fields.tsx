import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { Select } from './select';
import { Textarea } from './textarea';

type CloseField = 'reason' | 'note';

/** A close dialog's fields (a role's, a pipeline's): the reason, one of `reasons`, and a note. */
export function CloseReasonFields({
  reasons,
  register,
  errors,
}: {
  reasons: readonly { value: string; label: string }[];
  register: (name: CloseField) => UseFormRegisterReturn;
  errors: Partial<Record<CloseField, { message?: string | undefined }>>;
}) {
  return (
    <>
      <Field label="Reason" error={errors.reason?.message}>
        <Select {...register('reason')}>
          <option value="">Choose a reason…</option>
          {reasons.map((reason) => (
            <option key={reason.value} value={reason.value}>
              {reason.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </>
  );
}
