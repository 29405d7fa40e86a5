import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { OfferSlotsInputSchema, type SlotOffer } from '@recruitdesk/contracts/scheduling';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useOfferSlotsMutation } from '../api';
import { timeZoneOptions } from '../slot-format';

type OfferInput = z.input<typeof OfferSlotsInputSchema>;
type OfferOutput = z.output<typeof OfferSlotsInputSchema>;

export interface OfferTimesDialogProps {
  open: boolean;
  onClose: () => void;
  onOffered: (offer: SlotOffer) => void;
  pipelineId: number;
  /** Who may interview (the agency's recruiting users). */
  interviewers: readonly { id: number; name: string }[];
  /** The signed-in user: the default interviewer. */
  defaultInterviewerId?: number | undefined;
  /** The interviewer's zone to start with (the user's profile zone). */
  defaultTimeZone: string;
  /** Who the contact's link goes to: the role's hiring manager (named in the description). */
  contactName?: string | undefined;
  /** Offering again while times are open or an interview is booked: a reschedule. */
  replacing?: boolean;
}

const FIELDS = ['interviewer_id', 'time_zone', 'duration_minutes', 'location', 'meeting_url', 'slots'] as const;

/** "Offer interview times": several times in the interviewer's zone, a length, a place or a video link. */
export default function OfferTimesDialog({
  open,
  onClose,
  onOffered,
  pipelineId,
  interviewers,
  defaultInterviewerId,
  defaultTimeZone,
  contactName,
  replacing = false,
}: OfferTimesDialogProps) {
  const [offerSlots, { isLoading, error, reset: resetMutation }] = useOfferSlotsMutation();
  const defaults: OfferInput = {
    interviewer_id: defaultInterviewerId ?? interviewers[0]?.id ?? 0,
    time_zone: defaultTimeZone,
    duration_minutes: 60,
    location: '',
    meeting_url: '',
    slots: [{ start: '' }, { start: '' }, { start: '' }],
    contact_pick_books: false,
    note: '',
  };
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<OfferInput, unknown, OfferOutput>({
    resolver: zodResolver(OfferSlotsInputSchema),
    defaultValues: defaults,
  });
  const slots = useFieldArray({ control, name: 'slots' });

  const close = () => {
    reset(defaults);
    resetMutation();
    onClose();
  };

  const onSubmit = async (values: OfferOutput) => {
    const result = await offerSlots({ pipelineId, body: values });
    if (result.error) {
      applyFieldErrors(result.error, setError, [...FIELDS]);
      return;
    }
    onOffered(result.data);
    close();
  };

  const fields = (error as { fields?: Record<string, string[]> } | undefined)?.fields;
  const shownOnField = FIELDS.some((name) => fields?.[name]?.length);
  const banner = error && !shownOnField ? errorMessage(error) : null;
  const slotsError = errors.slots?.message ?? errors.slots?.root?.message;

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={replacing ? 'Offer new interview times' : 'Offer interview times'}
      description={`The candidate and ${contactName ? contactName : "the client's hiring manager"} each get a link to pick one; the interview is booked when they agree.${replacing ? ' The current times or booking are replaced.' : ''}`}
      formId="offer-times-form"
      submitLabel="Send the times"
      loading={isLoading}
      onSubmit={handleSubmit(onSubmit)}
      size="lg"
    >
      {banner ? <Alert>{banner}</Alert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Interviewer" error={errors.interviewer_id?.message}>
          <Select {...register('interviewer_id', { valueAsNumber: true })}>
            {interviewers.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Interviewer's time zone" error={errors.time_zone?.message}>
          <Select {...register('time_zone')}>
            {timeZoneOptions().map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-900 dark:text-white">Times</legend>
        {slots.fields.map((slot, index) => (
          <div key={slot.id} className="flex items-end gap-2">
            <Field label={`Time ${index + 1}`} className="flex-1" error={errors.slots?.[index]?.start?.message}>
              <Input type="datetime-local" {...register(`slots.${index}.start`)} />
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove time ${index + 1}`}
              disabled={slots.fields.length <= 1}
              onClick={() => slots.remove(index)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        {slotsError ? (
          <p className="text-sm text-red-600 dark:text-red-400" role="alert">
            {slotsError}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={slots.fields.length >= 10}
          onClick={() => slots.append({ start: '' })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a time
        </Button>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Length (minutes)" error={errors.duration_minutes?.message}>
          <Input type="number" inputMode="numeric" min={15} max={480} step={15} {...register('duration_minutes')} />
        </Field>
        <Field label="Place" error={errors.location?.message}>
          <Input placeholder="Office address or room" {...register('location')} />
        </Field>
      </div>
      <Field label="Video link" error={errors.meeting_url?.message}>
        <Input type="url" placeholder="https://" {...register('meeting_url')} />
      </Field>
      <Checkbox label="The client's pick is enough to book" {...register('contact_pick_books')} />
    </FormDialog>
  );
}
