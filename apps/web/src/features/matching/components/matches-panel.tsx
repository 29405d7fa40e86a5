import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SlidersHorizontal, Sparkles, UserPlus } from 'lucide-react';
import type { MatchResult } from '@recruitdesk/contracts/matching';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { CandidateStatusBadge } from '@/components/ui/candidate-status-badge';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useGetRoleMatchesQuery, useLazyExplainMatchQuery } from '../api';
import { EvidenceList, FactorList, ScoreBar } from './match-factors';
import { NotAFitDialog, WeightsDialog } from './match-dialogs';

export const MATCHES_PAGE = 50;

export interface MatchesPanelProps {
  roleId: number;
  canEdit: boolean;
  /** Adds the candidates to the role's pipeline (the do-not-contact guard asks first); resolves with how many were added. */
  addToPipeline: (candidates: Array<{ id: number; name: string }>) => Promise<number>;
}

function MatchRow({
  result,
  canEdit,
  selected,
  onSelect,
  onAdd,
  onNotAFit,
}: {
  result: MatchResult;
  canEdit: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAdd: () => void;
  onNotAFit: () => void;
}) {
  const { candidate } = result;
  return (
    <li className="px-5 py-4" aria-label={`${result.rank}. ${candidate.name}, score ${result.score.toFixed(1)}`}>
      <div className="flex flex-wrap items-start gap-3">
        {canEdit ? (
          <input
            type="checkbox"
            aria-label={`Select ${candidate.name}`}
            className="mt-1 size-4 accent-brand-600"
            checked={selected}
            disabled={result.in_pipeline}
            onChange={(event) => onSelect(event.target.checked)}
          />
        ) : null}
        <span className="mt-0.5 w-6 text-right text-sm text-gray-500 tabular-nums dark:text-gray-400">
          {result.rank}
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <Link
              to={paths.app.candidate.getHref(candidate.id)}
              className="font-medium text-gray-900 hover:underline dark:text-white"
            >
              {candidate.name}
            </Link>
            <span className="text-sm text-gray-500 dark:text-gray-400">
              {[candidate.current_title, candidate.current_company, candidate.location].filter(Boolean).join(' · ')}
            </span>
            {candidate.status !== 'active' ? <CandidateStatusBadge status={candidate.status} /> : null}
            {result.in_pipeline ? <Badge tone="brand">In pipeline</Badge> : null}
            {result.not_a_fit ? <Badge tone="amber">Not a fit</Badge> : null}
          </div>
          <div className="flex items-center gap-3">
            <span className="w-12 text-lg font-semibold text-gray-900 tabular-nums dark:text-white">
              {result.score.toFixed(1)}
            </span>
            <ScoreBar score={result.score} factors={result.factors} />
          </div>
          {result.missing.length ? (
            <p className="text-sm text-gray-600 dark:text-gray-300">
              {result.missing.map((skill) => `No ${skill} found`).join(' · ')}
            </p>
          ) : null}
          <details className="group">
            <summary className="cursor-pointer text-sm text-brand-700 select-none dark:text-brand-300">
              Why this score
            </summary>
            <div className="mt-2 space-y-3">
              <FactorList factors={result.factors} />
              <EvidenceList evidence={result.evidence} />
            </div>
          </details>
        </div>
        {canEdit ? (
          // Below the candidate on a phone (lined up with the name), beside them from sm up.
          <div className="flex w-full flex-wrap gap-2 pl-16 sm:w-auto sm:pl-0">
            {!result.in_pipeline ? (
              <Button size="sm" variant="secondary" onClick={onAdd}>
                <UserPlus aria-hidden="true" className="size-4" />
                Add to pipeline
                <span className="sr-only">: {candidate.name}</span>
              </Button>
            ) : null}
            {!result.not_a_fit ? (
              <Button size="sm" variant="ghost" onClick={onNotAFit}>
                Not a fit<span className="sr-only">: {candidate.name}</span>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** "Why is X ranked low?": the candidate's place, score and what costs them points. */
function ExplainLookup({ roleId }: { roleId: number }) {
  const [name, setName] = useState('');
  const [explain, { data, error, isFetching }] = useLazyExplainMatchQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void explain({ roleId, name: name.trim() });
  };
  return (
    <div className="space-y-3">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" role="search" aria-label="Explain a ranking">
        <label className="min-w-0 flex-1 text-sm text-gray-700 dark:text-gray-300">
          Why is this candidate ranked low?
          <Input
            className="mt-1"
            placeholder="Candidate name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" loading={isFetching}>
          Explain
        </Button>
      </form>
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      {data && !error ? (
        <div className="space-y-2 rounded-lg bg-gray-50 p-3 text-sm dark:bg-white/5" aria-live="polite">
          <p className="font-medium text-gray-900 dark:text-white">
            {data.result.candidate.name}: score {data.result.score.toFixed(1)}
            {data.excluded_because ? '' : `, ranked ${data.result.rank}`}
          </p>
          {data.excluded_because ? <p>{data.excluded_because}</p> : null}
          {data.reasons.length ? (
            <ul className="list-disc space-y-1 pl-5">
              {data.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          <FactorList factors={data.result.factors} />
        </div>
      ) : null}
    </div>
  );
}

/** A role's Matches tab: the best candidates of the whole database, explained, with the pipeline actions. */
export function MatchesPanel({ roleId, canEdit, addToPipeline }: MatchesPanelProps) {
  const [includeExcluded, setIncludeExcluded] = useState(false);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [notAFit, setNotAFit] = useState<{ id: number; name: string } | null>(null);
  const [tuning, setTuning] = useState(false);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useGetRoleMatchesQuery({
    roleId,
    limit: MATCHES_PAGE,
    offset,
    includeExcluded,
  });
  const add = async (candidates: Array<{ id: number; name: string }>) => {
    setAdding(true);
    try {
      const added = await addToPipeline(candidates);
      setNotice(added ? `Added ${added} ${added === 1 ? 'candidate' : 'candidates'} to the pipeline.` : null);
      setSelected(new Map());
    } finally {
      setAdding(false);
    }
  };
  const toolbar = (
    <div className="flex flex-wrap items-center gap-3">
      <Checkbox
        label="Show do-not-contact and archived"
        checked={includeExcluded}
        onChange={(event) => {
          setIncludeExcluded(event.target.checked);
          setOffset(0);
        }}
      />
      {canEdit && data ? (
        <Button size="sm" variant="secondary" onClick={() => setTuning(true)}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Weights
        </Button>
      ) : null}
    </div>
  );
  return (
    <div className="space-y-6">
      <SectionCard
        id="matches"
        title="Matches"
        description="The best candidates in the whole database for this role, scored 0–100; the factors add up to the score."
        flush
      >
        {/* The filters sit in their own row, not beside the title: on a phone they squeezed the description. */}
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-b border-gray-200 px-5 py-3 dark:border-white/10">
          {data ? (
            <p className="min-w-0 flex-1 basis-64 text-sm text-gray-600 dark:text-gray-300">
              {data.requirements.required.length
                ? `Required: ${data.requirements.required.join(', ')}`
                : 'No required skills found in the job qualifications.'}
              {data.requirements.nice.length ? ` · Nice to have: ${data.requirements.nice.join(', ')}` : ''}
              {data.requirements.must.length ? ` · Must: ${data.requirements.must.join(', ')}` : ''}
              {data.requirements.min_years ? ` · ${data.requirements.min_years}+ years` : ''}
            </p>
          ) : null}
          {toolbar}
        </div>
        {canEdit && selected.size ? (
          <div className="flex flex-wrap items-center gap-3 border-b border-gray-200 bg-brand-50/50 px-5 py-2 dark:border-white/10 dark:bg-brand-500/5">
            <span className="text-sm">{selected.size} selected</span>
            <Button
              size="sm"
              loading={adding}
              onClick={() => void add([...selected].map(([id, name]) => ({ id, name })))}
            >
              Add {selected.size} to pipeline
            </Button>
          </div>
        ) : null}
        {notice ? (
          <p role="status" className="px-5 pt-3 text-sm text-emerald-700 dark:text-emerald-300">
            {notice}
          </p>
        ) : null}
        {isLoading ? (
          <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading matches">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : error ? (
          <div className="p-5">
            <QueryError
              title="Matches could not be loaded"
              error={error}
              onRetry={() => void refetch()}
              retrying={isFetching}
            />
          </div>
        ) : !data?.results.length ? (
          <EmptyState
            icon={Sparkles}
            title="No matching candidates yet"
            description="Candidates appear here when they share a skill with the role’s job qualifications."
          />
        ) : (
          <ol className="divide-y divide-gray-200 dark:divide-white/10" aria-label="Matching candidates">
            {data.results.map((result) => (
              <MatchRow
                key={result.candidate.id}
                result={result}
                canEdit={canEdit}
                selected={selected.has(result.candidate.id)}
                onSelect={(on) => {
                  const next = new Map(selected);
                  if (on) next.set(result.candidate.id, result.candidate.name);
                  else next.delete(result.candidate.id);
                  setSelected(next);
                }}
                onAdd={() => void add([{ id: result.candidate.id, name: result.candidate.name }])}
                onNotAFit={() => setNotAFit({ id: result.candidate.id, name: result.candidate.name })}
              />
            ))}
          </ol>
        )}
        {data && (offset > 0 || data.has_more) ? (
          <div className="flex justify-between border-t border-gray-200 px-5 py-3 dark:border-white/10">
            <Button
              size="sm"
              variant="secondary"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - MATCHES_PAGE))}
            >
              Previous {MATCHES_PAGE}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!data.has_more}
              onClick={() => setOffset(offset + MATCHES_PAGE)}
            >
              Next {MATCHES_PAGE}
            </Button>
          </div>
        ) : null}
      </SectionCard>
      <SectionCard id="match-explain" title="Look up a candidate">
        <ExplainLookup roleId={roleId} />
      </SectionCard>
      <NotAFitDialog roleId={roleId} candidate={notAFit} onClose={() => setNotAFit(null)} />
      {data && tuning ? (
        <WeightsDialog
          roleId={roleId}
          open={tuning}
          weights={data.weights}
          required={data.requirements.required}
          must={data.requirements.must}
          onClose={() => setTuning(false)}
        />
      ) : null}
    </div>
  );
}
