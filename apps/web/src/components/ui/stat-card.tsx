import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';
import { Skeleton } from './skeleton';

/** A number that links to the list behind it. */
export function StatCard({
  label,
  value,
  href,
  icon: Icon,
  loading = false,
}: {
  label: string;
  value: number | null;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  loading?: boolean;
}) {
  return (
    <Link
      to={href}
      className={cn(
        'group flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-xs transition-colors hover:border-brand-300',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'dark:border-white/10 dark:bg-gray-900 dark:hover:border-brand-400/50',
      )}
    >
      <StatFigure label={label} value={value} icon={Icon} loading={loading} />
    </Link>
  );
}

/**
 * A statistic's coloured icon tile, its name and its value (a skeleton while loading). `tone` colours the
 * tile; `valueClassName` and `skeletonClassName` size the value.
 */
export function StatFigure({
  label,
  value,
  icon: Icon,
  loading,
  tone = 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400',
  valueClassName = 'text-3xl',
  skeletonClassName = 'w-12',
}: {
  label: string;
  value: number | string | null;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  loading: boolean;
  tone?: string;
  valueClassName?: string;
  skeletonClassName?: string;
}) {
  return (
    <>
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-gray-500 dark:text-gray-400">{label}</span>
        {loading ? (
          <Skeleton className={cn('mt-1 h-7', skeletonClassName)} />
        ) : (
          <span
            className={cn(
              'block font-semibold tracking-tight text-gray-900 tabular-nums dark:text-white',
              valueClassName,
            )}
          >
            {value ?? '—'}
          </span>
        )}
      </span>
    </>
  );
}
