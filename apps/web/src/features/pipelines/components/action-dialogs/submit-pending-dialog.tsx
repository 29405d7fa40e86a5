import { SubmitPendingInputSchema } from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type NoteForm = { note: string };

/** Ready to send to the client. */
export function SubmitPendingDialog({ pipeline, open, onClose }: ActionDialogProps) {
  const { register, errors, frame } = useActionForm({
    pipeline,
    action: 'submit-pending',
    schema: SubmitPendingInputSchema,
    toBody: (v: NoteForm) => v,
    defaultValues: { note: '' },
    success: () => `${pipeline.candidate.name} is submit pending.`,
    onClose,
    open,
    title: 'Mark as submit pending',
    description: `${pipeline.candidate.name} is ready to be sent to the client.`,
    submitLabel: 'Mark submit pending',
  });
  return (
    <ActionFormDialog {...frame}>
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </ActionFormDialog>
  );
}
