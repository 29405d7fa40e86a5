import { lazy, Suspense, useId, useState } from 'react';
import { type PerformanceFigures, type PerformanceQuery } from '@recruitdesk/contracts/job-postings';
import { Card, CardHeader } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useGetPostingFormDataQuery, useGetPostingPerformanceQuery } from '../api';
import { formatCount, formatMinor, formatRate } from '../figures';
import { addDays } from '@recruitdesk/money/dates';

const PerformanceChart = lazy(() => import('./performance-chart'));

const RANGES = [
  [4, 'Last 4 weeks'],
  [12, 'Last 12 weeks'],
  [26, 'Last 26 weeks'],
  [52, 'Last 52 weeks'],
] as const;

const COLUMNS: Array<[keyof PerformanceFigures, string, 'money' | 'rate' | 'count']> = [
  ['spend_minor', 'Spend', 'money'],
  ['clicks', 'Clicks', 'count'],
  ['ctr', 'CTR', 'rate'],
  ['cost_per_click_minor', 'Per click', 'money'],
  ['applies', 'Applies', 'count'],
  ['cost_per_apply_minor', 'Per apply', 'money'],
  ['qualified', 'Converted', 'count'],
  ['cost_per_qualified_minor', 'Per converted', 'money'],
  ['submittals', 'Submittals', 'count'],
  ['cost_per_submittal_minor', 'Per submittal', 'money'],
  ['placements', 'Placements', 'count'],
  ['cost_per_placement_minor', 'Per placement', 'money'],
];

function cell(
  figures: PerformanceFigures,
  key: keyof PerformanceFigures,
  kind: 'money' | 'rate' | 'count',
  currency: string,
) {
  const value = figures[key];
  if (kind === 'money') return formatMinor(value, currency);
  if (kind === 'rate') return formatRate(value);
  return value == null ? '—' : formatCount(value);
}

function FiguresTable({
  caption,
  rows,
  currency,
}: {
  caption: string;
  rows: Array<{ key: string; label: string; sub?: string; figures: PerformanceFigures }>;
  currency: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-white/10">
        <caption className="px-4 py-2 text-left text-sm font-semibold text-gray-900 dark:text-white">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-white/5">
          <tr>
            <th
              scope="col"
              className="px-4 py-2 text-left text-xs font-semibold text-gray-500 uppercase dark:text-gray-400"
            >
              Name
            </th>
            {COLUMNS.map(([key, label]) => (
              <th
                key={key}
                scope="col"
                className="px-2 py-2 text-right text-xs font-semibold whitespace-nowrap text-gray-500 uppercase dark:text-gray-400"
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-white/5">
          {rows.map((row) => (
            <tr key={row.key}>
              <th
                scope="row"
                className="px-4 py-2 text-left font-medium whitespace-nowrap text-gray-900 dark:text-white"
              >
                {row.label}
                {row.sub ? (
                  <span className="block text-xs font-normal text-gray-500 dark:text-gray-400">{row.sub}</span>
                ) : null}
              </th>
              {COLUMNS.map(([key, , kind]) => (
                <td
                  key={key}
                  className="px-2 py-2 text-right whitespace-nowrap text-gray-700 tabular-nums dark:text-gray-300"
                >
                  {cell(row.figures, key, kind, currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 px-4 py-3 dark:border-white/10">
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-gray-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

/** The spend joined to our outcomes: a chart over weeks, the cost of each outcome, per role and per client. */
export function PerformanceView({ currentWeek }: { currentWeek: string }) {
  const [weeks, setWeeks] = useState(12);
  const [client, setClient] = useState('');
  const [role, setRole] = useState('');
  const options = useGetPostingFormDataQuery();
  const ids = useId();
  const query: PerformanceQuery = { from: addDays(currentWeek, -7 * (weeks - 1)), to: currentWeek };
  if (client) query.client = Number(client);
  if (role) query.role = Number(role);
  const { data, error, isFetching, refetch } = useGetPostingPerformanceQuery(query);
  const roles = (options.data?.roles ?? []).filter((r) => !client || r.client_id === Number(client));
  const currency = data?.currency ?? 'USD';

  return (
    <Card role="region" aria-labelledby="posting-performance-title">
      <CardHeader
        titleId="posting-performance-title"
        title="Performance"
        description="What the spend bought: the board's clicks and applies, and our own converted applications, submittals and placements for the same roles."
      />
      <div className="flex flex-col gap-3 border-b border-gray-200 px-5 py-4 sm:flex-row dark:border-white/10">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-range`} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            Range
          </label>
          <Select id={`${ids}-range`} value={String(weeks)} onChange={(event) => setWeeks(Number(event.target.value))}>
            {RANGES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-client`} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            Client
          </label>
          <Select
            id={`${ids}-client`}
            value={client}
            onChange={(event) => {
              setClient(event.target.value);
              setRole('');
            }}
          >
            <option value="">All clients</option>
            {(options.data?.clients ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-role`} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            Role
          </label>
          <Select id={`${ids}-role`} value={role} onChange={(event) => setRole(event.target.value)}>
            <option value="">All roles</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {error ? (
        <QueryError
          title="The performance figures could not be loaded."
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !data ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-60 w-full" />
        </div>
      ) : (
        <div className="space-y-5 py-5" aria-busy={isFetching}>
          <dl className="grid grid-cols-2 gap-3 px-5 sm:grid-cols-3 lg:grid-cols-6">
            <Figure label="Spend" value={formatMinor(data.total.spend_minor, currency)} />
            <Figure label="Cost per click" value={formatMinor(data.total.cost_per_click_minor, currency)} />
            <Figure label="Cost per apply" value={formatMinor(data.total.cost_per_apply_minor, currency)} />
            <Figure
              label="Cost per converted application"
              value={formatMinor(data.total.cost_per_qualified_minor, currency)}
            />
            <Figure label="Cost per submittal" value={formatMinor(data.total.cost_per_submittal_minor, currency)} />
            <Figure label="Cost per placement" value={formatMinor(data.total.cost_per_placement_minor, currency)} />
          </dl>
          <div className="px-5">
            <Suspense fallback={<Skeleton className="h-[260px] w-full" />}>
              <PerformanceChart data={data} />
            </Suspense>
          </div>
          {data.by_role.length === 0 ? (
            <p className="px-5 text-sm text-gray-500 dark:text-gray-400">No posting data in this range.</p>
          ) : (
            <>
              <FiguresTable
                caption="Per role"
                currency={currency}
                rows={data.by_role.map((r) => ({
                  key: `r${r.role_id}`,
                  label: r.role_name,
                  sub: r.client_name,
                  figures: r,
                }))}
              />
              <FiguresTable
                caption="Per client"
                currency={currency}
                rows={data.by_client.map((c) => ({ key: `c${c.client_id}`, label: c.client_name, figures: c }))}
              />
              <FiguresTable
                caption="Week by week"
                currency={currency}
                rows={[
                  ...data.weeks.map((w) => ({ key: w.week_start, label: `Week of ${w.week_start}`, figures: w })),
                  { key: 'total', label: 'Total', figures: data.total },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Card>
  );
}
