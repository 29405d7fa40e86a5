import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { AlertCircle, ArrowLeft, Play } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { RadioGroup } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/base-api';
import { usePreviewImportMutation } from '../api';
import { isFieldTarget, targetLabel } from '../mapping';
import type { DuplicatePolicy, ImportColumnTarget, ImportView, PreviewAction, PreviewRow } from '../types';
import { recordHref } from './record-href';
import { Totals } from './totals';

export const POLICY_OPTIONS = [
  { value: 'skip', label: 'Skip duplicates', description: 'Rows that match an existing record are left out.' },
  {
    value: 'update_empty',
    label: 'Fill empty fields of the existing record',
    description: 'Nothing already filled in is overwritten.',
  },
  { value: 'create', label: 'Create anyway', description: 'A new record even when one matches.' },
] as const;

const ACTIONS: Record<PreviewAction, { label: string; tone: BadgeTone }> = {
  create: { label: 'Create', tone: 'green' },
  update: { label: 'Update', tone: 'sky' },
  skip: { label: 'Skip', tone: 'gray' },
  refuse: { label: 'Refuse', tone: 'red' },
};

const MATCHED_BY: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  name_company: 'name and company',
  name: 'name',
  title_client: 'title and client',
  file: 'an earlier line of the file',
};

function showValue(value: PreviewRow['values'][string] | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

function DuplicateCell({ kind, duplicate }: { kind: string; duplicate: PreviewRow['duplicate'] }) {
  if (!duplicate) return <span className="text-gray-400 dark:text-gray-500">—</span>;
  if (duplicate.matched_by === 'file') {
    return <span>Same as line {duplicate.line ?? '?'} of the file</span>;
  }
  const href = duplicate.id === null ? null : recordHref(kind, duplicate.id);
  return (
    <span>
      {href ? (
        <Link to={href} target="_blank" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {duplicate.name}
        </Link>
      ) : (
        <span className="font-medium">{duplicate.name}</span>
      )}{' '}
      <span className="text-gray-500 dark:text-gray-400">
        by {MATCHED_BY[duplicate.matched_by] ?? duplicate.matched_by}
      </span>
    </span>
  );
}

/**
 * Step 3: the first rows as they will be stored, each problem on its cell, what happens to each row, the
 * totals for the whole file, and the duplicate policy (changing it asks the server again).
 */
export function PreviewStep({
  entry,
  mapping,
  policy,
  onPolicyChange,
  onBack,
  onStart,
  starting,
  startError,
}: {
  entry: Pick<ImportView, 'id' | 'kind' | 'total_rows'>;
  mapping: ImportColumnTarget[];
  policy: DuplicatePolicy;
  onPolicyChange: (policy: DuplicatePolicy) => void;
  onBack: () => void;
  onStart: () => void;
  starting: boolean;
  startError: unknown;
}) {
  const id = useId();
  const [preview, { data, error, isLoading }] = usePreviewImportMutation();
  const mappingKey = mapping.join('\u0000');

  useEffect(() => {
    const request = preview({ id: entry.id, body: { mapping, duplicate_policy: policy } });
    return () => request.abort();
    // The mapping is compared by its content (mappingKey), not by identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry.id, mappingKey, policy, preview]);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const fieldKeys = useMemo(() => {
    const keys: string[] = [];
    for (const target of mapping) if (isFieldTarget(target) && !keys.includes(target)) keys.push(target);
    for (const row of rows) for (const key of Object.keys(row.values)) if (!keys.includes(key)) keys.push(key);
    return keys;
  }, [mapping, rows]);

  const totals = data?.totals;
  return (
    <div className="space-y-6">
      <RadioGroup
        legend="Rows that match an existing record"
        name={`${id}-policy`}
        options={POLICY_OPTIONS}
        selected={policy}
        onChange={(event) => onPolicyChange(event.target.value as DuplicatePolicy)}
      />

      <section aria-labelledby={`${id}-totals`} className="space-y-3">
        <div className="flex items-center gap-2">
          <h3 id={`${id}-totals`} className="text-sm font-semibold text-gray-900 dark:text-white">
            What the import will do
          </h3>
          {isLoading ? <Spinner size="sm" /> : null}
        </div>
        {totals ? (
          <Totals
            label="What the import will do"
            items={[
              { label: 'Will be created', value: totals.create, tone: 'green' },
              { label: 'Will be updated', value: totals.update, tone: 'sky' },
              { label: 'Will be skipped', value: totals.skip, tone: 'gray' },
              { label: 'Will be refused', value: totals.refuse, tone: 'red' },
            ]}
          />
        ) : null}
        {totals ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">
            Counted over all {entry.total_rows.toLocaleString('en')} rows of the file; the first {rows.length} are shown
            below.
          </p>
        ) : null}
      </section>

      {error ? <Alert title="The preview could not be made">{errorMessage(error)}</Alert> : null}

      <section aria-labelledby={`${id}-rows`} className="space-y-2">
        <h3 id={`${id}-rows`} className="text-sm font-semibold text-gray-900 dark:text-white">
          First rows as they will be stored
        </h3>
        {isLoading && !data ? (
          <p className="flex items-center gap-2 py-6 text-sm text-gray-500 dark:text-gray-400">
            <Spinner size="sm" /> Reading the first rows…
          </p>
        ) : (
          <div
            role="region"
            aria-label="Preview rows"
            tabIndex={0}
            className={cn(
              'overflow-x-auto rounded-xl ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:ring-white/10',
              isLoading && 'opacity-60',
            )}
          >
            <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
              <thead className="bg-gray-50 dark:bg-white/[0.03]">
                <tr>
                  <th
                    scope="col"
                    className="px-3 py-2 text-left font-semibold whitespace-nowrap text-gray-700 dark:text-gray-300"
                  >
                    Line
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-left font-semibold whitespace-nowrap text-gray-700 dark:text-gray-300"
                  >
                    Action
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-left font-semibold whitespace-nowrap text-gray-700 dark:text-gray-300"
                  >
                    Duplicate of
                  </th>
                  {fieldKeys.map((key) => (
                    <th
                      key={key}
                      scope="col"
                      className="px-3 py-2 text-left font-semibold whitespace-nowrap text-gray-700 dark:text-gray-300"
                    >
                      {targetLabel(entry.kind, key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 bg-white dark:divide-white/10 dark:bg-gray-900">
                {rows.map((row) => {
                  const unplaced = row.problems.filter((problem) => !fieldKeys.includes(problem.field));
                  const action = ACTIONS[row.action];
                  return (
                    <tr key={row.line}>
                      <th
                        scope="row"
                        className="px-3 py-2 text-left align-top font-normal text-gray-500 tabular-nums dark:text-gray-400"
                      >
                        {row.line}
                      </th>
                      <td className="px-3 py-2 align-top">
                        <Badge tone={action.tone}>{action.label}</Badge>
                        {unplaced.map((problem, i) => (
                          <p key={i} className="mt-1 max-w-56 text-xs text-red-700 dark:text-red-300">
                            {problem.message}
                          </p>
                        ))}
                      </td>
                      <td className="px-3 py-2 align-top whitespace-nowrap">
                        <DuplicateCell kind={entry.kind} duplicate={row.duplicate} />
                      </td>
                      {fieldKeys.map((key) => {
                        const problems = row.problems.filter((problem) => problem.field === key);
                        const messageId = `${id}-p-${row.line}-${key}`;
                        const text = showValue(row.values[key]);
                        if (problems.length === 0) {
                          return (
                            <td
                              key={key}
                              className="max-w-64 truncate px-3 py-2 align-top text-gray-900 dark:text-gray-100"
                              title={text}
                            >
                              {text}
                            </td>
                          );
                        }
                        const message = problems.map((problem) => problem.message).join(' ');
                        return (
                          <td
                            key={key}
                            title={message}
                            aria-describedby={messageId}
                            data-problem="true"
                            className={cn(
                              'max-w-64 px-3 py-2 align-top ring-1 ring-inset',
                              // A refused row's problems are why; on a row that is stored they are warnings.
                              row.action === 'refuse'
                                ? 'bg-red-50 text-red-900 ring-red-300 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/40'
                                : 'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/40',
                            )}
                          >
                            <span className="flex items-start gap-1.5">
                              <AlertCircle aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                              <span className="min-w-0 break-words">{text}</span>
                            </span>
                            <span
                              id={messageId}
                              className={cn(
                                'mt-0.5 block text-xs',
                                row.action === 'refuse'
                                  ? 'text-red-700 dark:text-red-300'
                                  : 'text-amber-800 dark:text-amber-200',
                              )}
                            >
                              {message}
                            </span>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
                {rows.length === 0 && data ? (
                  <tr>
                    <td
                      colSpan={3 + fieldKeys.length}
                      className="px-3 py-6 text-center text-gray-500 dark:text-gray-400"
                    >
                      The file has no rows to import.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {startError ? <Alert title="The import could not start">{errorMessage(startError)}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to mapping
        </Button>
        <Button onClick={onStart} loading={starting} disabled={starting || !data || Boolean(error)}>
          <Play aria-hidden="true" className="size-4" />
          Start import
        </Button>
      </div>
    </div>
  );
}
