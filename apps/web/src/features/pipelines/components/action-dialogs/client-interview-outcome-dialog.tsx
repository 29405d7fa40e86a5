import {
  CLIENT_INTERVIEW_OUTCOMES,
  ClientInterviewOutcomeInputSchema,
  INTERVIEW_OUTCOME_LABELS,
  type Interview,
} from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { fromWallTime } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { ClientInterviewFields, PendingInterviewChoice } from './interview-schedule-fields';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type ClientInterviewForm = {
  interview_id: string;
  outcome: string;
  feedback: string;
  scheduled_at: string;
  duration_minutes: string;
  location: string;
  meeting_url: string;
  interviewer_name: string;
};

const CLIENT_INTERVIEW_OUTCOME_OPTIONS = CLIENT_INTERVIEW_OUTCOMES.map((value) => ({
  value,
  label: value === 'rejected' ? 'Rejected by the client' : INTERVIEW_OUTCOME_LABELS[value],
}));

const MESSAGES: Record<(typeof CLIENT_INTERVIEW_OUTCOMES)[number], string> = {
  passed: 'Client interview recorded: passed.',
  rejected: 'Recorded: rejected by the client.',
  no_show: 'Client interview recorded: no show.',
  rescheduled: 'Client interview rescheduled.',
};

export const pendingClientInterviews = (interviews: readonly Interview[]) =>
  interviews.filter((interview) => interview.kind === 'client' && interview.outcome === 'pending');

/** The contract's body for a client interview outcome (a new time only when rescheduled). */
export function clientInterviewBody(v: ClientInterviewForm, zone?: string): Record<string, unknown> {
  const base = {
    interview_id: v.interview_id === '' ? undefined : v.interview_id,
    outcome: v.outcome === '' ? undefined : v.outcome,
    feedback: v.feedback,
  };
  if (v.outcome !== 'rescheduled') return base;
  return {
    ...base,
    scheduled_at: v.scheduled_at && fromWallTime(v.scheduled_at, zone),
    duration_minutes: v.duration_minutes,
    location: v.location,
    meeting_url: v.meeting_url,
    interviewer_name: v.interviewer_name,
  };
}

/**
 * A pending client interview's outcome, like an internal one's: passed (stays, ready for an offer),
 * rejected by the client (closes), no show, or rescheduled (a new time is booked).
 */
export function ClientInterviewOutcomeDialog({
  pipeline,
  interviews,
  open,
  onClose,
}: ActionDialogProps & { interviews: readonly Interview[] }) {
  const zone = useTimeZone();
  const pending = pendingClientInterviews(interviews).sort((a, b) => a.scheduled_at.localeCompare(b.scheduled_at));
  const first = pending[0];
  const { form, register, errors, frame } = useActionForm({
    pipeline,
    action: 'client-interview-outcome',
    schema: ClientInterviewOutcomeInputSchema,
    toBody: (values: ClientInterviewForm) => clientInterviewBody(values, zone),
    defaultValues: {
      interview_id: first ? String(first.id) : '',
      outcome: '',
      feedback: '',
      scheduled_at: '',
      duration_minutes: String(first?.duration_minutes ?? 60),
      location: first?.location ?? '',
      meeting_url: first?.meeting_url ?? '',
      interviewer_name: first?.interviewer_name ?? '',
    },
    success: (body) => MESSAGES[body.outcome],
    onClose,
    open,
    title: 'Record the client interview outcome',
    description:
      'Passed keeps the candidate here, ready for an offer; rejected closes the pipeline (rejected by the client); no show keeps it here; rescheduled books the new time.',
    submitLabel: 'Save outcome',
  });
  const outcome = form.watch('outcome');
  return (
    <ActionFormDialog {...frame}>
      <PendingInterviewChoice
        pending={pending.map((interview) => ({ ...interview, withWhom: interview.interviewer_name || null }))}
        noun="Client interview"
        registration={register('interview_id')}
        error={errors.interview_id?.message}
      />
      <RadioGroup
        legend="Outcome"
        options={CLIENT_INTERVIEW_OUTCOME_OPTIONS}
        error={errors.outcome?.message}
        {...register('outcome')}
      />
      {outcome === 'rescheduled' ? <ClientInterviewFields register={register} errors={errors} /> : null}
      <Field label="Feedback" error={errors.feedback?.message}>
        <Textarea rows={4} {...register('feedback')} />
      </Field>
    </ActionFormDialog>
  );
}
