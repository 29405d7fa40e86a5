import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PipelineDetail } from '@recruitdesk/contracts/pipelines';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { textLinkClasses } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { NextSteps } from './next-steps';
import { HistoryTimeline } from './pipeline-history';
import { InterviewsList, PlacementCard, SubmittalsList } from './pipeline-records';

/**
 * Stage and next steps, history, interviews, submittals, the placement; on the right the candidate's
 * essentials, then `aside`'s cards.
 */
export function PipelineSections({
  detail,
  canEdit,
  currency,
  aside,
  beside,
}: {
  detail: PipelineDetail;
  canEdit: boolean;
  currency?: string | undefined;
  aside?: ReactNode;
  /** Cards in the main column after the interviews (the scheduling card). */
  beside?: ReactNode;
}) {
  const cur = currency ?? detail.role.salary_currency;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <NextSteps detail={detail} canEdit={canEdit} />
        {detail.placement ? <PlacementCard placement={detail.placement} /> : null}
        <InterviewsList interviews={detail.interviews} />
        {beside}
        <SubmittalsList submittals={detail.submittals} currency={cur} />
        <HistoryTimeline events={detail.events} total={detail.events_total} />
      </div>
      <div className="space-y-6">
        <CandidateEssentialsCard candidate={detail.candidate} />
        {aside}
      </div>
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
          <Link to={paths.app.candidate.getHref(candidate.id)} className={`${textLinkClasses} text-sm`}>
            Full profile
          </Link>
        }
      />
      <DescriptionList
        items={[
          {
            label: 'Email',
            value: candidate.email ? (
              <a href={`mailto:${candidate.email}`} className="text-brand-600 hover:underline dark:text-brand-400">
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
