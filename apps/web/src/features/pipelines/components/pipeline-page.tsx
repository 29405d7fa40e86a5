import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { KanbanSquare } from 'lucide-react';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { useGetPipelineQuery } from '../api';
import { PipelineSections } from './pipeline-detail';
import { PipelineHeader } from './pipeline-header';

/** /roles/{roleId}/pipelines/{pipelineId}: one candidate in one role, with what can happen next. */
export function PipelineDetailPage({
  pipelineId,
  roleId,
  canEdit,
  currency,
  aside,
  beside,
}: {
  pipelineId: number;
  roleId: number;
  canEdit: boolean;
  currency?: string | undefined;
  aside?: ReactNode;
  /** Cards in the main column after the interviews. */
  beside?: ReactNode;
}) {
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useGetPipelineQuery(pipelineId);
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <RecordError
        icon={KanbanSquare}
        what="pipeline"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  const detail = data.data;
  return (
    <div className="space-y-6">
      <PipelineHeader
        detail={detail}
        canEdit={canEdit}
        notesHref={paths.app.notes.getHref('pipeline', detail.pipeline.id)}
        onDeleted={() => void navigate(paths.app.pipelines.getHref(roleId), { replace: true })}
      />
      <PipelineSections detail={detail} canEdit={canEdit} currency={currency} aside={aside} beside={beside} />
    </div>
  );
}
