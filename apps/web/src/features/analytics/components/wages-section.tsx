import type {
  AnalyticsOptimalRangeRow,
  AnalyticsOptimalWageRangeResponse,
  AnalyticsRoleWagesResponse,
  AnalyticsWagesResponse,
} from '@recruitdesk/contracts/analytics';
import { Badge } from '@/components/ui/badge';
import { DEFINITIONS } from '../definitions';
import { amount, percent, type MoneyFormat } from '../money';
import { ChartSuspense, LazyCharts, Panel, PanelState } from './panel';
import { ExportableTable, moneyIn, roleWageColumns } from './tables';

interface SetState {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const MAX_CHART_ROWS = 15;

/** Placed salaries against the posted ranges: a chart of the latest placements and the share by position. */
export function WagesPanel({
  data,
  money,
  fileDate,
  ...state
}: { data: AnalyticsWagesResponse | undefined; money: MoneyFormat; fileDate: string } & SetState) {
  const placements = data?.placements ?? [];
  const chart = placements.slice(0, MAX_CHART_ROWS).map((row) => {
    const min = amount(row.salary_min);
    const max = amount(row.salary_max);
    return {
      label: `${row.role_name}, ${row.client_name}`,
      range: min != null && max != null ? ([min, max] as [number, number]) : null,
      placed: amount(row.salary),
    };
  });
  const counts = placements.reduce(
    (acc, row) => ({ ...acc, [row.position]: (acc[row.position] ?? 0) + 1 }),
    {} as Record<string, number>,
  );
  const currency = placements[0]?.currency ?? money.currency;
  const format = moneyIn(currency, money);
  return (
    <Panel
      id="analytics-wages"
      title="Placed salary vs posted range"
      help={DEFINITIONS.wages}
      description={
        placements.length > MAX_CHART_ROWS
          ? `The latest ${MAX_CHART_ROWS} of ${placements.length} placements`
          : undefined
      }
    >
      <PanelState {...state} empty={placements.length === 0} emptyTitle="No placements in this period" height={280}>
        <div className="flex flex-wrap gap-2 px-5 pt-4">
          <Badge tone="amber">{counts.below ?? 0} below</Badge>
          <Badge tone="green">{counts.within ?? 0} within</Badge>
          <Badge tone="violet">{counts.above ?? 0} above</Badge>
          {counts.no_range ? <Badge>{counts.no_range} without a range</Badge> : null}
        </div>
        <div className="px-3 py-4">
          <ChartSuspense height={280}>
            <LazyCharts.WageRange data={chart} money={format} compactMoney={money.compact} />
          </ChartSuspense>
        </div>
        <ExportableTable
          label="Placed salaries"
          fileName={`placed-salaries-${fileDate}.xlsx`}
          loading={state.loading}
          emptyTitle="No placements"
          rows={placements}
          getRowId={(row) => String(row.placement_id)}
          initialSort={{ id: 'placed_on', desc: true }}
          columns={[
            { id: 'role_name', header: 'Role', type: 'text', value: (row) => row.role_name, className: 'font-medium' },
            {
              id: 'client_name',
              header: 'Client',
              type: 'text',
              value: (row) => row.client_name,
              className: 'hidden md:table-cell',
            },
            {
              id: 'placed_on',
              header: 'Placed on',
              type: 'text',
              value: (row) => row.placed_on,
              className: 'hidden lg:table-cell',
            },
            { id: 'currency', header: 'Currency', type: 'text', value: (row) => row.currency, className: 'hidden' },
            {
              id: 'salary',
              header: 'Salary',
              type: 'money',
              numeric: true,
              value: (row) => amount(row.salary),
              cell: (row) => moneyIn(row.currency, money)(amount(row.salary)),
            },
            {
              id: 'salary_min',
              header: 'Range from',
              type: 'money',
              numeric: true,
              value: (row) => amount(row.salary_min),
              cell: (row) => moneyIn(row.currency, money)(amount(row.salary_min)),
              className: 'hidden sm:table-cell',
            },
            {
              id: 'salary_max',
              header: 'Range to',
              type: 'money',
              numeric: true,
              value: (row) => amount(row.salary_max),
              cell: (row) => moneyIn(row.currency, money)(amount(row.salary_max)),
              className: 'hidden sm:table-cell',
            },
            {
              id: 'position',
              header: 'Against range',
              type: 'text',
              value: (row) => (row.position === 'no_range' ? 'No range' : row.position),
              cell: (row) =>
                row.position === 'no_range'
                  ? 'No range'
                  : row.position === 'within'
                    ? 'Within'
                    : `${percent(Math.abs(row.difference_ratio ?? 0), 1)} ${row.position}`,
            },
          ]}
        />
      </PanelState>
    </Panel>
  );
}

export function RoleWagesPanel({
  data,
  money,
  fileDate,
  ...state
}: { data: AnalyticsRoleWagesResponse | undefined; money: MoneyFormat; fileDate: string } & SetState) {
  const rows = data?.role_wages ?? [];
  return (
    <Panel
      id="analytics-role-wages"
      title="Salaries by role family"
      help={`${DEFINITIONS.role_wages} ${DEFINITIONS.role_family}`}
    >
      <PanelState {...state} empty={rows.length === 0} emptyTitle="No placed salaries in this period" height={200}>
        <ExportableTable
          label="Salaries by role family"
          fileName={`salaries-by-role-family-${fileDate}.xlsx`}
          loading={state.loading}
          emptyTitle="No placed salaries"
          rows={rows}
          getRowId={(row) => `${row.role_family}|${row.location ?? ''}|${row.currency}`}
          initialSort={{ id: 'count', desc: true }}
          columns={roleWageColumns(money)}
        />
      </PanelState>
    </Panel>
  );
}

/** One family's (or family and location's) heading: "Data engineer, Seattle". */
const rangeTitle = (range: AnalyticsOptimalRangeRow) =>
  `${range.role_family_label}${range.location ? `, ${range.location}` : ''}`;
const rangeKey = (range: AnalyticsOptimalRangeRow) => `${range.role_family}|${range.location ?? ''}|${range.currency}`;

/**
 * Per role family: acceptance per salary band and the band accepted most often. Families with too few
 * answered offers are not guessed at: they share one compact, collapsed list under the cards.
 */
export function OptimalRangePanel({
  data,
  money,
  ...state
}: { data: AnalyticsOptimalWageRangeResponse | undefined; money: MoneyFormat } & SetState) {
  const ranges = data?.ranges ?? [];
  const banded = ranges.filter((range) => range.enough_data && range.best_band);
  const tooFew = ranges.filter((range) => !(range.enough_data && range.best_band));
  return (
    <Panel
      id="analytics-optimal"
      title="Optimal salary range"
      help={DEFINITIONS.optimal}
      description={data ? `A band is suggested from ${data.min_sample} answered offers up` : undefined}
    >
      <PanelState {...state} empty={ranges.length === 0} emptyTitle="No answered offers in this period" height={220}>
        {banded.length ? (
          <ul aria-label="Suggested salary bands" className="grid grid-cols-1 gap-4 p-5 lg:grid-cols-2">
            {banded.map((range) => {
              const format = moneyIn(range.currency, money);
              const bandLabel = (band: { from: string; to: string }) =>
                `${format(amount(band.from))}–${format(amount(band.to))}`;
              const title = rangeTitle(range);
              return (
                <li key={rangeKey(range)} className="rounded-lg border border-gray-200 p-4 dark:border-white/10">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h4 className="text-sm font-semibold text-gray-900 dark:text-white">{title}</h4>
                    <span className="text-xs text-gray-500 dark:text-gray-400">
                      {range.accepted} of {range.sample_size} offers accepted
                    </span>
                  </div>
                  {range.best_band ? (
                    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                      Best band:{' '}
                      <span className="font-semibold text-emerald-700 dark:text-emerald-400">
                        {bandLabel(range.best_band)}
                      </span>{' '}
                      ({percent(range.best_band.acceptance_rate)} of {range.best_band.offers} accepted)
                    </p>
                  ) : null}
                  <ChartSuspense height={180}>
                    <LazyCharts.OptimalBands
                      title={title}
                      bands={range.bands.map((band) => ({
                        label: `${money.compact(amount(band.from) ?? 0)}+`,
                        rate: band.acceptance_rate ?? 0,
                        offers: band.offers,
                        best: band.from === range.best_band?.from,
                      }))}
                    />
                  </ChartSuspense>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="px-5 pt-5 text-sm text-gray-600 dark:text-gray-400">
            No role family has enough answered offers in this period to suggest a band.
          </p>
        )}
        {tooFew.length ? <TooFewOffers ranges={tooFew} minSample={data?.min_sample ?? 0} /> : null}
      </PanelState>
    </Panel>
  );
}

/** The families without a suggestion, collapsed into one disclosure: name, answers so far, how many are needed. */
function TooFewOffers({ ranges, minSample }: { ranges: AnalyticsOptimalRangeRow[]; minSample: number }) {
  const count = ranges.length;
  return (
    <details className="group mx-5 mb-5 rounded-lg border border-amber-200 bg-amber-50/60 text-sm dark:border-amber-400/20 dark:bg-amber-500/5">
      <summary className="cursor-pointer list-none rounded-lg px-4 py-2.5 font-medium text-amber-900 marker:hidden hover:bg-amber-100/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-amber-200 dark:hover:bg-amber-500/10">
        <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        Too few offers to suggest a range: {count} role {count === 1 ? 'family' : 'families'}
      </summary>
      <ul
        aria-label="Role families with too few offers"
        className="divide-y divide-amber-200/70 border-t border-amber-200 dark:divide-amber-400/10 dark:border-amber-400/20"
      >
        {ranges.map((range) => (
          <li
            key={rangeKey(range)}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-2"
          >
            <span className="font-medium text-gray-900 dark:text-gray-100">{rangeTitle(range)}</span>
            <span className="text-xs text-gray-600 tabular-nums dark:text-gray-400">
              {range.accepted} of {range.sample_size} accepted · needs {minSample}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
