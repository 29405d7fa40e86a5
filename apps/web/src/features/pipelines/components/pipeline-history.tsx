import { ArrowRight } from 'lucide-react';
import {
  INTERVIEW_OUTCOME_LABELS,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
  type PipelineEvent,
} from '@recruitdesk/contracts/pipelines';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/time';
import { humanize } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';

const EVENT_LABELS: Record<PipelineEvent['kind'], string> = {
  created: 'Added to the pipeline',
  stage_changed: 'Moved',
  closed: 'Closed',
  reopened: 'Reopened',
  interview_booked: 'Interview booked',
  interview_outcome: 'Interview outcome',
  submitted: 'Submitted to the client',
  submittal_outcome: 'Client outcome',
  placed: 'Placed',
  client_comment: 'Client comment',
};

/** An event's detail: a known code as its label, a free text with its times in the profile zone. */
function eventDetail(detail: string, storedText: (text: string) => string): string {
  if (!detail) return '';
  if (detail in PIPELINE_CLOSE_REASON_LABELS)
    return PIPELINE_CLOSE_REASON_LABELS[detail as keyof typeof PIPELINE_CLOSE_REASON_LABELS];
  if (detail in INTERVIEW_OUTCOME_LABELS)
    return INTERVIEW_OUTCOME_LABELS[detail as keyof typeof INTERVIEW_OUTCOME_LABELS];
  return /^[a-z_]+$/.test(detail) ? humanize(detail) : storedText(detail);
}

/** The events (the latest ones when `total` says there are more): who, when, from → to, and the detail. */
export function HistoryTimeline({
  events,
  total = events.length,
}: {
  events: readonly PipelineEvent[];
  total?: number;
}) {
  const format = useDateFormat();
  const sorted = [...events].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <Card role="region" aria-labelledby="pipeline-history-title">
      <CardHeader
        titleId="pipeline-history-title"
        title="History"
        description={total > events.length ? `The latest ${events.length} of ${total} events` : undefined}
      />
      {sorted.length === 0 ? (
        <EmptyState title="Nothing has happened yet" />
      ) : (
        <ol aria-label="History" className="space-y-0 px-5 py-4">
          {sorted.map((event, index) => (
            <li key={event.id} className="relative flex gap-3 pb-4 last:pb-0">
              {index < sorted.length - 1 ? (
                <span
                  aria-hidden="true"
                  className="absolute top-4 left-[5px] h-full w-px bg-gray-200 dark:bg-white/10"
                />
              ) : null}
              <span
                aria-hidden="true"
                className="relative mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-500 ring-4 ring-white dark:ring-gray-900"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-gray-900 dark:text-gray-100">
                  <span className="font-medium">{EVENT_LABELS[event.kind]}</span>
                  {event.from_stage && event.to_stage && event.from_stage !== event.to_stage ? (
                    <span className="text-gray-600 dark:text-gray-300">
                      {' '}
                      {PIPELINE_STAGE_LABELS[event.from_stage]}
                      <ArrowRight aria-label="to" className="mx-1 inline size-3.5 align-[-2px]" />
                      {PIPELINE_STAGE_LABELS[event.to_stage]}
                    </span>
                  ) : event.to_stage && event.kind === 'created' ? (
                    <span className="text-gray-600 dark:text-gray-300">{` in ${PIPELINE_STAGE_LABELS[event.to_stage]}`}</span>
                  ) : null}
                </p>
                {event.detail &&
                event.kind !== 'stage_changed' &&
                event.detail !== (event.to_stage ? PIPELINE_STAGE_LABELS[event.to_stage] : null) ? (
                  <p className="mt-0.5 text-gray-600 dark:text-gray-400">
                    {eventDetail(event.detail, format.storedText)}
                  </p>
                ) : null}
                <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
                  {event.contact ? `${event.contact.name} (client contact)` : (event.actor?.name ?? 'System')} ·{' '}
                  <RelativeTime value={event.created_at} />
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
