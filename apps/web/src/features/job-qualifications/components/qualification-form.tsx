import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateJobQualificationInputSchema,
  QUALIFICATION_KIND_LABELS,
  QUALIFICATION_KINDS,
  type CreateJobQualificationInput,
  type JobQualification,
} from '@recruitdesk/contracts/job-qualifications';
import { Alert } from '@/components/ui/alert';
import { FormActions } from '@/components/ui/form-actions';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useCreateQualificationMutation, useUpdateQualificationMutation } from '../api';

type Parsed = { role_id: number; name: string; description: string; kind: JobQualification['kind'] };

const KIND_OPTIONS = QUALIFICATION_KINDS.map((kind) => ({ value: kind, label: QUALIFICATION_KIND_LABELS[kind] }));

/**
 * Add or edit a job qualification. With `roleOptions` the role is chosen here ('Role' select); otherwise
 * it is `roleId`.
 */
export function QualificationForm({
  roleId,
  qualification,
  roleOptions,
  onSaved,
  onCancel,
}: {
  roleId?: number;
  qualification?: JobQualification;
  roleOptions?: { id: number; name: string }[];
  onSaved: (qualification: JobQualification) => void;
  onCancel: () => void;
}) {
  const [create, createState] = useCreateQualificationMutation();
  const [update, updateState] = useUpdateQualificationMutation();
  const serverError = qualification ? updateState.error : createState.error;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateJobQualificationInput, unknown, Parsed>({
    resolver: zodResolver(CreateJobQualificationInputSchema),
    defaultValues: {
      role_id: qualification?.role_id ?? roleId ?? ('' as unknown as number),
      name: qualification?.name ?? '',
      description: qualification?.description ?? '',
      kind: qualification?.kind ?? 'must_have',
    },
  });

  const onSubmit = async (values: Parsed) => {
    const result = qualification
      ? await update({
          id: qualification.id,
          roleId: qualification.role_id,
          body: { name: values.name, description: values.description, kind: values.kind },
        })
      : await create(values);
    if (result.error) {
      applyFieldErrors(result.error, setError, ['role_id', 'name', 'description', 'kind']);
      return;
    }
    onSaved(result.data.qualification);
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Job qualification" className="space-y-5">
      {serverError && !(serverError as { fields?: unknown }).fields ? <Alert>{errorMessage(serverError)}</Alert> : null}
      {roleOptions ? (
        <Field label="Role" error={errors.role_id?.message}>
          <Select {...register('role_id')}>
            <option value="">Choose a role…</option>
            {roleOptions.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <Field label="Name" error={errors.name?.message}>
        <Input placeholder="e.g. 5+ years of React" {...register('name')} />
      </Field>
      <Field label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...register('description')} />
      </Field>
      <RadioGroup legend="Kind" options={KIND_OPTIONS} error={errors.kind?.message} {...register('kind')} />
      <FormActions
        submitLabel={'Save qualification'}
        saving={createState.isLoading || updateState.isLoading}
        onCancel={onCancel}
      />
    </form>
  );
}
