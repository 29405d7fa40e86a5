import { lazy, Suspense } from 'react';
import { AlertTriangle, Banknote, HandCoins, Receipt } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { Card, SectionCard } from '@/components/ui/card';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/components/ui/cn';
import { StatFigure } from '@/components/ui/stat-card';
import { useGetInvoiceStatisticsQuery, type InvoiceStatisticsParams } from '../api';
import { formatCurrency, parseHundredths, percentOfWhole } from '../money';
import type { InvoiceStatistics } from '@recruitdesk/contracts/invoices';
import { monthLabel } from './month-label';

/** Recharts loads with the chart, after the figures are on screen. */
const InvoicesChart = lazy(() => import('./invoices-chart'));

const AGING: { key: keyof InvoiceStatistics['aging']; label: string }[] = [
  { key: 'd0_30', label: '0–30 days' },
  { key: 'd31_60', label: '31–60 days' },
  { key: 'd61_90', label: '61–90 days' },
  { key: 'd90_plus', label: '90+ days' },
];

/** The four headline figures, each with its icon and tile colour. */
const FIGURES: {
  field: 'invoiced' | 'collected' | 'outstanding' | 'overdue';
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
}[] = [
  {
    field: 'invoiced',
    label: 'Invoiced',
    icon: Receipt,
    tone: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400',
  },
  {
    field: 'collected',
    label: 'Collected',
    icon: Banknote,
    tone: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
  },
  {
    field: 'outstanding',
    label: 'Outstanding',
    icon: HandCoins,
    tone: 'bg-sky-50 text-sky-600 dark:bg-sky-500/10 dark:text-sky-400',
  },
  {
    field: 'overdue',
    label: 'Overdue',
    icon: AlertTriangle,
    tone: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
  },
];

function Figure({ value, loading, ...figure }: (typeof FIGURES)[number] & { value: string | null; loading: boolean }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5 xl:flex-col xl:items-start xl:gap-3 2xl:flex-row 2xl:items-center 2xl:gap-4">
      <StatFigure
        label={figure.label}
        value={value}
        icon={figure.icon}
        loading={loading}
        tone={figure.tone}
        valueClassName="truncate text-lg sm:text-2xl"
        skeletonClassName="w-24"
      />
    </Card>
  );
}

/** The aging buckets as one stacked bar with its figures (past-due balances). */
function Aging({ stats }: { stats: InvoiceStatistics }) {
  const amounts = AGING.map(({ key }) => parseHundredths(stats.aging[key]) ?? 0n);
  const total = amounts.reduce((sum, value) => sum + value, 0n);
  const colours = ['bg-amber-300', 'bg-orange-400', 'bg-red-500', 'bg-red-800'];
  return (
    <div className="space-y-3">
      <div className="flex h-3 overflow-hidden rounded-full bg-gray-100 dark:bg-white/5" aria-hidden="true">
        {total > 0n
          ? amounts.map((amount, index) => (
              <div
                key={AGING[index]!.key}
                className={colours[index]}
                style={{ width: `${percentOfWhole(amount, total)}%` }}
              />
            ))
          : null}
      </div>
      <dl className="grid grid-cols-2 gap-3">
        {AGING.map(({ key, label }, index) => (
          <div key={key}>
            <dt className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
              <span aria-hidden="true" className={cn('size-2 rounded-full', colours[index])} />
              {label}
            </dt>
            <dd className="text-sm font-medium text-gray-900 tabular-nums dark:text-white">
              {formatCurrency(stats.aging[key], stats.currency)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The figures of the chart as a table for screen readers (the chart itself is hidden from them). */
function ChartTable({ stats }: { stats: InvoiceStatistics }) {
  return (
    <table className="sr-only">
      <caption>Invoiced and collected by month</caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          <th scope="col">Invoiced</th>
          <th scope="col">Collected</th>
        </tr>
      </thead>
      <tbody>
        {stats.by_month.map((row) => (
          <tr key={row.month}>
            <th scope="row">{monthLabel(row.month)}</th>
            <td>{formatCurrency(row.invoiced, stats.currency)}</td>
            <td>{formatCurrency(row.collected, stats.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /invoices: invoiced, collected, outstanding, overdue, the aging buckets and 12 months' chart. */
export function InvoiceStatisticsPanel({ params = {} }: { params?: InvoiceStatisticsParams }) {
  const { data: answer, error, isLoading, isFetching, refetch } = useGetInvoiceStatisticsQuery(params);
  const data = answer?.statistics;
  if (error) {
    return (
      <Card>
        <QueryError
          title="Could not load the statistics"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </Card>
    );
  }
  const money = (value: string | undefined) =>
    data && value !== undefined ? formatCurrency(value, data.currency) : null;
  return (
    <section aria-label="Invoice statistics" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {FIGURES.map((figure) => (
          <Figure key={figure.field} {...figure} value={money(data?.[figure.field])} loading={isLoading} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <SectionCard
          id="invoice-chart"
          title="Invoiced vs collected"
          description="The last 12 months."
          className="lg:col-span-2"
          flush
        >
          <div className="px-3 py-4 text-gray-500 sm:px-5 dark:text-gray-400">
            {data ? (
              <>
                <div aria-hidden="true">
                  <Suspense fallback={<Skeleton className="h-64 w-full" />}>
                    <InvoicesChart stats={data} />
                  </Suspense>
                </div>
                <ChartTable stats={data} />
              </>
            ) : (
              <Skeleton className="h-64 w-full" />
            )}
          </div>
        </SectionCard>
        <SectionCard id="invoice-aging" title="Aging" description="Unpaid balances by days past due.">
          {data ? <Aging stats={data} /> : <Skeleton className="h-16 w-full" />}
        </SectionCard>
      </div>
    </section>
  );
}
