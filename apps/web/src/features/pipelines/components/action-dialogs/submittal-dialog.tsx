import { SubmittalInputSchema } from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useDateFormat } from '@/lib/time-zone';
import { blankToNull } from '../../forms';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type SubmittalForm = { submitted_on: string; proposed_salary: string; note: string };

/** Sent to the client: when, the proposed salary and a note. */
export function SubmittalDialog({ pipeline, open, onClose }: ActionDialogProps) {
  const format = useDateFormat();
  const { register, errors, frame } = useActionForm({
    pipeline,
    action: 'submittal',
    schema: SubmittalInputSchema,
    toBody: (v: SubmittalForm) => ({ ...v, proposed_salary: blankToNull(v.proposed_salary) }),
    defaultValues: { submitted_on: format.today(), proposed_salary: '', note: '' },
    success: () => `${pipeline.candidate.name} was submitted to the client.`,
    onClose,
    open,
    title: 'Submit to the client',
    description: `Send ${pipeline.candidate.name} to the client.`,
    submitLabel: 'Submit to client',
  });
  return (
    <ActionFormDialog {...frame}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Submitted on" error={errors.submitted_on?.message}>
          <Input type="date" {...register('submitted_on')} />
        </Field>
        <Field label="Proposed salary" error={errors.proposed_salary?.message}>
          <Input type="number" inputMode="decimal" min={0} step="any" {...register('proposed_salary')} />
        </Field>
      </div>
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </ActionFormDialog>
  );
}
