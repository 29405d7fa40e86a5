import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Briefcase } from 'lucide-react';
import type { MatchingRoleResult } from '@recruitdesk/contracts/matching';
import { SectionCard } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useGetApplicationMatchingRolesQuery, useGetMatchingRolesQuery } from '../api';
import { EvidenceList, FactorList, ScoreBar } from './match-factors';

type AddToRole = (role: { id: number; name: string }) => void;

interface RolesCardText {
  /** The section's id (its heading is `${id}-title`). */
  id?: string;
  title?: string;
  description?: ReactNode;
  emptyTitle?: string;
  /** A control beside the title (e.g. Dismiss). */
  action?: ReactNode;
}

/** Open roles ranked for one person, each with its score, factors, evidence and "Add to pipeline". */
function RolesCard({
  id = 'matching-roles',
  title = 'Matching roles',
  description = 'Open roles ranked by how well this candidate fits them.',
  emptyTitle = 'No open roles fit yet',
  action,
  query,
  onAdd,
  footer,
}: RolesCardText & {
  query: {
    results: MatchingRoleResult[] | undefined;
    error?: unknown;
    isLoading: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  onAdd?: AddToRole | undefined;
  footer?: ReactNode;
}) {
  const { results, error, isLoading, isFetching, refetch } = query;
  return (
    <SectionCard id={id} title={title} description={description} action={action} flush>
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true" aria-label={`Loading ${title.toLowerCase()}`}>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : error ? (
        <QueryError
          title={`${title} could not be loaded`}
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !results?.length ? (
        <EmptyState
          icon={Briefcase}
          title={emptyTitle}
          description="Open roles whose skills and requirements fit this candidate show up here."
        />
      ) : (
        <ol className="divide-y divide-gray-200 dark:divide-white/10" aria-label={title}>
          {results.map((result) => (
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
                  <span className="sr-only">Score </span>
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
      {footer}
    </SectionCard>
  );
}

/**
 * A candidate's open roles that fit them, ranked and explained like a role's matches: the candidate page's
 * Matching roles card, and the "Suggested roles" after creating a candidate.
 */
export function MatchingRolesCard({
  candidateId,
  onAdd,
  limit = 5,
  excludeRoleId,
  ...text
}: RolesCardText & {
  candidateId: number;
  /** Adds the candidate to the role's pipeline (absent for readers who may not). */
  onAdd?: AddToRole | undefined;
  limit?: number;
  /** A role left out (the one they applied to). */
  excludeRoleId?: number | undefined;
}) {
  const query = useGetMatchingRolesQuery({ candidateId, limit, excludeRoleId });
  return <RolesCard {...text} query={{ ...query, results: query.data?.results }} onAdd={onAdd} />;
}

/**
 * The other open roles that fit an application (the role applied to left out). Before conversion they are
 * ranked by the resume and cannot be added to yet; after, "Add to pipeline" adds the converted candidate.
 */
export function ApplicationRolesCard({
  applicationId,
  onAdd,
  limit = 5,
  ...text
}: RolesCardText & {
  applicationId: number;
  /** Adds the application's candidate to the role's pipeline (absent for readers who may not). */
  onAdd?: ((role: { id: number; name: string }, candidateId: number) => void) | undefined;
  limit?: number;
}) {
  const query = useGetApplicationMatchingRolesQuery({ applicationId, limit });
  const candidateId = query.data?.candidate_id ?? null;
  return (
    <RolesCard
      id="other-roles"
      title="Other roles that fit"
      description="Open roles besides this one, ranked by how well the applicant fits them."
      emptyTitle="No other open roles fit"
      {...text}
      query={{ ...query, results: query.data?.results }}
      onAdd={onAdd && candidateId !== null ? (role) => onAdd(role, candidateId) : undefined}
      footer={
        onAdd && query.data && candidateId === null && query.data.results.length ? (
          <p className="border-t border-gray-200 px-5 py-3 text-sm text-gray-600 dark:border-white/10 dark:text-gray-300">
            Ranked by the resume. Convert the application to a candidate to add them to these roles.
          </p>
        ) : null
      }
    />
  );
}
