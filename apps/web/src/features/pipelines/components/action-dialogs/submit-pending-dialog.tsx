import { SubmitPendingInputSchema } from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { FormDialog } from '@/components/ui/dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type NoteForm = { note: string };

/** Ready to send to the client. */
export function SubmitPendingDialog({ pipeline, open, onClose }: ActionDialogProps) {
  const { form, dialog, question } = useActionForm({
    pipeline,
    action: 'submit-pending',
    schema: SubmitPendingInputSchema,
    toBody: (v: NoteForm) => v,
    defaultValues: { note: '' },
    success: () => `${pipeline.candidate.name} is submit pending.`,
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      {...dialog}
      open={open}
      title="Mark as submit pending"
      description={`${pipeline.candidate.name} is ready to be sent to the client.`}
      submitLabel="Mark submit pending"
    >
      {question}
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </FormDialog>
  );
}
