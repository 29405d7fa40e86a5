import { useCallback, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { KanbanSquare, UserRound } from 'lucide-react';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { paths } from '@/config/paths';
import { AddCandidatePage } from '@/features/pipelines/components/add-candidate';
import { CloseRoleProvider } from '@/features/pipelines/components/close-role-context';
import { PipelineBoardPage } from '@/features/pipelines/components/pipeline-board';
import { NewApplicationsBadge } from '@/features/roles/components/role-badges';
import { PipelineDetailPage } from '@/features/pipelines/components/pipeline-page';
import { RoleCandidateView } from '@/features/pipelines/components/role-candidate';
import { useGetPipelineFormDataQuery, useGetPipelineQuery } from '@/features/pipelines/api';
import { selectUser } from '@/features/auth/auth-slice';
import { SchedulingCard } from '@/features/scheduling/components/scheduling-card';
import { useAppSelector } from '@/lib/hooks';
import { PipelineEmailsCard } from '@/features/messages/components/pipeline-emails-card';
import { useCloseRoleMutation, useGetRoleQuery } from '@/features/roles/api';
import { errorMessage } from '@/lib/base-api';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';
import { RecordNotes } from './record-notes';

// The pipeline screens combine the pipelines feature with the role (header, breadcrumbs, currency, closing
// it once every opening is filled) and the notes panel. This module is a lazy chunk: dnd-kit loads with it.

/** Closing the role as filled (offered after a placement fills every opening) goes through the roles API. */
function WithCloseRole({ children }: { children: ReactNode }) {
  const [closeRole] = useCloseRoleMutation();
  const close = useCallback(
    async (roleId: number) => {
      const result = await closeRole({ id: roleId, body: { reason: 'filled', note: '' } });
      return result.error ? errorMessage(result.error) : null;
    },
    [closeRole],
  );
  return <CloseRoleProvider closeRole={close}>{children}</CloseRoleProvider>;
}

/** The role of the path, loaded (it names the page and the breadcrumbs). */
function useRole(roleId: number | null) {
  return useGetRoleQuery(roleId ?? 0, { skip: !roleId });
}

/** /roles/{roleId}/pipelines */
export function PipelineBoardRoute() {
  const roleId = idParam(useParams().roleId);
  const editable = useCanEdit();
  const { data, error, isLoading, isFetching, refetch } = useRole(roleId);
  if (!roleId) return <RecordError icon={KanbanSquare} what="role" error={null} />;
  if (isLoading) return <PageSkeleton variant="board" />;
  if (error || !data)
    return (
      <RecordError icon={KanbanSquare} what="role" error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  return (
    <WithCloseRole>
      <PipelineBoardPage
        key={roleId}
        role={data.role}
        canEdit={editable}
        badges={<NewApplicationsBadge role={data.role} className="" />}
      />
    </WithCloseRole>
  );
}

/** /roles/{roleId}/pipelines/create */
export function PipelineCreateRoute() {
  const roleId = idParam(useParams().roleId);
  const { data, error, isLoading, isFetching, refetch } = useRole(roleId);
  if (!roleId) return <RecordError icon={KanbanSquare} what="role" error={null} />;
  if (isLoading) return <PageSkeleton variant="form" />;
  if (error || !data)
    return (
      <RecordError icon={KanbanSquare} what="role" error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-3xl">
        <BackLink to={paths.app.pipelines.getHref(roleId)}>Back to the board</BackLink>
      </div>
      <AddCandidatePage key={roleId} role={data.role} />
    </div>
  );
}

/** The pipeline's emails (issue 33), beside its notes: the pipeline and its role come from the cache. */
function PipelineEmails({ pipelineId, canSend }: { pipelineId: number; canSend: boolean }) {
  const { data } = useGetPipelineQuery(pipelineId);
  const detail = data?.data;
  const { data: role } = useGetRoleQuery(detail?.role.id ?? 0, { skip: !detail });
  if (!detail) return null;
  const { candidate, pipeline } = detail;
  return (
    <PipelineEmailsCard
      pipelineId={pipelineId}
      stage={pipeline.stage.name}
      open={pipeline.state !== 'closed'}
      canSend={canSend}
      candidate={{
        id: candidate.id,
        name: candidate.name,
        email: candidate.email,
        hasResume: Boolean(candidate.resume),
      }}
      role={{
        id: detail.role.id,
        name: detail.role.name,
        clientId: detail.role.client.id,
        clientName: detail.role.client.name,
        hiringManagerId: role?.role.hiring_manager?.id,
      }}
    />
  );
}

/** Interview scheduling (issue 35): the pipeline, the interviewers and the role's hiring manager from the cache. */
function PipelineScheduling({ pipelineId, canEdit }: { pipelineId: number; canEdit: boolean }) {
  const { data } = useGetPipelineQuery(pipelineId);
  const detail = data?.data;
  const user = useAppSelector(selectUser);
  const formData = useGetPipelineFormDataQuery(undefined, { skip: !canEdit });
  const { data: role } = useGetRoleQuery(detail?.role.id ?? 0, { skip: !detail });
  if (!detail) return null;
  return (
    <SchedulingCard
      pipelineId={pipelineId}
      stage={detail.pipeline.stage.name}
      open={detail.pipeline.state !== 'closed'}
      canEdit={canEdit}
      interviewers={formData.data?.interviewers ?? []}
      currentUserId={user?.id}
      timeZone={user?.time_zone}
      hiringManagerName={role?.role.hiring_manager?.name}
    />
  );
}

/** /roles/{roleId}/pipelines/{pipelineId} */
export function PipelineDetailRoute() {
  const params = useParams();
  const roleId = idParam(params.roleId);
  const pipelineId = idParam(params.pipelineId);
  const editable = useCanEdit();
  const { data: role } = useRole(roleId);
  if (!roleId || !pipelineId) return <RecordError icon={KanbanSquare} what="pipeline" error={null} />;
  return (
    <WithCloseRole>
      <div className="space-y-4">
        <BackLink to={paths.app.pipelines.getHref(roleId)}>Back to the board</BackLink>
        <PipelineDetailPage
          key={pipelineId}
          pipelineId={pipelineId}
          roleId={roleId}
          canEdit={editable}
          currency={role?.role.salary_currency}
          beside={<PipelineScheduling pipelineId={pipelineId} canEdit={editable} />}
          aside={
            <>
              <RecordNotes target={{ modelType: 'pipeline', objectId: pipelineId }} canWrite={editable} />
              <PipelineEmails pipelineId={pipelineId} canSend={editable} />
            </>
          }
        />
      </div>
    </WithCloseRole>
  );
}

/** /roles/{roleId}/candidates/{candidateId}: the candidate as seen from this role. */
export function RoleCandidateRoute() {
  const params = useParams();
  const roleId = idParam(params.roleId);
  const candidateId = idParam(params.candidateId);
  const editable = useCanEdit();
  const { data: role } = useRole(roleId);
  if (!roleId || !candidateId) return <RecordError icon={UserRound} what="candidate" error={null} />;
  return (
    <WithCloseRole>
      <RoleCandidateView
        key={`${roleId}-${candidateId}`}
        roleId={roleId}
        candidateId={candidateId}
        role={role?.role}
        canEdit={editable}
        currency={role?.role.salary_currency}
        aside={<RecordNotes target={{ modelType: 'candidate', objectId: candidateId }} canWrite={editable} />}
      />
    </WithCloseRole>
  );
}
