import type { AnalyticsKpis, AnalyticsSummaryResponse } from '@recruitdesk/contracts/analytics';
import { QueryError } from '@/components/ui/query-error';
import { DEFINITIONS } from '../definitions';
import { amount, daysText, percent, type MoneyFormat } from '../money';
import { KpiCard, type Kpi } from './kpi-card';

const MONEY_KEYS = ['revenue_booked', 'revenue_collected', 'average_fee'] as const;

/**
 * The cards of the summary set, each against the previous period. Money cards exist only when the
 * answer carries money (owners): for everyone else the server leaves the fields out, and so do the cards.
 */
export function kpisOf(summary: AnalyticsKpis, previous: AnalyticsKpis, money: MoneyFormat): Kpi[] {
  const count = (id: 'open_roles' | 'new_roles' | 'placements', label: string): Kpi => ({
    id,
    label,
    value: summary[id],
    previous: previous[id],
    display: summary[id].toLocaleString(),
    definition: DEFINITIONS[id],
  });
  const days = (id: 'median_days_to_fill' | 'median_days_to_first_submittal', label: string): Kpi => ({
    id,
    label,
    value: summary[id],
    previous: previous[id],
    display: summary[id] == null ? null : daysText(summary[id]),
    definition: DEFINITIONS[id],
    lowerIsBetter: true,
  });
  const kpis: Kpi[] = [
    count('open_roles', 'Open roles'),
    count('new_roles', 'New roles'),
    count('placements', 'Placements'),
    {
      id: 'fill_rate',
      label: 'Fill rate',
      value: summary.fill_rate,
      previous: previous.fill_rate,
      display: summary.fill_rate == null ? null : percent(summary.fill_rate),
      definition: `${DEFINITIONS.fill_rate} This period: ${summary.roles_filled} of ${summary.roles_closed}.`,
      kind: 'points',
    },
    days('median_days_to_fill', 'Median time to fill'),
    days('median_days_to_first_submittal', 'Time to first submittal'),
    {
      id: 'submittals_per_placement',
      label: 'Submittals per placement',
      value: summary.submittals_per_placement,
      previous: previous.submittals_per_placement,
      display: summary.submittals_per_placement == null ? null : summary.submittals_per_placement.toFixed(1),
      definition: `${DEFINITIONS.submittals_per_placement} This period: ${summary.submittals} submittals.`,
      lowerIsBetter: true,
    },
  ];
  const labels: Record<(typeof MONEY_KEYS)[number], string> = {
    revenue_booked: 'Revenue booked',
    revenue_collected: 'Revenue collected',
    average_fee: 'Average fee',
  };
  for (const key of MONEY_KEYS) {
    if (summary[key] === undefined) continue; // not this user's to see
    const value = amount(summary[key]);
    kpis.push({
      id: key,
      label: labels[key],
      value,
      previous: amount(previous[key]),
      display: value == null ? null : money.full(value),
      definition: DEFINITIONS[key],
    });
  }
  return kpis;
}

export function KpiSection({
  data,
  loading,
  error,
  onRetry,
  money,
}: {
  data: AnalyticsSummaryResponse | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  money: MoneyFormat;
}) {
  if (error && !data) {
    return (
      <section
        aria-label="Key figures"
        className="rounded-xl border border-gray-200 bg-white dark:border-white/10 dark:bg-gray-900"
      >
        <QueryError title="The key figures could not load." error={error} onRetry={onRetry} />
      </section>
    );
  }
  const kpis = data
    ? kpisOf(data.summary, data.previous, money)
    : [
        'Open roles',
        'New roles',
        'Placements',
        'Fill rate',
        'Median time to fill',
        'Time to first submittal',
        'Submittals per placement',
      ].map((label, i): Kpi => ({
        id: `loading-${i}`,
        label,
        value: null,
        previous: null,
        display: null,
        definition: '',
      }));
  return (
    <section
      aria-label="Key figures"
      aria-busy={loading || undefined}
      className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5"
    >
      {kpis.map((kpi) => (
        <KpiCard key={kpi.id} kpi={kpi} loading={loading && !data} />
      ))}
    </section>
  );
}
