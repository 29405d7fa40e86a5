import { useMemo } from 'react';
import type { AnalyticsFilterOptionsResponse } from '@recruitdesk/contracts/analytics';
import { PageHeader } from '@/components/ui/page-header';
import { useDateFormat } from '@/lib/time-zone';
import {
  queryForFilters,
  useGetAnalyticsClientsQuery,
  useGetAnalyticsFilterOptionsQuery,
  useGetAnalyticsOptimalWageRangeQuery,
  useGetAnalyticsRetainerTimePayoutQuery,
  useGetAnalyticsRoleWagesQuery,
  useGetAnalyticsSourcesQuery,
  useGetAnalyticsStagesQuery,
  useGetAnalyticsSummaryQuery,
  useGetAnalyticsWagesQuery,
} from '../api';
import { DEFINITIONS } from '../definitions';
import { previousPeriod } from '../filters';
import { moneyFormat } from '../money';
import { useAnalyticsFilters } from '../use-analytics-filters';
import { FilterBar, type FilterChoices } from './filter-bar';
import { KpiSection } from './kpi-section';
import { Panel, PanelState } from './panel';
import { RetainerPanel } from './retainer-panel';
import { RevenuePanel } from './revenue-panel';
import { SourcesPanel } from './sources-panel';
import { FunnelPanel, TimeInStagePanel } from './stages-section';
import { clientColumns, ExportableTable, recruiterColumns } from './tables';
import { OptimalRangePanel, RoleWagesPanel, WagesPanel } from './wages-section';

export const ANALYTICS_TEXT = {
  title: 'Analytics',
  description:
    'How the agency is doing: where the money comes from, where candidates stall, what salaries get accepted.',
};

function choicesOf(options: AnalyticsFilterOptionsResponse | undefined): FilterChoices | undefined {
  if (!options) return undefined;
  return {
    clients: options.clients.map((client) => ({ value: String(client.id), label: client.name })),
    recruiters: options.recruiters.map((recruiter) => ({ value: String(recruiter.id), label: recruiter.name })),
    roleFamilies: options.role_families.map((family) => ({
      value: family.value,
      label: `${family.label} (${family.roles})`,
    })),
  };
}

const REFETCH = { refetchOnMountOrArgChange: 60 } as const;

/** /analytics: the filters, the key figures and the sets' cards and charts. */
export function AnalyticsDashboard({ currency }: { currency: string }) {
  const { filters, setFilters, today } = useAnalyticsFilters();
  const format = useDateFormat();
  const query = useMemo(() => queryForFilters(filters), [filters]);
  const money = useMemo(() => moneyFormat(currency), [currency]);
  const options = useGetAnalyticsFilterOptionsQuery(undefined, REFETCH);
  const summary = useGetAnalyticsSummaryQuery(query, REFETCH);
  const clients = useGetAnalyticsClientsQuery(query, REFETCH);
  const stages = useGetAnalyticsStagesQuery(query, REFETCH);
  const wages = useGetAnalyticsWagesQuery(query, REFETCH);
  const roleWages = useGetAnalyticsRoleWagesQuery(query, REFETCH);
  const optimal = useGetAnalyticsOptimalWageRangeQuery(query, REFETCH);
  const retainer = useGetAnalyticsRetainerTimePayoutQuery(query, REFETCH);
  const sources = useGetAnalyticsSourcesQuery(query, REFETCH);
  const choices = useMemo(() => choicesOf(options.data), [options.data]);

  // While new filters load, the previous answer stays on screen (dimmed through aria-busy).
  const state = <T,>(result: {
    isLoading: boolean;
    isFetching: boolean;
    error?: unknown;
    refetch: () => unknown;
    data?: T;
  }) => ({
    loading: result.isLoading,
    error: result.data ? undefined : result.error,
    onRetry: () => void result.refetch(),
  });
  const moneyVisible = summary.data?.money_visible ?? false;
  const previous = previousPeriod(filters.from, filters.to);
  const fileDate = today;
  const clientRows = clients.data?.clients ?? [];
  const recruiterRows = summary.data?.recruiters ?? [];
  const updating = summary.isFetching && !summary.isLoading;

  return (
    <div className="space-y-6">
      <PageHeader
        title={ANALYTICS_TEXT.title}
        description={
          <>
            {format.date(filters.from)} – {format.date(filters.to)}, compared with {format.date(previous.from)} –{' '}
            {format.date(previous.to)}
          </>
        }
      />
      <FilterBar filters={filters} choices={choices} today={today} onChange={setFilters} />
      <div
        aria-busy={updating || undefined}
        className={updating ? 'space-y-6 opacity-70 transition-opacity' : 'space-y-6 transition-opacity'}
      >
        <KpiSection data={summary.data} money={money} {...state(summary)} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <FunnelPanel data={stages.data} {...state(stages)} />
          <TimeInStagePanel data={stages.data} {...state(stages)} />
        </div>
        {moneyVisible ? <RevenuePanel data={summary.data} money={money} {...state(summary)} /> : null}
        <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
          <Panel id="analytics-clients" title="Top clients" description="By placements in the period">
            <PanelState {...state(clients)} empty={false} emptyTitle="" height={240}>
              <ExportableTable
                label="Top clients"
                fileName={`analytics-clients-${fileDate}.xlsx`}
                loading={clients.isLoading}
                emptyTitle="No client activity in this period"
                rows={clientRows}
                getRowId={(row) => String(row.client_id)}
                initialSort={{ id: 'placements', desc: true }}
                columns={clientColumns(clientRows, money)}
              />
            </PanelState>
          </Panel>
          <Panel id="analytics-recruiters" title="Recruiters" description="By placements, then submittals">
            <PanelState {...state(summary)} empty={false} emptyTitle="" height={240}>
              <ExportableTable
                label="Recruiters"
                fileName={`analytics-recruiters-${fileDate}.xlsx`}
                loading={summary.isLoading}
                emptyTitle="No recruiter activity in this period"
                rows={recruiterRows}
                getRowId={(row) => String(row.recruiter_id ?? 'unassigned')}
                initialSort={{ id: 'placements', desc: true }}
                columns={recruiterColumns(recruiterRows, money)}
              />
            </PanelState>
          </Panel>
        </div>
        <SourcesPanel data={sources.data} money={money} fileDate={fileDate} {...state(sources)} />
        <WagesPanel data={wages.data} money={money} fileDate={fileDate} {...state(wages)} />
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <RoleWagesPanel data={roleWages.data} money={money} fileDate={fileDate} {...state(roleWages)} />
          <OptimalRangePanel data={optimal.data} money={money} {...state(optimal)} />
        </div>
        <RetainerPanel data={retainer.data} money={money} fileDate={fileDate} {...state(retainer)} />
        <p className="text-xs text-gray-500 dark:text-gray-400">{DEFINITIONS.role_family}</p>
      </div>
    </div>
  );
}
