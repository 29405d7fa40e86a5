import {
  INTERVIEW_OUTCOME_LABELS,
  InternalInterviewOutcomeInputSchema,
  type Interview,
} from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';
import { PendingInterviewChoice } from './interview-schedule-fields';

type OutcomeForm = { interview_id: string; outcome: string; feedback: string };

const INTERNAL_OUTCOMES = (['passed', 'failed', 'no_show'] as const).map((value) => ({
  value,
  label: INTERVIEW_OUTCOME_LABELS[value],
}));

export const pendingInternalInterviews = (interviews: readonly Interview[]) =>
  interviews.filter((interview) => interview.kind === 'internal' && interview.outcome === 'pending');

/** Passed, did not pass or no show, with feedback, for a pending internal interview. */
export function InterviewOutcomeDialog({
  pipeline,
  interviews,
  open,
  onClose,
}: ActionDialogProps & { interviews: readonly Interview[] }) {
  const pending = pendingInternalInterviews(interviews);
  const { register, errors, frame } = useActionForm({
    pipeline,
    action: 'internal-interview-outcome',
    schema: InternalInterviewOutcomeInputSchema,
    toBody: (v: OutcomeForm) => ({
      interview_id: v.interview_id === '' ? undefined : v.interview_id,
      outcome: v.outcome === '' ? undefined : v.outcome,
      feedback: v.feedback,
    }),
    defaultValues: {
      interview_id: pending.length > 0 ? String(pending[pending.length - 1]!.id) : '',
      outcome: '',
      feedback: '',
    },
    success: () => 'Interview outcome recorded.',
    onClose,
    open,
    title: 'Record the interview outcome',
    description:
      'Passed moves to Submit pending; did not pass closes the pipeline (rejected by us); no show keeps it here.',
    submitLabel: 'Save outcome',
  });
  return (
    <ActionFormDialog {...frame}>
      <PendingInterviewChoice
        pending={pending.map((interview) => ({ ...interview, withWhom: interview.interviewer?.name ?? null }))}
        noun="Interview"
        registration={register('interview_id')}
        error={errors.interview_id?.message}
      />
      <RadioGroup
        legend="Outcome"
        options={INTERNAL_OUTCOMES}
        error={errors.outcome?.message}
        {...register('outcome')}
      />
      <Field label="Feedback" error={errors.feedback?.message}>
        <Textarea rows={4} {...register('feedback')} />
      </Field>
    </ActionFormDialog>
  );
}
