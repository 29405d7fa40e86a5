import type { AnalyticsRetainerTimePayoutResponse } from '@recruitdesk/contracts/analytics';
import { DEFINITIONS } from '../definitions';
import { amount, daysText, type MoneyFormat } from '../money';
import { ChartSuspense, LazyCharts, Panel, PanelState } from './panel';
import { ExportableTable, moneyIn } from './tables';

interface SetState {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Retainer clients: median days from signing to invoiced and paid, per client, and what is still expected. */
export function RetainerPanel({
  data,
  money,
  fileDate,
  ...state
}: { data: AnalyticsRetainerTimePayoutResponse | undefined; money: MoneyFormat; fileDate: string } & SetState) {
  const clients = data?.clients ?? [];
  const overall = data?.overall;
  const withMoney = overall?.outstanding_amount !== undefined;
  const chart = clients
    .filter((client) => client.median_days_to_invoice != null || client.median_days_to_paid != null)
    .slice(0, 12)
    .map((client) => ({
      label: client.client_name,
      invoiced: client.median_days_to_invoice,
      paid: client.median_days_to_paid,
    }));
  return (
    <Panel
      id="analytics-retainer"
      title="Retainer payout timeline"
      help={DEFINITIONS.retainer}
      description={
        overall
          ? `Median days from signing: to invoiced ${daysText(overall.median_days_to_invoice)} (instalments invoiced in the period), to paid ${daysText(overall.median_days_to_paid)} (those of them paid) · ${overall.outstanding_instalments} instalments still expected${withMoney ? ` (${money.full(amount(overall.outstanding_amount))})` : ''}`
          : undefined
      }
    >
      <PanelState {...state} empty={clients.length === 0} emptyTitle="No retainer clients in this period" height={220}>
        {chart.length ? (
          <div className="px-3 py-4">
            <ChartSuspense height={220}>
              <LazyCharts.RetainerTimeline data={chart} />
            </ChartSuspense>
          </div>
        ) : null}
        <ExportableTable
          label="Retainer clients"
          fileName={`retainer-payouts-${fileDate}.xlsx`}
          loading={state.loading}
          emptyTitle="No retainer clients"
          rows={clients}
          getRowId={(row) => String(row.client_id)}
          initialSort={{ id: 'outstanding_instalments', desc: true }}
          columns={[
            {
              id: 'client_name',
              header: 'Client',
              type: 'text',
              value: (row) => row.client_name,
              className: 'font-medium',
            },
            {
              id: 'signed_on',
              header: 'Signed',
              type: 'text',
              value: (row) => row.signed_on,
              className: 'hidden md:table-cell',
            },
            {
              id: 'median_days_to_invoice',
              header: 'Days to invoiced',
              type: 'decimal',
              numeric: true,
              value: (row) => row.median_days_to_invoice,
              cell: (row) => daysText(row.median_days_to_invoice),
            },
            {
              id: 'median_days_to_paid',
              header: 'Days to paid',
              type: 'decimal',
              numeric: true,
              value: (row) => row.median_days_to_paid,
              cell: (row) => daysText(row.median_days_to_paid),
            },
            {
              id: 'outstanding_instalments',
              header: 'Still expected',
              type: 'integer',
              numeric: true,
              value: (row) => row.outstanding_instalments,
            },
            ...(withMoney
              ? [
                  {
                    id: 'outstanding_amount',
                    header: 'Outstanding',
                    type: 'money' as const,
                    numeric: true,
                    value: (row: (typeof clients)[number]) => amount(row.outstanding_amount),
                    cell: (row: (typeof clients)[number]) =>
                      moneyIn(row.currency, money)(amount(row.outstanding_amount)),
                    className: 'hidden sm:table-cell',
                  },
                ]
              : []),
          ]}
        />
      </PanelState>
    </Panel>
  );
}
