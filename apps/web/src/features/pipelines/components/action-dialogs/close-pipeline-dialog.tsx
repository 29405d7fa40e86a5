import {
  ClosePipelineInputSchema,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_CLOSE_REASONS,
} from '@recruitdesk/contracts/pipelines';
import { CloseReasonFields } from '@/components/ui/close-reason-fields';
import { useClosePipelineMutation, useGetPipelineFormDataQuery } from '../../api';
import { FormDialog } from '@/components/ui/dialog';
import { useContractForm, type ActionDialogProps } from './use-action-form';

type CloseForm = { reason: string; note: string };

/** Close with a reason (from the form data) and a note. */
export function ClosePipelineDialog({ pipeline, open, onClose }: ActionDialogProps) {
  const { data: formData } = useGetPipelineFormDataQuery(undefined, { skip: !open });
  const [closePipeline, mutation] = useClosePipelineMutation();
  const { form, dialog } = useContractForm({
    schema: ClosePipelineInputSchema,
    toBody: (v: CloseForm) => ({ reason: v.reason === '' ? undefined : v.reason, note: v.note }),
    defaultValues: { reason: '', note: '' },
    send: ({ reason, note }) => closePipeline({ pipeline, body: { reason, note } }),
    mutation,
    success: () => `${pipeline.candidate.name}'s pipeline was closed.`,
    onClose,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const reasons =
    formData?.close_reasons ??
    PIPELINE_CLOSE_REASONS.map((value) => ({ value, label: PIPELINE_CLOSE_REASON_LABELS[value] }));
  return (
    <FormDialog
      {...dialog}
      open={open}
      title={`Close ${pipeline.candidate.name}'s pipeline?`}
      description="The card leaves the board (it shows with Show closed). You can reopen it later."
      submitLabel="Close pipeline"
    >
      <CloseReasonFields reasons={reasons} register={register} errors={errors} />
    </FormDialog>
  );
}
