import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, StickyNote, UserPlus, UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { RecordError } from '@/components/ui/record-error';
import { RecordLink } from '@/components/ui/record-link';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useGetCandidateDetailQuery } from '@/api/candidates';
import { CandidateEssentialsCard, PipelineSections } from './pipeline-detail';
import { StageBadges } from './stage-progress';
import { StatusWarning, useCreatePipelineConfirmed } from './status-confirm';

/**
 * /roles/{roleId}/candidates/{candidateId}: the candidate's essentials and their pipeline in this role,
 * or "Not in this role's pipeline" with "Add to this role".
 */
export function RoleCandidateView({
  roleId,
  candidateId,
  role,
  canEdit,
  currency,
  aside,
}: {
  roleId: number;
  candidateId: number;
  role?: { name: string; state: string } | undefined;
  canEdit: boolean;
  currency?: string | undefined;
  aside?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, isFetching, refetch } = useGetCandidateDetailQuery({
    id: candidateId,
    roleId,
  });
  const { run: create, saving: adding, error: addError, dialog } = useCreatePipelineConfirmed();
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <RecordError
        icon={UserRound}
        what="candidate"
        notFoundHint="They may have been deleted."
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  const { candidate } = data;
  const detail = candidate.pipeline;
  const job = [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ ');
  const roleName = detail?.role.name ?? role?.name;
  return (
    <div className="space-y-6">
      <PageHeader
        title={candidate.name}
        meta={detail ? <StageBadges pipeline={detail.pipeline} /> : null}
        description={
          <>
            {job}
            {job && roleName ? ' · ' : ''}
            {roleName ? (
              <>
                {'for '}
                <RecordLink to={paths.app.role.getHref(roleId)}>{roleName}</RecordLink>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <Link to={paths.app.notes.getHref('candidate', candidate.id)} className={buttonClasses('secondary')}>
              <StickyNote aria-hidden="true" className="size-4" />
              Notes ({candidate.notes_count})
            </Link>
            <Link to={paths.app.candidate.getHref(candidate.id)} className={buttonClasses('secondary')}>
              <UserRound aria-hidden="true" className="size-4" />
              Full candidate
            </Link>
            {detail ? (
              <Link to={paths.app.pipeline.getHref(roleId, detail.pipeline.id)} className={buttonClasses('secondary')}>
                <ExternalLink aria-hidden="true" className="size-4" />
                Pipeline page
              </Link>
            ) : null}
          </>
        }
      />
      {detail ? (
        <PipelineSections detail={detail} canEdit={canEdit} currency={currency} aside={aside} />
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            <Card>
              <EmptyState
                icon={UserPlus}
                title="Not in this role's pipeline"
                description={`${candidate.name} has not been added to ${roleName ?? 'this role'}.`}
                action={
                  canEdit && role?.state !== 'closed' ? (
                    <Button
                      loading={adding}
                      onClick={async () => {
                        const result = await create({
                          roleId,
                          body: { candidate_id: candidate.id },
                        });
                        if (result?.data)
                          dispatch(notifySuccess(`${candidate.name} was added to ${roleName ?? 'the role'}.`));
                      }}
                    >
                      {adding ? null : <UserPlus aria-hidden="true" className="size-4" />}
                      Add to this role
                    </Button>
                  ) : undefined
                }
              />
            </Card>
            {addError ? <Alert>{errorMessage(addError)}</Alert> : null}
            <StatusWarning name={candidate.name} status={candidate.status} />
            {dialog}
          </div>
          <div className="space-y-6">
            <CandidateEssentialsCard candidate={candidate} />
            {aside}
          </div>
        </div>
      )}
    </div>
  );
}
