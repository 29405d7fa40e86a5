import {
  SubmittalOutcomeInputSchema,
  type PipelineOffer,
  type Placement,
  type Submittal,
} from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { fromWallTime } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { latestProposedSalary, placementSalaryDefault, SALARY_SOURCE_HINTS } from '../../board-logic';
import { blankToNull } from '../../forms';
import { ClientInterviewFields } from './interview-schedule-fields';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type ClientOutcomeForm = {
  outcome: string;
  scheduled_at: string;
  duration_minutes: string;
  location: string;
  meeting_url: string;
  interviewer_name: string;
  feedback: string;
  offered_salary: string;
  note: string;
  salary: string;
  start_date: string;
};

const CLIENT_OUTCOMES = [
  { value: 'client_interview', label: 'Client interview booked' },
  { value: 'rejected', label: 'Rejected by the client' },
  { value: 'offer', label: 'Offer made' },
  { value: 'placed', label: 'Placed' },
] as const;

/** The client's answer as the contract's body for that outcome. */
export function clientOutcomeBody(v: ClientOutcomeForm, zone?: string): Record<string, unknown> {
  switch (v.outcome) {
    case 'client_interview':
      return {
        outcome: v.outcome,
        scheduled_at: v.scheduled_at && fromWallTime(v.scheduled_at, zone),
        duration_minutes: v.duration_minutes,
        location: v.location,
        meeting_url: v.meeting_url,
        interviewer_name: v.interviewer_name,
      };
    case 'rejected':
      return { outcome: v.outcome, feedback: v.feedback };
    case 'offer':
      return { outcome: v.outcome, offered_salary: blankToNull(v.offered_salary), note: v.note };
    case 'placed':
      return {
        outcome: v.outcome,
        salary: v.salary === '' ? undefined : v.salary,
        start_date: v.start_date,
      };
    default:
      return { outcome: undefined };
  }
}

/**
 * The client's answer to a submittal: a client interview, a rejection, an offer or the placement. A
 * placement hands its fee (and whether every opening is now filled) to `onPlaced`.
 */
export function ClientOutcomeDialog({
  pipeline,
  submittals,
  offer,
  open,
  onClose,
  onPlaced,
}: ActionDialogProps & {
  submittals: readonly Submittal[];
  /** The pipeline's latest offer: a placement starts from its salary. */
  offer: PipelineOffer | null;
  onPlaced: (placement: Placement | null, offerCloseRole: boolean) => void;
}) {
  const zone = useTimeZone();
  const proposed = latestProposedSalary(submittals);
  const placedAt = placementSalaryDefault(offer, submittals);
  const messages = {
    client_interview: 'Client interview booked.',
    rejected: 'Recorded: rejected by the client.',
    offer: 'Offer recorded.',
    placed: `${pipeline.candidate.name} was placed.`,
  };
  const { form, register, errors, frame } = useActionForm({
    pipeline,
    action: 'submittal-outcome',
    schema: SubmittalOutcomeInputSchema,
    toBody: (values: ClientOutcomeForm) => clientOutcomeBody(values, zone),
    defaultValues: {
      outcome: '',
      scheduled_at: '',
      duration_minutes: '60',
      location: '',
      meeting_url: '',
      interviewer_name: '',
      feedback: '',
      offered_salary: proposed == null ? '' : String(proposed),
      note: '',
      salary: placedAt == null ? '' : String(placedAt.salary),
      start_date: '',
    },
    success: (body) => messages[body.outcome],
    onClose,
    onDone: (body, data) => {
      if (body.outcome === 'placed') onPlaced(data.data.placement, data.offer_close_role);
    },
    open,
    title: "Record the client's outcome",
    description: `What the client decided about ${pipeline.candidate.name}.`,
    submitLabel: 'Save outcome',
  });
  const outcome = form.watch('outcome');
  return (
    <ActionFormDialog {...frame}>
      <RadioGroup legend="Outcome" options={CLIENT_OUTCOMES} error={errors.outcome?.message} {...register('outcome')} />
      {outcome === 'client_interview' ? <ClientInterviewFields register={register} errors={errors} /> : null}
      {outcome === 'rejected' ? (
        <Field label="Client's feedback" error={errors.feedback?.message}>
          <Textarea rows={4} {...register('feedback')} />
        </Field>
      ) : null}
      {outcome === 'offer' ? (
        <>
          <Field label="Offered salary" error={errors.offered_salary?.message}>
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('offered_salary')} />
          </Field>
          <Field label="Note" error={errors.note?.message}>
            <Textarea rows={3} {...register('note')} />
          </Field>
        </>
      ) : null}
      {outcome === 'placed' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            label="Salary"
            error={errors.salary?.message}
            hint={placedAt ? SALARY_SOURCE_HINTS[placedAt.from] : undefined}
          >
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('salary')} />
          </Field>
          <Field label="Start date" error={errors.start_date?.message}>
            <Input type="date" {...register('start_date')} />
          </Field>
        </div>
      ) : null}
    </ActionFormDialog>
  );
}
