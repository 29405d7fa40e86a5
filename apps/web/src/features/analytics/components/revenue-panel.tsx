import type { AnalyticsSummaryResponse } from '@recruitdesk/contracts/analytics';
import { amount, type MoneyFormat } from '../money';
import { ChartSuspense, LazyCharts, Panel, PanelState } from './panel';

const monthLabel = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(undefined, {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
};

/** Revenue by month, booked against collected (owners only: shown when the answer carries money). */
export function RevenuePanel({
  data,
  money,
  loading,
  error,
  onRetry,
}: {
  data: AnalyticsSummaryResponse | undefined;
  money: MoneyFormat;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const rows = (data?.months ?? []).map((month) => ({
    month: month.month,
    label: monthLabel(month.month),
    booked: amount(month.revenue_booked) ?? 0,
    collected: amount(month.revenue_collected) ?? 0,
  }));
  const empty = rows.every((row) => row.booked === 0 && row.collected === 0);
  return (
    <Panel
      id="analytics-revenue"
      title="Revenue by month"
      help="Booked: invoiced that month (credit notes negative). Collected: payouts received that month."
      description={
        data
          ? `${money.full(rows.reduce((s, r) => s + r.booked, 0))} booked · ${money.full(rows.reduce((s, r) => s + r.collected, 0))} collected`
          : undefined
      }
    >
      <PanelState
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty={empty}
        emptyTitle="No invoices or payouts in this period"
        height={260}
      >
        <div className="px-3 py-4">
          <ChartSuspense>
            <LazyCharts.Revenue data={rows} money={money.full} compactMoney={money.compact} />
          </ChartSuspense>
        </div>
      </PanelState>
    </Panel>
  );
}
