import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { changeAgainstPrevious, type ChangeKind } from '../change';
import { HelpTip } from './help-tip';

export interface Kpi {
  id: string;
  label: string;
  /** The figure as shown ('£12,400', '42%', '18 days'); null: not known for this period. */
  display: string | null;
  value: number | null;
  previous: number | null;
  definition: string;
  kind?: ChangeKind;
  lowerIsBetter?: boolean;
}

/** One figure with its change against the previous period and its definition on hover. */
export function KpiCard({ kpi, loading = false }: { kpi: Kpi; loading?: boolean }) {
  const change = loading
    ? null
    : changeAgainstPrevious(kpi.value, kpi.previous, {
        kind: kpi.kind ?? 'relative',
        lowerIsBetter: kpi.lowerIsBetter ?? false,
      });
  const labelId = `kpi-${kpi.id}-label`;
  const Arrow = change?.direction === 'up' ? ArrowUpRight : change?.direction === 'down' ? ArrowDownRight : ArrowRight;
  const fresh = change?.text === 'New';
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      data-kpi={kpi.id}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs dark:border-white/10 dark:bg-gray-900"
    >
      <div className="flex items-center gap-1.5">
        <span id={labelId} className="text-sm text-gray-500 dark:text-gray-400">
          {kpi.label}
        </span>
        {kpi.definition ? <HelpTip label={kpi.label} text={kpi.definition} /> : null}
      </div>
      {loading ? (
        <Skeleton className="mt-2 h-7 w-20" />
      ) : (
        <p className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums dark:text-white">
          {kpi.display ?? '—'}
        </p>
      )}
      {change ? (
        <p
          className={cn(
            'mt-1 flex flex-wrap items-center gap-x-1 text-xs font-medium',
            change.good === null
              ? 'text-gray-500 dark:text-gray-400'
              : change.good
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400',
          )}
        >
          <span aria-hidden="true" className="inline-flex items-center gap-0.5 whitespace-nowrap">
            {fresh ? null : <Arrow className="size-3.5" />}
            {change.text}
          </span>
          <span className="sr-only">{change.description}</span>
          <span aria-hidden="true" className="font-normal whitespace-nowrap text-gray-500 dark:text-gray-400">
            {change.versus}
          </span>
        </p>
      ) : loading ? null : (
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">No earlier figure to compare</p>
      )}
    </div>
  );
}
