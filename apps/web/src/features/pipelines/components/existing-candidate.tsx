import { useId, useState } from 'react';
import { Search } from 'lucide-react';
import { hasSearchableText, SEARCH_NOTHING_SEARCHABLE } from '@recruitdesk/contracts/candidate-constants';
import type { PipelineSaveResponse } from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CandidateStatusBadge } from '@/components/ui/candidate-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/base-api';
import { useListCandidatesQuery } from '@/api/candidates';
import { RadioCard } from './radio-card';
import { StageSelect, type StartingStage } from './starting-stage';
import { StatusWarning, useCreatePipelineConfirmed } from './status-confirm';

/** Pick an existing candidate: a debounced search, one choice, the starting stage. */
export function ExistingCandidate({
  roleId,
  onAdded,
}: {
  roleId: number;
  onAdded: (response: PipelineSaveResponse) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [stage, setStage] = useState<StartingStage>('sourced');
  const [touched, setTouched] = useState(false);
  // Only symbols ("%"): nothing to search for; say so instead of asking the server.
  const unsearchable = search.trim() !== '' && !hasSearchableText(search);
  const { data, error, isFetching, isLoading, refetch } = useListCandidatesQuery(
    { search, page_size: 10 },
    { skip: unsearchable },
  );
  const { run: create, saving, error: saveError, dialog } = useCreatePipelineConfirmed();
  const stageId = useId();
  const results = unsearchable ? [] : Array.isArray(data) ? data : (data?.results ?? []);
  const picked = results.find((candidate) => candidate.id === chosen);
  return (
    <form
      noValidate
      aria-label="Add an existing candidate"
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setTouched(true);
        if (chosen === null) return;
        const result = await create({ roleId, body: { candidate_id: chosen, stage } });
        if (result?.data) onAdded(result.data);
      }}
    >
      {dialog}
      <SearchInput
        label="Search candidates"
        placeholder="Search by name, email, title or skill"
        value={search}
        onChange={setSearch}
      />
      <fieldset aria-busy={isFetching || undefined}>
        <legend className="sr-only">Candidates</legend>
        {unsearchable ? (
          <EmptyState icon={Search} title="Nothing to search for" description={SEARCH_NOTHING_SEARCHABLE} />
        ) : isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : error ? (
          <QueryError
            title="Could not search candidates"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : results.length === 0 ? (
          <EmptyState
            icon={Search}
            title="No candidates found"
            description={search ? 'Try another search, or enter a new candidate.' : undefined}
          />
        ) : (
          <ul className="max-h-96 space-y-2 overflow-y-auto p-0.5">
            {results.map((candidate) => (
              <li key={candidate.id}>
                <RadioCard
                  name="candidate_id"
                  value={candidate.id}
                  checked={chosen === candidate.id}
                  onChange={() => setChosen(candidate.id)}
                >
                  <span className="min-w-0 text-sm">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-gray-900 dark:text-white">
                      {candidate.name}
                      {candidate.status !== 'active' ? <CandidateStatusBadge status={candidate.status} /> : null}
                    </span>
                    <span className="block truncate text-gray-500 dark:text-gray-400">
                      {[
                        [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ '),
                        candidate.email,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </RadioCard>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {touched && chosen === null ? (
        <p className="text-sm text-red-600 dark:text-red-400">Choose a candidate.</p>
      ) : null}
      {picked ? <StatusWarning name={picked.name} status={picked.status} /> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={stageId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
            Starting stage
          </label>
          <StageSelect id={stageId} value={stage} onChange={setStage} />
        </div>
      </div>
      {saveError ? <Alert>{errorMessage(saveError)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Add to pipeline
        </Button>
      </div>
    </form>
  );
}
