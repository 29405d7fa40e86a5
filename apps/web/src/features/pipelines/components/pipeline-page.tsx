import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { KanbanSquare } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { useGetPipelineQuery } from '../api';
import { CandidateEssentialsCard, PipelineHeader, PipelineSections } from './pipeline-detail';

/** /roles/{roleId}/pipelines/{pipelineId}: one candidate in one role, with what can happen next. */
export function PipelineDetailPage({
  pipelineId,
  roleId,
  canEdit,
  currency,
  aside,
}: {
  pipelineId: number;
  roleId: number;
  canEdit: boolean;
  currency?: string | undefined;
  aside?: ReactNode;
}) {
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useGetPipelineQuery(pipelineId);
  if (isLoading) return <LoadingScreen />;
  if (error || !data) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return (
      <Card>
        {notFound ? (
          <EmptyState
            icon={KanbanSquare}
            title="This pipeline does not exist"
            description="It may have been deleted."
          />
        ) : (
          <QueryError
            title="Could not load this pipeline"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        )}
      </Card>
    );
  }
  const detail = data.data;
  return (
    <div className="space-y-6">
      <PipelineHeader
        detail={detail}
        canEdit={canEdit}
        notesHref={paths.app.pipelineNotes.getHref(roleId, detail.pipeline.id)}
        onDeleted={() => void navigate(paths.app.pipelines.getHref(roleId), { replace: true })}
      />
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
    </div>
  );
}
