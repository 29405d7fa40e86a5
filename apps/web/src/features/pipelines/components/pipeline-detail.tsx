import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  CalendarPlus,
  ClipboardCheck,
  Hourglass,
  MessageSquareText,
  RotateCcw,
  Send,
  StickyNote,
  Trash2,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import {
  INTERVIEW_OUTCOME_LABELS,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
  type Interview,
  type Placement,
  type PipelineDetail,
  type PipelineEvent,
  type Submittal,
} from '@recruitdesk/contracts/pipelines';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { textLinkClasses } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  humanize,
} from '@/lib/format';
import { stageActions, STAGE_ACTION_LABELS, type StageAction } from '../board-logic';
import {
  BookInterviewDialog,
  ClientOutcomeDialog,
  ClosePipelineDialog,
  InterviewOutcomeDialog,
  SubmitPendingDialog,
  SubmittalDialog,
} from './action-dialogs';
import { DeletePipelineDialog, useReopen } from './card-dialogs';
import { PlacementResultDialog } from './placement-dialog';
import { StageBadges, StageProgress } from './stage-progress';

/** Money in the role's currency when known, else a plain number. */
function money(value: number | null | undefined, currency: string | undefined) {
  if (value == null) return '';
  return currency ? formatMoney(value, currency) : value.toLocaleString();
}

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
};

function eventDetail(detail: string): string {
  if (!detail) return '';
  if (detail in PIPELINE_CLOSE_REASON_LABELS)
    return PIPELINE_CLOSE_REASON_LABELS[detail as keyof typeof PIPELINE_CLOSE_REASON_LABELS];
  if (detail in INTERVIEW_OUTCOME_LABELS)
    return INTERVIEW_OUTCOME_LABELS[detail as keyof typeof INTERVIEW_OUTCOME_LABELS];
  return /^[a-z_]+$/.test(detail) ? humanize(detail) : detail;
}

const OUTCOME_TONES: Record<string, BadgeTone> = {
  pending: 'amber',
  passed: 'green',
  failed: 'red',
  no_show: 'red',
  cancelled: 'gray',
  client_interview: 'sky',
  rejected: 'red',
  offer: 'violet',
  placed: 'green',
};

const SUBMITTAL_OUTCOME_LABELS: Record<Submittal['outcome'], string> = {
  pending: 'Waiting for the client',
  client_interview: 'Client interview',
  rejected: 'Rejected',
  offer: 'Offer',
  placed: 'Placed',
};

/** The page header: the candidate, the role and client, the stage; Notes, Close/Reopen and Delete. */
export function PipelineHeader({
  detail,
  canEdit,
  notesHref,
  onDeleted,
}: {
  detail: PipelineDetail;
  canEdit: boolean;
  notesHref: string;
  onDeleted: () => void;
}) {
  const { pipeline, role, candidate } = detail;
  const [dialog, setDialog] = useState<'close' | 'delete' | null>(null);
  const [reopen, { isLoading: reopening }] = useReopen();
  const job = [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ ');
  return (
    <>
      <PageHeader
        title={candidate.name}
        meta={<StageBadges pipeline={pipeline} />}
        description={
          <>
            {job ? `${job} · ` : ''}
            <Link
              to={paths.app.role.getHref(role.id)}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {role.name}
            </Link>
            {' at '}
            <Link
              to={paths.app.client.getHref(role.client.id)}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {role.client.name}
            </Link>
          </>
        }
        actions={
          <>
            <Link to={notesHref} className={buttonClasses('secondary')}>
              <StickyNote aria-hidden="true" className="size-4" />
              Notes ({detail.notes_count})
            </Link>
            {canEdit ? (
              <>
                {pipeline.state === 'closed' ? (
                  <Button loading={reopening} onClick={() => void reopen(pipeline)}>
                    {reopening ? null : <RotateCcw aria-hidden="true" className="size-4" />}
                    Reopen
                  </Button>
                ) : pipeline.stage.name !== 'placed' ? (
                  <Button variant="secondary" onClick={() => setDialog('close')}>
                    <XCircle aria-hidden="true" className="size-4" />
                    Close…
                  </Button>
                ) : null}
                {pipeline.stage.name !== 'placed' ? (
                  <Button
                    variant="secondary"
                    onClick={() => setDialog('delete')}
                    aria-label="Delete pipeline"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      {dialog === 'close' ? (
        <ClosePipelineDialog pipeline={pipeline} open onClose={() => setDialog(null)} />
      ) : null}
      <DeletePipelineDialog
        pipeline={pipeline}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={onDeleted}
      />
    </>
  );
}

const ACTION_ICONS: Record<StageAction, LucideIcon> = {
  'book-interview': CalendarPlus,
  'interview-outcome': ClipboardCheck,
  'submit-pending': Hourglass,
  submittal: Send,
  'client-outcome': MessageSquareText,
};

/** The actions open at the current stage, each opening its dialog. */
export function NextSteps({ detail, canEdit }: { detail: PipelineDetail; canEdit: boolean }) {
  const { pipeline } = detail;
  const [open, setOpen] = useState<StageAction | null>(null);
  const [placed, setPlaced] = useState<{
    placement: Placement | null;
    offerCloseRole: boolean;
  } | null>(null);
  const [reopen, { isLoading: reopening }] = useReopen();
  const actions = canEdit ? stageActions(pipeline, detail.interviews) : [];
  const close = () => setOpen(null);
  let body: ReactNode;
  if (pipeline.state === 'closed') {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          This pipeline is closed. Reopen it to continue.
        </p>
        {canEdit ? (
          <Button size="sm" loading={reopening} onClick={() => void reopen(pipeline)}>
            Reopen
          </Button>
        ) : null}
      </div>
    );
  } else if (pipeline.stage.name === 'placed') {
    body = (
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Placed. Nothing more to do in this pipeline.
      </p>
    );
  } else if (actions.length === 0) {
    body = <p className="text-sm text-gray-600 dark:text-gray-400">No actions available to you.</p>;
  } else {
    body = (
      <div className="flex flex-wrap gap-2">
        {actions.map((action, index) => {
          const Icon = ACTION_ICONS[action];
          return (
            <Button
              key={action}
              variant={index === 0 ? 'primary' : 'secondary'}
              onClick={() => setOpen(action)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {STAGE_ACTION_LABELS[action]}
            </Button>
          );
        })}
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby={`next-steps-${pipeline.id}`}>
      <CardHeader
        titleId={`next-steps-${pipeline.id}`}
        title="Stage"
        description={`In ${PIPELINE_STAGE_LABELS[pipeline.stage.name]} since ${formatDate(pipeline.stage_changed_at)}.`}
      />
      <div className="space-y-5 px-5 py-5">
        <StageProgress pipeline={pipeline} />
        {body}
      </div>
      {open === 'book-interview' ? (
        <BookInterviewDialog pipeline={pipeline} open onClose={close} />
      ) : null}
      {open === 'interview-outcome' ? (
        <InterviewOutcomeDialog
          pipeline={pipeline}
          interviews={detail.interviews}
          open
          onClose={close}
        />
      ) : null}
      {open === 'submit-pending' ? (
        <SubmitPendingDialog pipeline={pipeline} open onClose={close} />
      ) : null}
      {open === 'submittal' ? <SubmittalDialog pipeline={pipeline} open onClose={close} /> : null}
      {open === 'client-outcome' ? (
        <ClientOutcomeDialog
          pipeline={pipeline}
          submittals={detail.submittals}
          open
          onClose={close}
          onPlaced={(placement, offerCloseRole) => setPlaced({ placement, offerCloseRole })}
        />
      ) : null}
      <PlacementResultDialog
        name={detail.candidate.name}
        roleId={pipeline.role_id}
        result={placed}
        open={Boolean(placed)}
        onClose={() => setPlaced(null)}
      />
    </Card>
  );
}

/** Every event: who, when, from → to, and the detail. */
export function HistoryTimeline({ events }: { events: readonly PipelineEvent[] }) {
  const sorted = [...events].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  );
  return (
    <Card role="region" aria-labelledby="pipeline-history-title">
      <CardHeader titleId="pipeline-history-title" title="History" />
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
                    {eventDetail(event.detail)}
                  </p>
                ) : null}
                <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
                  {event.actor?.name ?? 'System'} ·{' '}
                  <time dateTime={event.created_at} title={formatDateTime(event.created_at)}>
                    {formatRelativeTime(event.created_at)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function InterviewsList({ interviews }: { interviews: readonly Interview[] }) {
  const sorted = [...interviews].sort((a, b) => b.scheduled_at.localeCompare(a.scheduled_at));
  return (
    <Card role="region" aria-labelledby="pipeline-interviews-title">
      <CardHeader titleId="pipeline-interviews-title" title="Interviews" />
      {sorted.length === 0 ? (
        <EmptyState title="No interviews yet" />
      ) : (
        <ul aria-label="Interviews" className="divide-y divide-gray-100 dark:divide-white/5">
          {sorted.map((interview) => (
            <li key={interview.id} className="space-y-1 px-5 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900 dark:text-white">
                  {formatDateTime(interview.scheduled_at)}
                </span>
                <Badge tone={interview.kind === 'client' ? 'violet' : 'sky'}>
                  {interview.kind === 'client' ? 'Client' : 'Internal'}
                </Badge>
                <Badge tone={OUTCOME_TONES[interview.outcome] ?? 'gray'}>
                  {INTERVIEW_OUTCOME_LABELS[interview.outcome]}
                </Badge>
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
                <p className="whitespace-pre-line text-gray-700 dark:text-gray-300">
                  {interview.feedback}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SubmittalsList({
  submittals,
  currency,
}: {
  submittals: readonly Submittal[];
  currency?: string | undefined;
}) {
  const sorted = [...submittals].sort(
    (a, b) => b.submitted_on.localeCompare(a.submitted_on) || b.id - a.id,
  );
  return (
    <Card role="region" aria-labelledby="pipeline-submittals-title">
      <CardHeader titleId="pipeline-submittals-title" title="Submittals" />
      {sorted.length === 0 ? (
        <EmptyState title="Not submitted to the client yet" />
      ) : (
        <ul aria-label="Submittals" className="divide-y divide-gray-100 dark:divide-white/5">
          {sorted.map((submittal) => (
            <li key={submittal.id} className="space-y-1 px-5 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900 dark:text-white">
                  {formatDate(submittal.submitted_on)}
                </span>
                <Badge tone={OUTCOME_TONES[submittal.outcome] ?? 'gray'}>
                  {SUBMITTAL_OUTCOME_LABELS[submittal.outcome]}
                </Badge>
              </div>
              <p className="text-gray-600 dark:text-gray-400">
                {submittal.submitted_by ? `By ${submittal.submitted_by.name}` : 'Submitted'}
                {submittal.proposed_salary != null
                  ? ` · proposed ${money(submittal.proposed_salary, currency)}`
                  : ''}
              </p>
              {submittal.note ? (
                <p className="whitespace-pre-line text-gray-700 dark:text-gray-300">
                  {submittal.note}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function PlacementCard({ placement }: { placement: Placement }) {
  return (
    <Card role="region" aria-labelledby="pipeline-placement-title">
      <CardHeader titleId="pipeline-placement-title" title="Placement" />
      <div className="border-b border-gray-100 px-5 py-4 dark:border-white/5">
        <p className="text-xs text-gray-500 dark:text-gray-400">Fee</p>
        <p className="text-2xl font-semibold text-gray-900 tabular-nums dark:text-white">
          {formatMoney(placement.fee, placement.currency)}
        </p>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{placement.fee_explanation}</p>
      </div>
      <DescriptionList
        items={[
          { label: 'Salary', value: formatMoney(placement.salary, placement.currency) },
          { label: 'Start date', value: formatDate(placement.start_date) },
          {
            label: 'Guarantee ends',
            value: placement.guarantee_end
              ? formatDate(placement.guarantee_end)
              : 'No guarantee period',
          },
          { label: 'Recorded by', value: placement.created_by?.name ?? '' },
        ]}
      />
    </Card>
  );
}

/** Stage and next steps, history, interviews, submittals, the placement; `aside` adds cards on the right. */
export function PipelineSections({
  detail,
  canEdit,
  currency,
  aside,
}: {
  detail: PipelineDetail;
  canEdit: boolean;
  currency?: string | undefined;
  aside?: ReactNode;
}) {
  const cur = currency ?? detail.placement?.currency;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <NextSteps detail={detail} canEdit={canEdit} />
        {detail.placement ? <PlacementCard placement={detail.placement} /> : null}
        <InterviewsList interviews={detail.interviews} />
        <SubmittalsList submittals={detail.submittals} currency={cur} />
        <HistoryTimeline events={detail.events} />
      </div>
      <div className="space-y-6">{aside}</div>
    </div>
  );
}

/** The candidate's contact and essentials, with a link to the full record. */
export function CandidateEssentialsCard({
  candidate,
  title = 'Candidate',
}: {
  candidate: PipelineDetail['candidate'];
  title?: string;
}) {
  return (
    <Card role="region" aria-labelledby={`candidate-essentials-${candidate.id}`}>
      <CardHeader
        titleId={`candidate-essentials-${candidate.id}`}
        title={title}
        action={
          <Link
            to={paths.app.candidate.getHref(candidate.id)}
            className={`${textLinkClasses} text-sm`}
          >
            Full profile
          </Link>
        }
      />
      <DescriptionList
        items={[
          {
            label: 'Email',
            value: candidate.email ? (
              <a
                href={`mailto:${candidate.email}`}
                className="text-brand-600 hover:underline dark:text-brand-400"
              >
                {candidate.email}
              </a>
            ) : (
              ''
            ),
          },
          { label: 'Phone', value: candidate.phone },
          { label: 'Location', value: candidate.location },
          {
            label: 'Current role',
            value: [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ '),
          },
          {
            label: 'Experience',
            value: candidate.years_experience == null ? '' : `${candidate.years_experience} years`,
          },
          {
            label: 'Skills',
            value: candidate.skills.length ? (
              <span className="flex flex-wrap gap-1">
                {candidate.skills.map((skill) => (
                  <Badge key={skill}>{skill}</Badge>
                ))}
              </span>
            ) : (
              ''
            ),
          },
        ]}
      />
    </Card>
  );
}
