import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isMonday, mondayOf } from '@recruitdesk/contracts/job-postings';
import { ChevronLeft, ChevronRight, Megaphone, TriangleAlert, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useGetPostingOverviewQuery } from '../api';
import { weekLabel } from '../figures';
import { ImportDialog } from './import-dialog';
import { OverviewTable } from './overview-table';
import { PerformanceView } from './performance-view';
import { addDays } from '@recruitdesk/money/dates';

const validWeek = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? isMonday(value)
      ? value
      : mondayOf(value)
    : undefined;

/** Roles the feed would send without a country (the board refuses them): set the agency's or the role's. */
function NoCountryWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div className="px-5 pt-4">
      <div
        role="status"
        className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/20"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">{count === 1 ? '1 role has no country' : `${count} roles have no country`}</p>
          <p className="mt-1">
            Indeed refuses a job without a country. Set the agency&apos;s country and postal code in{' '}
            <Link to={paths.app.settings.getHref()} className="font-medium underline">
              Settings
            </Link>
            , or a role&apos;s own on its edit page.
          </p>
        </div>
      </div>
    </div>
  );
}

/** /jobs/indeed: the week's job-board figures per posted role, the report import and the performance. */
export function IndeedPostingPage({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const week = validWeek(params.get('week'));
  const { data, error, isFetching, refetch } = useGetPostingOverviewQuery(week);
  const [importing, setImporting] = useState(false);
  const shown = data?.week_start ?? week;
  const goTo = (next: string) => setParams(next === data?.current_week ? {} : { week: next });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Indeed Posting"
        description="Weekly spend and traffic of the roles posted on the job board. Switch posting on from a role's page."
        actions={
          canEdit ? (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Import report
            </Button>
          ) : null
        }
      />
      <Card role="region" aria-labelledby="posting-week-title">
        <div className="flex flex-col gap-3 border-b border-gray-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between dark:border-white/10">
          <div>
            <h2 id="posting-week-title" className="text-sm font-semibold text-gray-900 dark:text-white">
              Week
            </h2>
            <p className="text-sm text-gray-500 dark:text-gray-400" aria-live="polite">
              {shown ? weekLabel(shown) : 'Loading…'}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label="Previous week"
              disabled={!shown}
              onClick={() => shown && goTo(addDays(shown, -7))}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <input
              type="date"
              aria-label="Week of"
              className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900 dark:border-white/15 dark:bg-gray-950 dark:text-white"
              value={shown ?? ''}
              max={data?.current_week}
              onChange={(event) => {
                const next = validWeek(event.target.value);
                if (next) goTo(next);
              }}
            />
            <Button
              variant="secondary"
              size="sm"
              aria-label="Next week"
              disabled={!shown || !data || shown >= data.current_week}
              onClick={() => shown && goTo(addDays(shown, 7))}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
            {data && shown !== data.current_week ? (
              <Button variant="ghost" size="sm" onClick={() => goTo(data.current_week)}>
                This week
              </Button>
            ) : null}
          </div>
        </div>
        {error ? (
          <QueryError
            title="The week could not be loaded."
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : !data ? (
          <div className="space-y-2 p-5" aria-busy="true">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : data.rows.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            title="No roles are posted"
            description="Switch on “Post on Indeed” on a role's page, and it shows here for every week."
          />
        ) : (
          <div aria-busy={isFetching}>
            <NoCountryWarning count={data.rows.filter((row) => row.indeed_posting && !row.feed_country).length} />
            <OverviewTable key={data.week_start} data={data} canEdit={canEdit} />
          </div>
        )}
      </Card>
      {data ? <PerformanceView currentWeek={data.current_week} /> : null}
      {canEdit && importing ? (
        <ImportDialog open={importing} onClose={() => setImporting(false)} currency={data?.currency ?? 'USD'} />
      ) : null}
    </div>
  );
}
