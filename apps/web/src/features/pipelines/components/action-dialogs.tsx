import { useId, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormSetError } from 'react-hook-form';
import {
  BookInterviewInputSchema,
  ClosePipelineInputSchema,
  INTERVIEW_OUTCOME_LABELS,
  InternalInterviewOutcomeInputSchema,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_CLOSE_REASONS,
  SubmitPendingInputSchema,
  SubmittalInputSchema,
  SubmittalOutcomeInputSchema,
  type Interview,
  type Placement,
  type PipelineCloseReason,
  type PipelineSummary,
  type Submittal,
} from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RadioGroup } from '@/components/ui/radio-group';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import {
  useClosePipelineMutation,
  useGetPipelineFormDataQuery,
  usePipelineActionMutation,
  type PipelineActionBody,
  type PipelineActionName,
  type PipelineTarget,
  type WithoutVersion,
} from '../api';
import { latestProposedSalary } from '../board-logic';
import { blankToNull, contractResolver, localToIso, todayIso } from '../forms';

type Named = PipelineTarget & { candidate: PipelineSummary['candidate'] };

/** A dialog around one form: Cancel and a submit button, the server's refusal at the top. */
type ScheduleField = 'scheduled_at' | 'duration_minutes' | 'location' | 'meeting_url';

/** When and where an interview happens: the internal booking and the client interview share these. */
function InterviewScheduleFields({
  fields,
  errors,
  locationPlaceholder,
}: {
  fields: Record<ScheduleField, UseFormRegisterReturn>;
  errors: Partial<Record<ScheduleField, { message?: string | undefined }>>;
  locationPlaceholder?: string;
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Date and time" error={errors.scheduled_at?.message}>
          <Input type="datetime-local" {...fields.scheduled_at} />
        </Field>
        <Field label="Duration (minutes)" error={errors.duration_minutes?.message}>
          <Input type="number" inputMode="numeric" min={5} max={480} step={5} {...fields.duration_minutes} />
        </Field>
      </div>
      <Field label="Location" error={errors.location?.message}>
        <Input placeholder={locationPlaceholder} {...fields.location} />
      </Field>
      <Field label="Meeting link" error={errors.meeting_url?.message}>
        <Input type="url" placeholder="https://" {...fields.meeting_url} />
      </Field>
    </>
  );
}

function FormModal({
  open,
  onClose,
  title,
  description,
  formId,
  submitLabel,
  loading,
  error,
  children,
  onSubmit,
  tone,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  formId: string;
  submitLabel: string;
  loading: boolean;
  error: unknown;
  children: ReactNode;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  tone?: 'default' | 'danger';
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={loading}
            variant={tone === 'danger' ? 'danger' : 'primary'}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={onSubmit}>
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        {children}
      </form>
    </Modal>
  );
}

/** Runs an action with the version the dialog has; field messages go on the fields, the rest in the dialog. */
function useAction<TForm extends FieldValues>(
  pipeline: PipelineTarget,
  fields: readonly Path<TForm>[],
) {
  const dispatch = useAppDispatch();
  const [act, state] = usePipelineActionMutation();
  const run = async <K extends PipelineActionName>(
    action: K,
    body: WithoutVersion<PipelineActionBody[K]>,
    setError: UseFormSetError<TForm>,
    success: string,
  ) => {
    const result = await act({ pipeline, action, body } as Parameters<typeof act>[0]);
    if (result.error) {
      applyFieldErrors(result.error, setError, fields);
      return null;
    }
    dispatch(notifySuccess(success));
    return result.data;
  };
  return [run, state] as const;
}

interface DialogProps {
  pipeline: Named;
  open: boolean;
  onClose: () => void;
}

// ---------------------------------------------------------------------------------------------------------

type BookForm = {
  scheduled_at: string;
  duration_minutes: string;
  location: string;
  meeting_url: string;
  interviewer_id: string;
};
type BookBody = {
  scheduled_at: string;
  duration_minutes: number;
  location: string;
  meeting_url: string;
  interviewer_id: number | null;
};

/** Book an internal interview: when, how long, where or the meeting link, and who interviews. */
export function BookInterviewDialog({ pipeline, open, onClose }: DialogProps) {
  const formId = useId();
  const { data: formData } = useGetPipelineFormDataQuery(undefined, { skip: !open });
  const [run, { isLoading, error, reset: resetMutation }] = useAction<BookForm>(pipeline, [
    'scheduled_at',
    'duration_minutes',
    'location',
    'meeting_url',
    'interviewer_id',
  ]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BookForm, unknown, BookBody>({
    resolver: contractResolver<BookForm, BookBody>(BookInterviewInputSchema as never, (v) => ({
      ...v,
      scheduled_at: localToIso(v.scheduled_at),
      interviewer_id: blankToNull(v.interviewer_id),
    })),
    defaultValues: {
      scheduled_at: '',
      duration_minutes: '45',
      location: '',
      meeting_url: '',
      interviewer_id: '',
    },
  });
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title="Book an interview"
      description={`An internal interview with ${pipeline.candidate.name}.`}
      formId={formId}
      submitLabel="Book interview"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        if (
          await run(
            'book-interview',
            body,
            setError,
            `Interview with ${pipeline.candidate.name} booked.`,
          )
        )
          close();
      })}
    >
      <InterviewScheduleFields
        fields={{
          scheduled_at: register('scheduled_at'),
          duration_minutes: register('duration_minutes'),
          location: register('location'),
          meeting_url: register('meeting_url'),
        }}
        errors={errors}
        locationPlaceholder="Office, phone…"
      />
      <Field label="Interviewer" error={errors.interviewer_id?.message}>
        <Select {...register('interviewer_id')}>
          <option value="">Not decided yet</option>
          {(formData?.interviewers ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </Select>
      </Field>
    </FormModal>
  );
}

// ---------------------------------------------------------------------------------------------------------

type OutcomeForm = { interview_id: string; outcome: string; feedback: string };
type OutcomeBody = {
  interview_id?: number;
  outcome: 'passed' | 'failed' | 'no_show';
  feedback: string;
};

const INTERNAL_OUTCOMES = (['passed', 'failed', 'no_show'] as const).map((value) => ({
  value,
  label: INTERVIEW_OUTCOME_LABELS[value],
}));

export const pendingInternalInterviews = (interviews: readonly Interview[]) =>
  interviews.filter(
    (interview) => interview.kind === 'internal' && interview.outcome === 'pending',
  );

/** Passed, did not pass or no show, with feedback, for a pending internal interview. */
export function InterviewOutcomeDialog({
  pipeline,
  interviews,
  open,
  onClose,
}: DialogProps & { interviews: readonly Interview[] }) {
  const formId = useId();
  const pending = pendingInternalInterviews(interviews);
  const [run, { isLoading, error, reset: resetMutation }] = useAction<OutcomeForm>(pipeline, [
    'interview_id',
    'outcome',
    'feedback',
  ]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<OutcomeForm, unknown, OutcomeBody>({
    resolver: contractResolver<OutcomeForm, OutcomeBody>(
      InternalInterviewOutcomeInputSchema as never,
      (v) => ({
        interview_id: v.interview_id === '' ? undefined : v.interview_id,
        outcome: v.outcome === '' ? undefined : v.outcome,
        feedback: v.feedback,
      }),
    ),
    defaultValues: {
      interview_id: pending.length > 0 ? String(pending[pending.length - 1]!.id) : '',
      outcome: '',
      feedback: '',
    },
  });
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title="Record the interview outcome"
      description="Passed moves to Submit pending; did not pass closes the pipeline (rejected by us); no show keeps it here."
      formId={formId}
      submitLabel="Save outcome"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        if (await run('internal-interview-outcome', body, setError, 'Interview outcome recorded.'))
          close();
      })}
    >
      {pending.length > 1 ? (
        <Field label="Interview" error={errors.interview_id?.message}>
          <Select {...register('interview_id')}>
            {pending.map((interview) => (
              <option key={interview.id} value={interview.id}>
                {formatDateTime(interview.scheduled_at)}
                {interview.interviewer ? ` · ${interview.interviewer.name}` : ''}
              </option>
            ))}
          </Select>
        </Field>
      ) : pending.length === 1 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Interview on {formatDateTime(pending[0]!.scheduled_at)}
          {pending[0]!.interviewer ? ` with ${pending[0]!.interviewer.name}` : ''}.
        </p>
      ) : null}
      <RadioGroup
        legend="Outcome"
        options={INTERNAL_OUTCOMES}
        error={errors.outcome?.message}
        {...register('outcome')}
      />
      <Field label="Feedback" error={errors.feedback?.message}>
        <Textarea rows={4} {...register('feedback')} />
      </Field>
    </FormModal>
  );
}

// ---------------------------------------------------------------------------------------------------------

type NoteForm = { note: string };

/** Ready to send to the client. */
export function SubmitPendingDialog({ pipeline, open, onClose }: DialogProps) {
  const formId = useId();
  const [run, { isLoading, error, reset: resetMutation }] = useAction<NoteForm>(pipeline, ['note']);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NoteForm, unknown, NoteForm>({
    resolver: contractResolver<NoteForm, NoteForm>(SubmitPendingInputSchema as never, (v) => v),
    defaultValues: { note: '' },
  });
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title="Mark as submit pending"
      description={`${pipeline.candidate.name} is ready to be sent to the client.`}
      formId={formId}
      submitLabel="Mark submit pending"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        if (
          await run(
            'submit-pending',
            body,
            setError,
            `${pipeline.candidate.name} is submit pending.`,
          )
        )
          close();
      })}
    >
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </FormModal>
  );
}

// ---------------------------------------------------------------------------------------------------------

type SubmittalForm = { submitted_on: string; proposed_salary: string; note: string };
type SubmittalBody = { submitted_on: string; proposed_salary: number | null; note: string };

/** Sent to the client: when, the proposed salary and a note. */
export function SubmittalDialog({ pipeline, open, onClose }: DialogProps) {
  const formId = useId();
  const [run, { isLoading, error, reset: resetMutation }] = useAction<SubmittalForm>(pipeline, [
    'submitted_on',
    'proposed_salary',
    'note',
  ]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<SubmittalForm, unknown, SubmittalBody>({
    resolver: contractResolver<SubmittalForm, SubmittalBody>(
      SubmittalInputSchema as never,
      (v) => ({
        ...v,
        proposed_salary: blankToNull(v.proposed_salary),
      }),
    ),
    defaultValues: { submitted_on: todayIso(), proposed_salary: '', note: '' },
  });
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title="Submit to the client"
      description={`Send ${pipeline.candidate.name} to the client.`}
      formId={formId}
      submitLabel="Submit to client"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        if (
          await run(
            'submittal',
            body,
            setError,
            `${pipeline.candidate.name} was submitted to the client.`,
          )
        )
          close();
      })}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Submitted on" error={errors.submitted_on?.message}>
          <Input type="date" {...register('submitted_on')} />
        </Field>
        <Field label="Proposed salary" error={errors.proposed_salary?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            {...register('proposed_salary')}
          />
        </Field>
      </div>
      <Field label="Note" error={errors.note?.message}>
        <Textarea rows={3} {...register('note')} />
      </Field>
    </FormModal>
  );
}

// ---------------------------------------------------------------------------------------------------------

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
type ClientOutcomeBody = WithoutVersion<PipelineActionBody['submittal-outcome']>;

const CLIENT_OUTCOMES = [
  { value: 'client_interview', label: 'Client interview booked' },
  { value: 'rejected', label: 'Rejected by the client' },
  { value: 'offer', label: 'Offer made' },
  { value: 'placed', label: 'Placed' },
] as const;

/** The client's answer as the contract's body for that outcome. */
export function clientOutcomeBody(v: ClientOutcomeForm): Record<string, unknown> {
  switch (v.outcome) {
    case 'client_interview':
      return {
        outcome: v.outcome,
        scheduled_at: localToIso(v.scheduled_at),
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
  open,
  onClose,
  onPlaced,
}: DialogProps & {
  submittals: readonly Submittal[];
  onPlaced: (placement: Placement | null, offerCloseRole: boolean) => void;
}) {
  const formId = useId();
  const names = [
    'outcome',
    'scheduled_at',
    'duration_minutes',
    'location',
    'meeting_url',
    'interviewer_name',
    'feedback',
    'offered_salary',
    'note',
    'salary',
    'start_date',
  ] as const;
  const [run, { isLoading, error, reset: resetMutation }] = useAction<ClientOutcomeForm>(
    pipeline,
    names,
  );
  const proposed = latestProposedSalary(submittals);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<ClientOutcomeForm, unknown, ClientOutcomeBody>({
    resolver: contractResolver<ClientOutcomeForm, ClientOutcomeBody>(
      SubmittalOutcomeInputSchema as never,
      clientOutcomeBody,
    ),
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
      salary: proposed == null ? '' : String(proposed),
      start_date: '',
    },
  });
  const outcome = watch('outcome');
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  const messages: Record<string, string> = {
    client_interview: 'Client interview booked.',
    rejected: 'Recorded: rejected by the client.',
    offer: 'Offer recorded.',
    placed: `${pipeline.candidate.name} was placed.`,
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title="Record the client's outcome"
      description={`What the client decided about ${pipeline.candidate.name}.`}
      formId={formId}
      submitLabel="Save outcome"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        const data = await run(
          'submittal-outcome',
          body,
          setError,
          messages[body.outcome] ?? 'Saved.',
        );
        if (!data) return;
        close();
        if (body.outcome === 'placed') onPlaced(data.data.placement, data.offer_close_role);
      })}
    >
      <RadioGroup
        legend="Outcome"
        options={CLIENT_OUTCOMES}
        error={errors.outcome?.message}
        {...register('outcome')}
      />
      {outcome === 'client_interview' ? (
        <>
          <InterviewScheduleFields
            fields={{
              scheduled_at: register('scheduled_at'),
              duration_minutes: register('duration_minutes'),
              location: register('location'),
              meeting_url: register('meeting_url'),
            }}
            errors={errors}
          />
          <Field label="Client's interviewer" error={errors.interviewer_name?.message}>
            <Input {...register('interviewer_name')} />
          </Field>
        </>
      ) : null}
      {outcome === 'rejected' ? (
        <Field label="Client's feedback" error={errors.feedback?.message}>
          <Textarea rows={4} {...register('feedback')} />
        </Field>
      ) : null}
      {outcome === 'offer' ? (
        <>
          <Field label="Offered salary" error={errors.offered_salary?.message}>
            <Input
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              {...register('offered_salary')}
            />
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
            hint={proposed != null ? 'From the latest submittal.' : undefined}
          >
            <Input type="number" inputMode="decimal" min={0} step="any" {...register('salary')} />
          </Field>
          <Field label="Start date" error={errors.start_date?.message}>
            <Input type="date" {...register('start_date')} />
          </Field>
        </div>
      ) : null}
    </FormModal>
  );
}

// ---------------------------------------------------------------------------------------------------------

type CloseForm = { reason: string; note: string };
type CloseBody = { reason: PipelineCloseReason; note: string };

/** Close with a reason (from the form data) and a note. */
export function ClosePipelineDialog({ pipeline, open, onClose }: DialogProps) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const { data: formData } = useGetPipelineFormDataQuery(undefined, { skip: !open });
  const [closePipeline, { isLoading, error, reset: resetMutation }] = useClosePipelineMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CloseForm, unknown, CloseBody>({
    resolver: contractResolver<CloseForm, CloseBody>(ClosePipelineInputSchema as never, (v) => ({
      reason: v.reason === '' ? undefined : v.reason,
      note: v.note,
    })),
    defaultValues: { reason: '', note: '' },
  });
  const reasons =
    formData?.close_reasons ??
    PIPELINE_CLOSE_REASONS.map((value) => ({ value, label: PIPELINE_CLOSE_REASON_LABELS[value] }));
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  return (
    <FormModal
      open={open}
      onClose={close}
      title={`Close ${pipeline.candidate.name}'s pipeline?`}
      description="The card leaves the board (it shows with Show closed). You can reopen it later."
      formId={formId}
      submitLabel="Close pipeline"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        const result = await closePipeline({ pipeline, body });
        if (result.error) {
          applyFieldErrors(result.error, setError, ['reason', 'note']);
          return;
        }
        dispatch(notifySuccess(`${pipeline.candidate.name}'s pipeline was closed.`));
        close();
      })}
    >
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
    </FormModal>
  );
}
