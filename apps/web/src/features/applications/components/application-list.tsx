import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import type { ApplicationStatusFilter, ApplicationSummary } from '@recruitdesk/contracts/applications';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { ApplicationStatusBadge } from './application-status-badge';

export const STATUS_FILTERS: { value: ApplicationStatusFilter; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'converted', label: 'Converted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/** The status tabs above an applications list (a radio group of buttons, keyboard-friendly). */
export function StatusFilter({
  value,
  onChange,
  label,
}: {
  value: ApplicationStatusFilter;
  onChange: (next: ApplicationStatusFilter) => void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {STATUS_FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          aria-pressed={value === filter.value}
          onClick={() => onChange(filter.value)}
          className={cn(
            'rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            value === filter.value
              ? 'bg-brand-600 text-white ring-brand-600 dark:bg-brand-500 dark:ring-brand-500'
              : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50 dark:bg-white/5 dark:text-gray-300 dark:ring-white/10 dark:hover:bg-white/10',
          )}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}

/** Rows of applications linking to their screens; loading, empty and error states; the shared pager. */
export function ApplicationList({
  data,
  error,
  isLoading,
  isFetching,
  refetch,
  page,
  pageSize,
  onPageChange,
  showRole = false,
  emptyTitle,
}: {
  data?: { results: ApplicationSummary[]; count: number } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  showRole?: boolean;
  emptyTitle: string;
}) {
  if (isLoading)
    return (
      <div className="space-y-2 p-5" aria-busy="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <span role="status" className="sr-only">
          Loading applications
        </span>
      </div>
    );
  if (error || !data)
    return <QueryError title="Could not load the applications" error={error} onRetry={refetch} retrying={isFetching} />;
  if (data.count === 0)
    return (
      <EmptyState
        icon={Inbox}
        title={emptyTitle}
        description="Applications sent through the careers page show up here."
      />
    );
  return (
    <>
      <ul aria-label="Applications" className="divide-y divide-gray-100 dark:divide-white/5">
        {data.results.map((item) => (
          <li key={item.id} className="flex items-center justify-between gap-3 px-5 py-3">
            <div className="min-w-0">
              <Link
                to={paths.app.application.getHref(item.role.id, item.id)}
                className="block truncate text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                {item.name}
              </Link>
              <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                {showRole ? `${item.role.name} · ${item.client.name} · ` : ''}
                {item.email} · <RelativeTime value={item.created_at} />
              </p>
            </div>
            <ApplicationStatusBadge status={item.status} />
          </li>
        ))}
      </ul>
      {data.count > pageSize ? (
        <Pagination
          className="border-t border-gray-200 px-5 py-3 dark:border-white/10"
          page={page}
          pageSize={pageSize}
          total={data.count}
          onPageChange={onPageChange}
          busy={isFetching}
          noun="applications"
        />
      ) : null}
    </>
  );
}
