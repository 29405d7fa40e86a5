import { useRef, useState, type ReactNode } from 'react';
import { CalendarClock } from 'lucide-react';
import type { Interview, PendingInterviewResolution } from '@recruitdesk/contracts/pipelines';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/base-api';
import { useDateFormat } from '@/lib/time-zone';
import { pendingInterviewsOf, upcomingInterviewIdsOf } from '../api';

/**
 * The question a move past a booked client interview asks (409 PENDING_CLIENT_INTERVIEWS): did it go
 * well, or did it not happen? An interview still to come cannot have gone well: the move comes before it
 * and cancels it, and the dialog says so (when every one is still to come, the only way on is to cancel
 * them). Cancel leaves everything as it was.
 */
export function PendingInterviewsDialog({
  open,
  message,
  interviews,
  upcomingIds,
  onAnswer,
}: {
  open: boolean;
  message: string;
  interviews: readonly Interview[];
  upcomingIds: readonly number[];
  onAnswer: (answer: PendingInterviewResolution | null) => void;
}) {
  const format = useDateFormat();
  const upcoming = new Set(upcomingIds);
  const held = interviews.filter((interview) => !upcoming.has(interview.id));
  const allUpcoming = interviews.length > 0 && held.length === 0;
  const one = (allUpcoming ? interviews.length : held.length) === 1;
  const title = allUpcoming
    ? one
      ? 'The client interview has not taken place yet'
      : 'The client interviews have not taken place yet'
    : one
      ? 'What happened to the client interview?'
      : 'What happened to the client interviews?';
  return (
    <Modal
      open={open}
      onClose={() => onAnswer(null)}
      title={title}
      description={format.storedText(message)}
      footer={
        allUpcoming ? (
          <>
            <Button variant="secondary" onClick={() => onAnswer(null)}>
              {one ? 'Keep the interview' : 'Keep the interviews'}
            </Button>
            <Button onClick={() => onAnswer('cancelled')}>
              {one ? 'Cancel the interview and go on' : 'Cancel the interviews and go on'}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onAnswer(null)}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => onAnswer('cancelled')}>
              {one ? 'It did not happen' : 'They did not happen'}
            </Button>
            <Button onClick={() => onAnswer('passed')}>{one ? 'It went well' : 'They went well'}</Button>
          </>
        )
      }
    >
      <ul className="space-y-2" aria-label="Pending client interviews">
        {interviews.map((interview) => (
          <li
            key={interview.id}
            className="flex items-start gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700 dark:bg-white/5 dark:text-gray-300"
          >
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
            <span className="min-w-0 flex-1">
              <time dateTime={interview.scheduled_at}>{format.dateTime(interview.scheduled_at)}</time>
              {interview.interviewer_name ? ` · with ${interview.interviewer_name}` : ''}
              {interview.location ? ` · ${interview.location}` : ''}
            </span>
            {upcoming.has(interview.id) ? <Badge tone="amber">Not held yet: will be cancelled</Badge> : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
        {allUpcoming
          ? 'The history records that this step came before the interview. To move the interview instead, keep it and record it as rescheduled on the pipeline page.'
          : "The answer is recorded as the interview's outcome. To add feedback, cancel and record the outcome on the pipeline page first."}
      </p>
    </Modal>
  );
}

/**
 * `ask(error)`: when a call was refused with 409 PENDING_CLIENT_INTERVIEWS, opens the question and
 * resolves with the answer (null when cancelled); for any other result, resolves with undefined at once.
 * Render `question` somewhere in the caller.
 */
export function usePendingInterviewsQuestion(): {
  ask: (error: unknown) => Promise<PendingInterviewResolution | null | undefined>;
  question: ReactNode;
} {
  const [asking, setAsking] = useState<{
    interviews: Interview[];
    upcomingIds: number[];
    message: string;
  } | null>(null);
  const settle = useRef<((answer: PendingInterviewResolution | null) => void) | null>(null);
  const ask = (error: unknown) => {
    const interviews = pendingInterviewsOf(error);
    if (!interviews) return Promise.resolve(undefined);
    return new Promise<PendingInterviewResolution | null>((resolve) => {
      settle.current = resolve;
      setAsking({ interviews, upcomingIds: upcomingInterviewIdsOf(error), message: errorMessage(error) });
    });
  };
  const question = (
    <PendingInterviewsDialog
      open={asking !== null}
      message={asking?.message ?? ''}
      interviews={asking?.interviews ?? []}
      upcomingIds={asking?.upcomingIds ?? []}
      onAnswer={(answer) => {
        settle.current?.(answer);
        settle.current = null;
        setAsking(null);
      }}
    />
  );
  return { ask, question };
}
