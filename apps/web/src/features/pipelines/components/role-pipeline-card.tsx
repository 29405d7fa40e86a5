import { Link } from 'react-router';
import { KanbanSquare } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useGetPipelineHeadersQuery } from '../api';
import { ExportCandidatesButton } from './export-button';

/** The role page's pipeline summary: candidates per stage, the board and the spreadsheet. */
export function RolePipelineCard({ roleId }: { roleId: number }) {
  const { data, error, isLoading, isFetching, refetch } = useGetPipelineHeadersQuery(roleId);
  return (
    <Card role="region" aria-labelledby="role-pipeline-title">
      <CardHeader
        titleId="role-pipeline-title"
        title="Pipeline"
        description={
          data
            ? [
                `${data.in_progress_count} in progress`,
                data.placed_count ? `${data.placed_count} placed` : '',
                data.closed_count ? `${data.closed_count} closed` : '',
              ]
                .filter(Boolean)
                .join(' · ')
            : undefined
        }
      />
      {isLoading ? (
        <div className="space-y-2 p-5" aria-busy="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : error || !data ? (
        <QueryError
          title="Could not load the pipeline"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <dl aria-label="Candidates per stage" className="grid grid-cols-2 gap-x-4 gap-y-2 px-5 py-4 text-sm">
          {data.headers.map((header) => (
            <div key={header.name} className="flex items-center justify-between gap-2">
              <dt className="truncate text-gray-500 dark:text-gray-400">{header.label}</dt>
              <dd className="font-medium text-gray-900 tabular-nums dark:text-white">{header.open_count}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-wrap gap-2 border-t border-gray-200 px-5 py-4 dark:border-white/10">
        <Link to={paths.app.pipelines.getHref(roleId)} className={buttonClasses('primary', 'sm')}>
          <KanbanSquare aria-hidden="true" className="size-4" />
          Open pipeline board
        </Link>
        <ExportCandidatesButton roleId={roleId} label="Export candidates" size="sm" />
      </div>
    </Card>
  );
}
