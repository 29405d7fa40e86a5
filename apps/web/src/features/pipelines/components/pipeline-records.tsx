import type { ReactNode } from 'react';
import {
  INTERVIEW_OUTCOME_LABELS,
  type Interview,
  type Placement,
  type Submittal,
} from '@recruitdesk/contracts/pipelines';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { textLinkClasses } from '@/components/ui/link';
import { formatDate, formatMoney } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';

/** Money in the role's currency when known, else a plain number. */
function money(value: number | null | undefined, currency: string | undefined) {
  if (value == null) return '';
  return currency ? formatMoney(value, currency) : value.toLocaleString();
}

const OUTCOME_TONES: Record<string, BadgeTone> = {
  pending: 'amber',
  passed: 'green',
  failed: 'red',
  no_show: 'red',
  rescheduled: 'gray',
  cancelled: 'gray',
  client_interview: 'sky',
  rejected: 'red',
  offer: 'violet',
  placed: 'green',
};

/** A card of the pipeline's records by `title`: an empty state, else a list of them, in the order given. */
function RecordsCard<T extends { id: number }>({
  name,
  title,
  empty,
  items,
  children,
}: {
  /** Names the card's title id. */
  name: string;
  title: string;
  empty: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  const titleId = `pipeline-${name}-title`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title={title} />
      {items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ul aria-label={title} className="divide-y divide-gray-100 dark:divide-white/5">
          {items.map((item) => (
            <li key={item.id} className="space-y-1 px-5 py-3 text-sm">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const SUBMITTAL_OUTCOME_LABELS: Record<Submittal['outcome'], string> = {
  pending: 'Waiting for the client',
  client_interview: 'Client interview',
  rejected: 'Rejected',
  offer: 'Offer',
  placed: 'Placed',
};

/**
 * An interview's outcome; one still without an outcome is "Upcoming" only while its time is ahead, and
 * "Outcome needed" once it has passed (as on the candidate page) (a past interview never shows as upcoming).
 */
export function InterviewOutcomeBadge({ interview, now }: { interview: Interview; now: number }) {
  if (interview.outcome === 'pending') {
    return new Date(interview.scheduled_at).getTime() > now ? (
      <Badge tone="brand">Upcoming</Badge>
    ) : (
      <Badge tone="amber">Outcome needed</Badge>
    );
  }
  return <Badge tone={OUTCOME_TONES[interview.outcome] ?? 'gray'}>{INTERVIEW_OUTCOME_LABELS[interview.outcome]}</Badge>;
}

export function InterviewsList({ interviews }: { interviews: readonly Interview[] }) {
  const format = useDateFormat();
  const now = Date.now();
  const sorted = [...interviews].sort((a, b) => b.scheduled_at.localeCompare(a.scheduled_at));
  return (
    <RecordsCard name="interviews" title="Interviews" empty="No interviews yet" items={sorted}>
      {(interview) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900 dark:text-white">{format.dateTime(interview.scheduled_at)}</span>
            <Badge tone={interview.kind === 'client' ? 'violet' : 'sky'}>
              {interview.kind === 'client' ? 'Client' : 'Internal'}
            </Badge>
            <InterviewOutcomeBadge interview={interview} now={now} />
          </div>
          <p className="text-gray-600 dark:text-gray-400">
            {interview.duration_minutes} min
            {interview.interviewer?.name || interview.interviewer_name
              ? ` · with ${interview.interviewer?.name ?? interview.interviewer_name}`
              : ''}
            {interview.location ? ` · ${interview.location}` : ''}
          </p>
          {interview.meeting_url ? (
            <a
              href={interview.meeting_url}
              target="_blank"
              rel="noreferrer noopener"
              className={`${textLinkClasses} break-all`}
            >
              {interview.meeting_url}
            </a>
          ) : null}
          {interview.feedback ? (
            <p className="whitespace-pre-line text-gray-700 dark:text-gray-300">{interview.feedback}</p>
          ) : null}
        </>
      )}
    </RecordsCard>
  );
}

export function SubmittalsList({
  submittals,
  currency,
}: {
  submittals: readonly Submittal[];
  currency?: string | undefined;
}) {
  const sorted = [...submittals].sort((a, b) => b.submitted_on.localeCompare(a.submitted_on) || b.id - a.id);
  return (
    <RecordsCard name="submittals" title="Submittals" empty="Not submitted to the client yet" items={sorted}>
      {(submittal) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900 dark:text-white">{formatDate(submittal.submitted_on)}</span>
            <Badge tone={OUTCOME_TONES[submittal.outcome] ?? 'gray'}>
              {SUBMITTAL_OUTCOME_LABELS[submittal.outcome]}
            </Badge>
          </div>
          <p className="text-gray-600 dark:text-gray-400">
            {submittal.submitted_by ? `By ${submittal.submitted_by.name}` : 'Submitted'}
            {submittal.proposed_salary != null ? ` · proposed ${money(submittal.proposed_salary, currency)}` : ''}
          </p>
          {submittal.note ? (
            <p className="whitespace-pre-line text-gray-700 dark:text-gray-300">{submittal.note}</p>
          ) : null}
        </>
      )}
    </RecordsCard>
  );
}

export function PlacementCard({ placement }: { placement: Placement }) {
  return (
    <Card role="region" aria-labelledby="pipeline-placement-title">
      <CardHeader titleId="pipeline-placement-title" title="Placement" />
      {/* The fee is absent for whoever may not see fees (decision 071): no block rather than $0. */}
      {placement.fee !== undefined ? (
        <div className="border-b border-gray-100 px-5 py-4 dark:border-white/5">
          <p className="text-xs text-gray-500 dark:text-gray-400">Fee</p>
          <p className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
            {formatMoney(placement.fee, placement.currency)}
          </p>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{placement.fee_explanation}</p>
        </div>
      ) : null}
      <DescriptionList
        items={[
          { label: 'Salary', value: formatMoney(placement.salary, placement.currency) },
          { label: 'Start date', value: formatDate(placement.start_date) },
          {
            label: 'Guarantee ends',
            value: placement.guarantee_end ? formatDate(placement.guarantee_end) : 'No guarantee period',
          },
          { label: 'Recorded by', value: placement.created_by?.name ?? '' },
        ]}
      />
    </Card>
  );
}
