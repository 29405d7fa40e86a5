import { Link } from 'react-router';
import { Briefcase } from 'lucide-react';
import { SectionCard } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useGetMatchingRolesQuery } from '../api';
import { EvidenceList, FactorList, ScoreBar } from './match-factors';

/** The candidate page's open roles that fit them, ranked and explained like a role's matches. */
export function MatchingRolesCard({
  candidateId,
  onAdd,
}: {
  candidateId: number;
  /** Adds the candidate to the role's pipeline (absent for readers who may not). */
  onAdd?: ((role: { id: number; name: string }) => void) | undefined;
}) {
  const { data, error, isLoading, isFetching, refetch } = useGetMatchingRolesQuery({ candidateId, limit: 5 });
  return (
    <SectionCard
      id="matching-roles"
      title="Matching roles"
      description="Open roles ranked by how well this candidate fits them."
      flush
    >
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading matching roles">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : error ? (
        <QueryError
          title="Matching roles could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !data?.results.length ? (
        <EmptyState
          icon={Briefcase}
          title="No open roles fit yet"
          description="Open roles whose skills and requirements fit this candidate show up here."
        />
      ) : (
        <ol className="divide-y divide-gray-200 dark:divide-white/10" aria-label="Matching roles">
          {data.results.map((result) => (
            <li key={result.role.id} className="space-y-2 px-5 py-3">
              <div className="flex items-baseline justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.app.role.getHref(result.role.id)}
                    className="font-medium text-gray-900 hover:underline dark:text-white"
                  >
                    {result.role.name}
                  </Link>
                  <p className="text-sm text-gray-500 dark:text-gray-400">
                    {[result.role.client_name, result.role.location].filter(Boolean).join(' · ')}
                  </p>
                </div>
                <span className="shrink-0 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">
                  {result.score.toFixed(1)}
                </span>
              </div>
              <ScoreBar score={result.score} factors={result.factors} />
              {result.missing.length ? (
                <p className="text-sm text-gray-600 dark:text-gray-300">
                  {result.missing.map((skill) => `No ${skill} found`).join(' · ')}
                </p>
              ) : null}
              <details>
                <summary className="cursor-pointer text-sm text-brand-700 select-none dark:text-brand-300">
                  Why this score
                </summary>
                <div className="mt-2 space-y-3">
                  <FactorList factors={result.factors} />
                  <EvidenceList evidence={result.evidence} />
                </div>
              </details>
              {result.in_pipeline ? (
                <Badge tone="brand">In pipeline</Badge>
              ) : onAdd ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onAdd({ id: result.role.id, name: result.role.name })}
                >
                  Add to pipeline<span className="sr-only">: {result.role.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
