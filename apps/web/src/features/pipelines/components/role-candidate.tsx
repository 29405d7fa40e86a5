import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, StickyNote, UserPlus, UserRound } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreatePipelineMutation, useGetRoleCandidateDetailQuery } from '../api';
import { CandidateEssentialsCard, PipelineSections } from './pipeline-detail';
import { StageBadges } from './stage-progress';

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
  const { data, error, isLoading, isFetching, refetch } = useGetRoleCandidateDetailQuery({
    candidateId,
    roleId,
  });
  const [create, { isLoading: adding, error: addError }] = useCreatePipelineMutation();
  if (isLoading) return <LoadingScreen />;
  if (error || !data) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return (
      <Card>
        {notFound ? (
          <EmptyState
            icon={UserRound}
            title="This candidate does not exist"
            description="They may have been deleted."
          />
        ) : (
          <QueryError
            title="Could not load this candidate"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        )}
      </Card>
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
                <Link
                  to={paths.app.role.getHref(roleId)}
                  className="font-medium text-brand-600 hover:underline dark:text-brand-400"
                >
                  {roleName}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            <Link
              to={paths.app.roleCandidateNotes.getHref(roleId, candidate.id)}
              className={buttonClasses('secondary')}
            >
              <StickyNote aria-hidden="true" className="size-4" />
              Notes ({candidate.notes_count})
            </Link>
            <Link
              to={paths.app.candidate.getHref(candidate.id)}
              className={buttonClasses('secondary')}
            >
              <UserRound aria-hidden="true" className="size-4" />
              Full candidate
            </Link>
            {detail ? (
              <Link
                to={paths.app.pipeline.getHref(roleId, detail.pipeline.id)}
                className={buttonClasses('secondary')}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Pipeline page
              </Link>
            ) : null}
          </>
        }
      />
      {detail ? (
        <PipelineSections
          detail={detail}
          canEdit={canEdit}
          currency={currency}
          aside={
            <>
              <CandidateEssentialsCard candidate={detail.candidate} />
              {aside}
            </>
          }
        />
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
                        if (!result.error)
                          dispatch(
                            notifySuccess(
                              `${candidate.name} was added to ${roleName ?? 'the role'}.`,
                            ),
                          );
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
