import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDateFormat, useTimeZone } from '@/lib/time-zone';

type ScheduleField = 'scheduled_at' | 'duration_minutes' | 'location' | 'meeting_url';

/** When and where an interview happens: the internal booking and the client interviews share these. */
export function InterviewScheduleFields({
  register,
  errors,
  locationPlaceholder,
}: {
  register: (name: ScheduleField) => UseFormRegisterReturn;
  errors: Partial<Record<ScheduleField, { message?: string | undefined }>>;
  locationPlaceholder?: string;
}) {
  const zone = useTimeZone();
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Date and time"
          error={errors.scheduled_at?.message}
          hint={zone ? `Your time zone: ${zone.replace(/_/g, ' ')}` : undefined}
        >
          <Input type="datetime-local" {...register('scheduled_at')} />
        </Field>
        <Field label="Duration (minutes)" error={errors.duration_minutes?.message}>
          <Input type="number" inputMode="numeric" min={5} max={480} step={5} {...register('duration_minutes')} />
        </Field>
      </div>
      <Field label="Location" error={errors.location?.message}>
        <Input placeholder={locationPlaceholder} {...register('location')} />
      </Field>
      <Field label="Meeting link" error={errors.meeting_url?.message}>
        <Input type="url" placeholder="https://" {...register('meeting_url')} />
      </Field>
    </>
  );
}

type ClientInterviewField = ScheduleField | 'interviewer_name';

/** A client interview's time and place and the client's interviewer: booked by the client's outcome or rescheduled. */
export function ClientInterviewFields({
  register,
  errors,
}: {
  register: (name: ClientInterviewField) => UseFormRegisterReturn;
  errors: Partial<Record<ClientInterviewField, { message?: string | undefined }>>;
}) {
  return (
    <>
      <InterviewScheduleFields register={register} errors={errors} />
      <Field label="Client's interviewer" error={errors.interviewer_name?.message}>
        <Input {...register('interviewer_name')} />
      </Field>
    </>
  );
}

/** Which pending interview an outcome is for: a choice when there are several, else the one there is named. */
export function PendingInterviewChoice({
  pending,
  noun,
  registration,
  error,
}: {
  pending: readonly { id: number; scheduled_at: string; withWhom: string | null }[];
  /** How the single interview is introduced: 'Interview', 'Client interview'. */
  noun: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const format = useDateFormat();
  const first = pending[0];
  if (pending.length > 1) {
    return (
      <Field label="Interview" error={error}>
        <Select {...registration}>
          {pending.map((interview) => (
            <option key={interview.id} value={interview.id}>
              {format.dateTime(interview.scheduled_at)}
              {interview.withWhom ? ` · ${interview.withWhom}` : ''}
            </option>
          ))}
        </Select>
      </Field>
    );
  }
  return first ? (
    <p className="text-sm text-gray-600 dark:text-gray-400">
      {noun} on {format.dateTime(first.scheduled_at)}
      {first.withWhom ? ` with ${first.withWhom}` : ''}.
    </p>
  ) : null;
}
