// Over 400 lines: the candidate page's cards (contact, details, pipelines, interviews, delete), each short, on one candidate.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarClock, ExternalLink, GitBranch, Pencil, Trash2 } from 'lucide-react';
import type { Candidate } from '@recruitdesk/contracts/candidates';
import {
  INTERVIEW_OUTCOME_LABELS,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
} from '@recruitdesk/contracts/pipeline-constants';
import type { CandidateDetail, Interview } from '@recruitdesk/contracts/pipelines';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { DeleteRecordDialog } from '@/components/ui/delete-record-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { DateText } from '@/components/ui/time';
import { formatDate, formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useDeleteCandidateMutation } from '../api';
import { PersonalDataMenu, RestrictedBanner } from './personal-data';
import { CandidateStatusBadge, formatExperience, titleAtCompany } from './candidate-badges';
import { CandidateFormDialog } from './candidate-form-dialog';
import { ResumeCard } from './resume-card';

const linkClass = 'text-brand-600 hover:underline dark:text-brand-400';

/** A web address as a link that opens in a new tab ('' when there is none). */
function externalLink(url: string) {
  if (!url) return '';
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
      <span className="break-all">{url.replace(/^https?:\/\/(www\.)?/, '')}</span>
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export function CandidateContactCard({ candidate }: { candidate: Candidate }) {
  return (
    <SectionCard id="candidate-contact" title="Contact" flush>
      <DescriptionList
        items={[
          {
            label: 'Email',
            value: candidate.email ? (
              <a href={`mailto:${candidate.email}`} className={linkClass}>
                {candidate.email}
              </a>
            ) : (
              ''
            ),
          },
          {
            label: 'Phone',
            value: candidate.phone ? (
              <a href={`tel:${candidate.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                {candidate.phone}
              </a>
            ) : (
              ''
            ),
          },
          { label: 'Location', value: candidate.location },
          { label: 'LinkedIn', value: externalLink(candidate.linkedin_url) },
          { label: 'GitHub', value: externalLink(candidate.github_url) },
          { label: 'Portfolio', value: externalLink(candidate.portfolio_url) },
        ]}
      />
    </SectionCard>
  );
}

export function CandidateDetailsCard({ candidate }: { candidate: Candidate }) {
  return (
    <SectionCard id="candidate-details" title="Profile" flush>
      <DescriptionList
        items={[
          {
            label: 'Skills',
            value: candidate.skills.length ? (
              <ul className="flex flex-wrap gap-1">
                {candidate.skills.map((skill) => (
                  <li key={skill}>
                    <Badge tone="sky">{skill}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              ''
            ),
          },
          { label: 'Experience', value: formatExperience(candidate.years_experience) },
          {
            label: 'Desired salary',
            value:
              candidate.desired_salary === null
                ? ''
                : formatMoney(candidate.desired_salary, candidate.desired_salary_currency),
          },
          { label: 'Source', value: candidate.source },
          { label: 'Consent date', value: candidate.consent_date ? formatDate(candidate.consent_date) : '' },
          { label: 'Added', value: <DateText value={candidate.created_at} /> },
          { label: 'Last updated', value: <DateText value={candidate.updated_at} /> },
        ]}
      />
    </SectionCard>
  );
}

const STAGE_TONES: Record<string, BadgeTone> = {
  sourced: 'gray',
  internal_interview: 'sky',
  submit_pending: 'amber',
  submitted: 'violet',
  client_interview: 'violet',
  offer: 'brand',
  placed: 'green',
};

/** 'In 3 roles: 1 open, 1 placed, 1 closed' — a placement is neither open nor closed. */
export function pipelinesSummary(
  pipelines: readonly Pick<CandidateDetail['pipelines'][number], 'state' | 'stage'>[],
): string {
  const placed = pipelines.filter((p) => p.state === 'open' && p.stage.name === 'placed').length;
  const open = pipelines.filter((p) => p.state === 'open').length - placed;
  const closed = pipelines.length - open - placed;
  const parts = [`${open} open`, placed ? `${placed} placed` : '', closed ? `${closed} closed` : ''].filter(Boolean);
  return `In ${pipelines.length} ${pipelines.length === 1 ? 'role' : 'roles'}: ${parts.join(', ')}`;
}

/** Every role this candidate is in: role (linked), client, stage, state and when the stage last changed. */
export function CandidatePipelinesCard({ candidate, action }: { candidate: CandidateDetail; action?: ReactNode }) {
  const pipelines = candidate.pipelines;
  return (
    <SectionCard
      id="candidate-pipelines"
      title="Pipelines"
      description={pipelines.length ? pipelinesSummary(pipelines) : undefined}
      action={action}
      flush
    >
      {pipelines.length === 0 ? (
        <EmptyState
          icon={GitBranch}
          title="Not in any pipeline"
          description="Roles this candidate is put forward for show up here."
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={`Pipelines of ${candidate.name}`}>
          {pipelines.map((pipeline) => (
            <li
              key={pipeline.id}
              className="flex flex-col gap-2 px-5 py-3.5 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <Link
                  to={paths.app.roleCandidate.getHref(pipeline.role.id, candidate.id)}
                  className="block truncate text-sm font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
                >
                  {pipeline.role.name}
                </Link>
                <p className="text-xs text-gray-500 dark:text-gray-400">
                  <Link to={paths.app.client.getHref(pipeline.role.client.id)} className="hover:underline">
                    {pipeline.role.client.name}
                  </Link>
                  {' · '}
                  <span>
                    In stage since <DateText value={pipeline.stage_changed_at} />
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <Badge tone={pipeline.state === 'closed' ? 'gray' : (STAGE_TONES[pipeline.stage.name] ?? 'gray')}>
                  {PIPELINE_STAGE_LABELS[pipeline.stage.name]}
                </Badge>
                {pipeline.state === 'closed' ? (
                  <Badge tone="red">
                    Closed{pipeline.close_reason ? ` · ${PIPELINE_CLOSE_REASON_LABELS[pipeline.close_reason]}` : ''}
                  </Badge>
                ) : pipeline.stage.name === 'placed' ? null : (
                  <Badge tone="green">Open</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const OUTCOME_TONES: Record<Interview['outcome'], BadgeTone> = {
  pending: 'amber',
  passed: 'green',
  failed: 'red',
  rejected: 'red',
  no_show: 'red',
  rescheduled: 'gray',
  cancelled: 'gray',
};

/**
 * Upcoming: still pending and in the future (soonest first). Awaiting an outcome: pending but already
 * past (oldest first). Past: held, with an outcome (latest first). Already resolved: set for a later date
 * but with an outcome already (cancelled, rescheduled, rejected before it), soonest first: neither
 * upcoming nor past (issue 29 item l).
 */
export function orderInterviews(interviews: Interview[], now: Date = new Date()) {
  const at = (interview: Interview) => new Date(interview.scheduled_at).getTime();
  const pending = interviews.filter((i) => i.outcome === 'pending');
  const upcoming = pending.filter((i) => at(i) >= now.getTime()).sort((a, b) => at(a) - at(b));
  const awaiting = pending.filter((i) => at(i) < now.getTime()).sort((a, b) => at(a) - at(b));
  const resolved = interviews.filter((i) => i.outcome !== 'pending');
  const past = resolved.filter((i) => at(i) < now.getTime()).sort((a, b) => at(b) - at(a));
  const resolvedEarly = resolved.filter((i) => at(i) >= now.getTime()).sort((a, b) => at(a) - at(b));
  return { upcoming, awaiting, past, resolvedEarly };
}

function InterviewRow({ interview }: { interview: Interview }) {
  const interviewer = interview.interviewer?.name || interview.interviewer_name;
  return (
    <li className="flex flex-col gap-1.5 px-5 py-3.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium text-gray-900 dark:text-white">
          {interview.kind === 'client' ? 'Client interview' : 'Internal interview'}
          <span className="font-normal text-gray-500 dark:text-gray-400"> · {interview.role.name}</span>
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <DateText value={interview.scheduled_at} withTime />
          <span className="text-gray-500 dark:text-gray-400"> · {interview.duration_minutes} min</span>
        </p>
        {interview.location || interview.meeting_url ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {interview.location}
            {interview.location && interview.meeting_url ? ' · ' : ''}
            {interview.meeting_url ? (
              <a href={interview.meeting_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                Meeting link<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </p>
        ) : null}
        {interviewer ? <p className="text-xs text-gray-500 dark:text-gray-400">With {interviewer}</p> : null}
      </div>
      <Badge tone={OUTCOME_TONES[interview.outcome]} className="self-start">
        {interview.outcome === 'pending' && new Date(interview.scheduled_at).getTime() < Date.now()
          ? 'Outcome needed'
          : INTERVIEW_OUTCOME_LABELS[interview.outcome]}
      </Badge>
    </li>
  );
}

export function CandidateInterviewsCard({ interviews }: { interviews: Interview[] }) {
  const { upcoming, awaiting, past, resolvedEarly } = orderInterviews(interviews);
  const group = (title: string, items: Interview[]) =>
    items.length ? (
      <div>
        <h3 className="bg-gray-50/80 px-5 py-2 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:bg-white/[0.02] dark:text-gray-400">
          {title}
        </h3>
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={`${title} interviews`}>
          {items.map((interview) => (
            <InterviewRow key={interview.id} interview={interview} />
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <SectionCard id="candidate-interviews" title="Interviews" flush>
      {interviews.length === 0 ? (
        <EmptyState
          icon={CalendarClock}
          title="No interviews"
          description="Interviews booked in this candidate’s pipelines show up here."
        />
      ) : (
        <>
          {group('Upcoming', upcoming)}
          {group('Awaiting outcome', awaiting)}
          {group('Already resolved', resolvedEarly)}
          {group('Past', past)}
        </>
      )}
    </SectionCard>
  );
}

/** 'Delete {name}?' — removes the candidate for good. */
export function DeleteCandidateDialog({
  candidate,
  open,
  onClose,
  onDeleted,
}: {
  candidate: Pick<Candidate, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [remove, { isLoading, error, reset }] = useDeleteCandidateMutation();
  return (
    <DeleteRecordDialog
      name={candidate.name}
      description={`${candidate.name}, their resume, pipelines, interviews and notes are removed for good.`}
      confirmLabel="Delete candidate"
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      remove={() => remove(candidate.id)}
      pending={isLoading}
      error={error}
      resetError={reset}
    />
  );
}

/**
 * The candidate page's body. The app layer passes what other features provide: an action for the
 * pipelines card (e.g. 'Add to role'), the notes panel and the recent activity.
 */
export function CandidateProfile({
  candidate,
  canEdit,
  canManagePersonalData = false,
  onDeleted,
  pipelinesAction,
  notes,
  activity,
  before,
}: {
  candidate: CandidateDetail;
  canEdit: boolean;
  /** Owners: the "Personal data" menu (download, restrict, erase: issue 34). */
  canManagePersonalData?: boolean;
  onDeleted: () => void;
  pipelinesAction?: ReactNode;
  notes?: ReactNode;
  activity?: ReactNode;
  /** Above the header (a back link). */
  before?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const role = titleAtCompany(candidate);

  return (
    <div className="space-y-6">
      {before}
      <PageHeader
        title={candidate.name}
        meta={<CandidateStatusBadge status={candidate.status} />}
        description={role || undefined}
        actions={
          canEdit || canManagePersonalData ? (
            <>
              {canManagePersonalData ? <PersonalDataMenu candidate={candidate} onErased={onDeleted} /> : null}
              {canEdit ? (
                <>
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit candidate
                  </Button>
                  <Button variant="ghost" onClick={() => setDeleting(true)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete candidate
                  </Button>
                </>
              ) : null}
            </>
          ) : null
        }
      />
      <RestrictedBanner candidate={candidate} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ResumeCard candidate={candidate} canEdit={canEdit} />
          <CandidatePipelinesCard candidate={candidate} action={pipelinesAction} />
          <CandidateInterviewsCard interviews={candidate.interviews} />
          {notes}
        </div>
        <div className="min-w-0 space-y-6">
          <CandidateContactCard candidate={candidate} />
          <CandidateDetailsCard candidate={candidate} />
          {activity}
        </div>
      </div>
      {canEdit ? (
        <>
          <CandidateFormDialog
            open={editing}
            candidate={candidate}
            onClose={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              dispatch(notifySuccess(`${saved.name} was saved.`));
            }}
          />
          <DeleteCandidateDialog
            candidate={candidate}
            open={deleting}
            onClose={() => setDeleting(false)}
            onDeleted={onDeleted}
          />
        </>
      ) : null}
    </div>
  );
}
