import { BookInterviewInputSchema } from '@recruitdesk/contracts/pipelines';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { fromWallTime } from '@/lib/format';
import { useTimeZone } from '@/lib/time-zone';
import { useGetPipelineFormDataQuery } from '../../api';
import { blankToNull } from '../../forms';
import { InterviewScheduleFields } from './interview-schedule-fields';
import { ActionFormDialog } from './action-form-dialog';
import { useActionForm, type ActionDialogProps } from './use-action-form';

type BookForm = {
  scheduled_at: string;
  duration_minutes: string;
  location: string;
  meeting_url: string;
  interviewer_id: string;
};

/** Book an internal interview: when, how long, where or the meeting link, and who interviews. */
export function BookInterviewDialog({ pipeline, open, onClose }: ActionDialogProps) {
  const zone = useTimeZone();
  const { data: formData } = useGetPipelineFormDataQuery(undefined, { skip: !open });
  const { register, errors, frame } = useActionForm({
    pipeline,
    action: 'book-interview',
    schema: BookInterviewInputSchema,
    toBody: (v: BookForm) => ({
      ...v,
      scheduled_at: v.scheduled_at && fromWallTime(v.scheduled_at, zone),
      interviewer_id: blankToNull(v.interviewer_id),
    }),
    defaultValues: {
      scheduled_at: '',
      duration_minutes: '45',
      location: '',
      meeting_url: '',
      interviewer_id: '',
    },
    success: () => `Interview with ${pipeline.candidate.name} booked.`,
    onClose,
    open,
    title: 'Book an interview',
    description: `An internal interview with ${pipeline.candidate.name}.`,
    submitLabel: 'Book interview',
  });
  return (
    <ActionFormDialog {...frame}>
      <InterviewScheduleFields register={register} errors={errors} locationPlaceholder="Office, phone…" />
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
    </ActionFormDialog>
  );
}
