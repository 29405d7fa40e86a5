import { APPLICATION_SOURCE_LABELS } from '@recruitdesk/contracts/applications';
import {
  NO_SOURCE_LABEL,
  type AnalyticsApplicationsRow,
  type AnalyticsSourceRow,
  type AnalyticsSourcesResponse,
} from '@recruitdesk/contracts/analytics';
import { DEFINITIONS } from '../definitions';
import { amount, percent, type MoneyFormat } from '../money';
import { Panel, PanelState } from './panel';
import { ExportableTable, type Column } from './tables';

interface SetState {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

function sourceColumns(rows: AnalyticsSourceRow[], money: MoneyFormat): Column<AnalyticsSourceRow>[] {
  const columns: Column<AnalyticsSourceRow>[] = [
    {
      id: 'source',
      header: 'Source',
      type: 'text',
      value: (row) => row.source || NO_SOURCE_LABEL,
      className: 'font-medium',
    },
    { id: 'placements', header: 'Placements', type: 'integer', numeric: true, value: (row) => row.placements },
    {
      id: 'share',
      header: 'Share',
      type: 'percent',
      numeric: true,
      value: (row) => row.share,
      // A bar beside the figure, so the channels compare at a glance.
      cell: (row) => (
        <span className="inline-flex items-center justify-end gap-2">
          <span
            aria-hidden="true"
            className="hidden h-2 w-24 overflow-hidden rounded-full bg-gray-100 sm:inline-block dark:bg-white/10"
          >
            <span
              className="block h-full rounded-full bg-brand-500"
              style={{ width: `${Math.round(row.share * 100)}%` }}
            />
          </span>
          <span className="tabular-nums">{percent(row.share)}</span>
        </span>
      ),
    },
  ];
  if (rows.some((row) => row.fees !== undefined))
    columns.push({
      id: 'fees',
      header: 'Fees',
      type: 'money',
      numeric: true,
      value: (row) => amount(row.fees),
      cell: (row) => <span className="tabular-nums">{money.full(amount(row.fees))}</span>,
    });
  return columns;
}

const count = (
  id: keyof AnalyticsApplicationsRow & string,
  header: string,
  className?: string,
): Column<AnalyticsApplicationsRow> => ({
  id,
  header,
  type: 'integer',
  numeric: true,
  value: (row) => row[id] as number,
  ...(className ? { className } : {}),
});

const APPLICATION_COLUMNS: Column<AnalyticsApplicationsRow>[] = [
  {
    id: 'source',
    header: 'Channel',
    type: 'text',
    value: (row) => APPLICATION_SOURCE_LABELS[row.source],
    className: 'font-medium',
  },
  count('received', 'Received'),
  count('open', 'Open', 'hidden sm:table-cell'),
  count('rejected', 'Rejected', 'hidden sm:table-cell'),
  count('converted', 'Converted'),
  count('placed', 'Placed'),
  {
    id: 'conversion',
    header: 'Converted share',
    type: 'percent',
    numeric: true,
    value: (row) => (row.received ? row.converted / row.received : null),
    cell: (row) => <span className="tabular-nums">{percent(row.received ? row.converted / row.received : null)}</span>,
    className: 'hidden md:table-cell',
  },
];

/** Where placements come from, and what the job-board and careers-page applications turned into (issue 14). */
export function SourcesPanel({
  data,
  money,
  fileDate,
  ...state
}: { data: AnalyticsSourcesResponse | undefined; money: MoneyFormat; fileDate: string } & SetState) {
  const sources = data?.sources ?? [];
  const applications = data?.applications ?? [];
  return (
    <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
      <Panel
        id="analytics-sources"
        title="Where placements come from"
        help={DEFINITIONS.sources}
        description="Placements in the period by candidate source"
      >
        <PanelState {...state} empty={false} emptyTitle="" height={200}>
          <ExportableTable
            label="Placements by source"
            fileName={`analytics-sources-${fileDate}.xlsx`}
            loading={state.loading}
            emptyTitle="No placements in this period"
            rows={sources}
            getRowId={(row) => row.source.toLowerCase() || '-'}
            initialSort={{ id: 'placements', desc: true }}
            columns={sourceColumns(sources, money)}
          />
        </PanelState>
      </Panel>
      <Panel
        id="analytics-applications"
        title="Applications"
        help={DEFINITIONS.applications}
        description="Received in the period, by channel"
      >
        <PanelState {...state} empty={false} emptyTitle="" height={200}>
          <ExportableTable
            label="Applications by channel"
            fileName={`analytics-applications-${fileDate}.xlsx`}
            loading={state.loading}
            emptyTitle="No applications in this period"
            rows={applications}
            getRowId={(row) => row.source}
            initialSort={{ id: 'received', desc: true }}
            columns={APPLICATION_COLUMNS}
          />
        </PanelState>
      </Panel>
    </div>
  );
}
