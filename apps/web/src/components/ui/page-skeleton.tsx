import type { PageText } from '@/config/page-text';
import { CardHeader } from './card';
import { cn } from './cn';
import { PageHeader } from './page-header';
import { Skeleton } from './skeleton';

/**
 * The shapes a page takes while its code or its data loads, drawn inside the shell (issue 16 item 13):
 * the page keeps its place and its outline instead of a full-page spinner.
 */
export type PageSkeletonVariant = 'dashboard' | 'list' | 'detail' | 'form' | 'board';

const card = 'rounded-xl border border-gray-200 bg-white shadow-xs dark:border-white/10 dark:bg-gray-900';

function HeaderSkeleton({ action = true, text }: { action?: boolean; text?: PageText | undefined }) {
  if (text) {
    return (
      <PageHeader
        title={text.title}
        description={text.description}
        actions={action ? <Skeleton className="h-9 w-32" /> : null}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-2">
        <Skeleton className="h-8 w-48 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      {action ? <Skeleton className="h-9 w-32" /> : null}
    </div>
  );
}

function Lines({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn('space-y-3', className)}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', i % 3 === 2 ? 'w-1/2' : i % 2 ? 'w-2/3' : 'w-5/6')} />
      ))}
    </div>
  );
}

function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className={cn(card, 'overflow-hidden')}>
      <div className="flex flex-wrap items-center gap-3 border-b border-gray-200 px-4 py-3 dark:border-white/10">
        <Skeleton className="h-9 w-full max-w-xs" />
        <Skeleton className="h-9 w-28" />
      </div>
      <div className="flex gap-6 border-b border-gray-200 bg-gray-50 px-4 py-3 dark:border-white/10 dark:bg-white/[0.02]">
        {[24, 16, 20, 12].map((w) => (
          <Skeleton key={w} className="h-3" style={{ width: `${w}%` }} />
        ))}
      </div>
      <div className="divide-y divide-gray-100 dark:divide-white/5">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex items-center gap-6 px-4 py-3.5">
            {[24, 16, 20, 12].map((w) => (
              <Skeleton key={w} className="h-4" style={{ width: `${w}%` }} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function Body({ variant, text }: { variant: PageSkeletonVariant; text?: PageText | undefined }) {
  switch (variant) {
    case 'dashboard':
      return (
        <>
          <div className="space-y-2">
            <Skeleton className="h-8 w-64 max-w-full" />
            <Skeleton className="h-4 w-40" />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={cn(card, 'flex items-center gap-4 p-5')}>
                <Skeleton className="size-10 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-7 w-12" />
                </div>
              </div>
            ))}
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            {text ? (
              <div className={cn(card, 'lg:col-span-2')}>
                <CardHeader title={text.title} description={text.description} />
                <Lines count={8} className="p-5" />
              </div>
            ) : (
              <div className={cn(card, 'p-5 lg:col-span-2')}>
                <Lines count={8} />
              </div>
            )}
            <div className={cn(card, 'p-5')}>
              <Lines count={4} />
            </div>
          </div>
        </>
      );
    case 'list':
      return (
        <>
          <HeaderSkeleton text={text} />
          <TableSkeleton />
        </>
      );
    case 'form':
      return (
        <>
          <HeaderSkeleton action={false} text={text} />
          <div className={cn(card, 'space-y-6 p-6')}>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
            <div className="flex justify-end gap-3">
              <Skeleton className="h-9 w-20" />
              <Skeleton className="h-9 w-28" />
            </div>
          </div>
        </>
      );
    case 'board':
      return (
        <>
          <HeaderSkeleton text={text} />
          <div className="flex gap-2 overflow-hidden">
            {[0, 1, 2, 3, 4, 5, 6].map((i) => (
              <Skeleton key={i} className="h-8 w-28 shrink-0 rounded-full" />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={cn(card, 'space-y-3 p-3')}>
                <Skeleton className="h-5 w-24" />
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            ))}
          </div>
        </>
      );
    case 'detail':
      return (
        <>
          <Skeleton className="h-4 w-28" />
          <HeaderSkeleton />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <div className={cn(card, 'p-5')}>
                <Lines count={6} />
              </div>
              <div className={cn(card, 'p-5')}>
                <Lines count={4} />
              </div>
            </div>
            <div className={cn(card, 'p-5')}>
              <Lines count={5} />
            </div>
          </div>
        </>
      );
  }
}

/**
 * A page-shaped placeholder; screen readers hear 'Loading...' (spec §2's loading text) once. `text`: the
 * page's fixed heading, drawn as the page draws it (the activity card's on the dashboard).
 */
export function PageSkeleton({
  variant = 'detail',
  text,
  className,
}: {
  variant?: PageSkeletonVariant;
  text?: PageText | undefined;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      data-skeleton={variant}
      className={cn('space-y-6', className)}
    >
      <span className="sr-only">Loading...</span>
      <div aria-hidden="true" className="space-y-6">
        <Body variant={variant} text={text} />
      </div>
    </div>
  );
}
