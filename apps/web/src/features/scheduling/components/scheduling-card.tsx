import { lazy, Suspense, useState } from 'react';
import { CalendarClock, Check } from 'lucide-react';
import type { SlotOffer } from '@recruitdesk/contracts/scheduling';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCancelSlotsMutation, useGetSlotOffersQuery } from '../api';
import { browserZone, slotLabel } from '../slot-format';

const OfferTimesDialog = lazy(() => import('./offer-times-dialog'));

/** The stages from which times may be offered: after the submittal (the client wants to meet). */
export const SCHEDULING_STAGES: readonly string[] = ['submitted', 'client_interview', 'offer'];

export interface SchedulingCardProps {
  pipelineId: number;
  stage: string;
  open: boolean;
  canEdit: boolean;
  interviewers: readonly { id: number; name: string }[];
  currentUserId?: number | undefined;
  /** The signed-in user's profile zone (the interviewer's zone to start with). */
  timeZone?: string | undefined;
  hiringManagerName?: string | undefined;
}

const WHO = { candidate: 'Candidate', contact: 'Client' } as const;

function OfferStatus({ offer }: { offer: SlotOffer }) {
  const zone = offer.time_zone;
  const booked = offer.slots.find((slot) => slot.id === offer.booked_slot_id);
  return (
    <div className="space-y-3 text-sm">
      {booked ? (
        <p className="font-medium text-gray-900 dark:text-white">
          Booked: {slotLabel(booked.starts_at, zone)} ({zone}) · {offer.duration_minutes} min
        </p>
      ) : (
        <p className="text-gray-600 dark:text-gray-400">Waiting for picks (times in {zone}).</p>
      )}
      <ul aria-label="Times offered" className="space-y-2">
        {offer.slots.map((slot) => {
          const pickers = offer.participants.filter((person) => person.picked_slot_id === slot.id);
          return (
            <li
              key={slot.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 py-2 dark:border-white/10"
            >
              <span className={slot.available ? '' : 'text-gray-400 line-through dark:text-gray-500'}>
                {slotLabel(slot.starts_at, zone)}
              </span>
              <span className="flex gap-2 text-xs">
                {!slot.available && offer.status === 'open' ? <span>No longer available</span> : null}
                {pickers.map((person) => (
                  <span
                    key={person.kind}
                    className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300"
                  >
                    <Check aria-hidden="true" className="size-3" />
                    {WHO[person.kind]} picked
                  </span>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
      <ul aria-label="Participants" className="space-y-1 text-gray-600 dark:text-gray-400">
        {offer.participants.map((person) => (
          <li key={person.kind}>
            {WHO[person.kind]}: {person.name} — {person.picked_slot_id ? 'picked' : 'not picked yet'}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The pipeline's interview scheduling: offer times, who picked what, the booked time, reschedule, cancel. */
export function SchedulingCard({
  pipelineId,
  stage,
  open,
  canEdit,
  interviewers,
  currentUserId,
  timeZone,
  hiringManagerName,
}: SchedulingCardProps) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetSlotOffersQuery(pipelineId);
  const [cancelSlots, cancelling] = useCancelSlotsMutation();
  const [offering, setOffering] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const offer = data?.offer ?? null;
  const mayOffer = canEdit && open && SCHEDULING_STAGES.includes(stage);
  if (!mayOffer && !offer) return null;

  const cancel = async () => {
    const result = await cancelSlots({ pipelineId, body: { reason: '' } });
    if (!result.error) {
      setConfirming(false);
      dispatch(notifySuccess(offer?.status === 'booked' ? 'The interview is cancelled.' : 'The times are withdrawn.'));
    }
  };

  return (
    <SectionCard
      id={`scheduling-${pipelineId}`}
      title="Interview scheduling"
      action={
        mayOffer ? (
          <Button size="sm" variant={offer ? 'secondary' : 'primary'} onClick={() => setOffering(true)}>
            <CalendarClock aria-hidden="true" className="size-4" />
            {offer?.status === 'booked' ? 'Reschedule' : offer ? 'Offer new times' : 'Offer interview times'}
          </Button>
        ) : null
      }
    >
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : error ? (
        <QueryError title="Could not load the interview times" error={error} onRetry={() => void refetch()} />
      ) : offer ? (
        <div className="space-y-3">
          <OfferStatus offer={offer} />
          {canEdit ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
              {offer.status === 'booked' ? 'Cancel the interview' : 'Withdraw the times'}
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          No interview times offered. Offer a few and the candidate and the client each pick one.
        </p>
      )}
      {offering ? (
        <Suspense fallback={null}>
          <OfferTimesDialog
            open
            onClose={() => setOffering(false)}
            onOffered={() => dispatch(notifySuccess('The times are on their way to the candidate and the client.'))}
            pipelineId={pipelineId}
            interviewers={interviewers}
            defaultInterviewerId={currentUserId}
            defaultTimeZone={timeZone || browserZone()}
            contactName={hiringManagerName}
            replacing={Boolean(offer)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void cancel()}
        title={offer?.status === 'booked' ? 'Cancel the interview?' : 'Withdraw the times?'}
        description={
          offer?.status === 'booked'
            ? 'The candidate and the client receive a cancellation for their calendars.'
            : 'The links stop working for picking a time.'
        }
        confirmLabel={offer?.status === 'booked' ? 'Cancel the interview' : 'Withdraw'}
        cancelLabel="Keep it"
        tone="danger"
        loading={cancelling.isLoading}
        error={cancelling.error}
      />
    </SectionCard>
  );
}
