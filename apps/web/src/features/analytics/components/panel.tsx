import { lazy, Suspense, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { HelpTip } from './help-tip';

/** The charts' chunk (Recharts), fetched once the page is there. */
const load = () => import('./charts');
export const LazyCharts = {
  TimeInStage: lazy(() => load().then((m) => ({ default: m.TimeInStageChart }))),
  Revenue: lazy(() => load().then((m) => ({ default: m.RevenueChart }))),
  WageRange: lazy(() => load().then((m) => ({ default: m.WageRangeChart }))),
  OptimalBands: lazy(() => load().then((m) => ({ default: m.OptimalBandsChart }))),
  RetainerTimeline: lazy(() => load().then((m) => ({ default: m.RetainerTimelineChart }))),
};

export function ChartSuspense({ height = 260, children }: { height?: number; children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>{children}</Suspense>;
}

/** One card of the page: a titled region with its definition on hover and its actions (export). */
export function Panel({
  id,
  title,
  help,
  description,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  help?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className={className}>
      <div className="flex items-start justify-between gap-3 border-b border-gray-200 px-5 py-4 dark:border-white/10">
        <div className="min-w-0">
          <div className="flex items-center gap-1.5">
            <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900 dark:text-white">
              {title}
            </h3>
            {help ? <HelpTip label={title} text={help} /> : null}
          </div>
          {description ? <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </Card>
  );
}

/** What a panel shows while its set loads, when it failed, or when it has nothing. */
export function PanelState({
  loading,
  error,
  empty,
  emptyTitle,
  emptyDescription = 'Nothing in this period with these filters.',
  onRetry,
  height = 200,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyTitle: string;
  emptyDescription?: string;
  onRetry: () => void;
  height?: number;
  children: ReactNode;
}) {
  if (error) return <QueryError title="These figures could not load." error={error} onRetry={onRetry} />;
  if (loading)
    return (
      <div className="p-5" aria-busy="true">
        <Skeleton className="w-full" style={{ height }} />
      </div>
    );
  if (empty) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return <>{children}</>;
}
