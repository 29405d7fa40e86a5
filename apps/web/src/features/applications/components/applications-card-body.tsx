import { useState } from 'react';
import type { ApplicationStatusFilter, ApplicationSummary } from '@recruitdesk/contracts/applications';
import { ApplicationList, StatusFilter } from './application-list';
import { useDeferredAnswer } from '@/lib/deferred-answer';

/** The filter of an applications card: status (new first) and page; a new status goes back to page 1. */
export function useApplicationsFilter() {
  const [status, setStatus] = useState<ApplicationStatusFilter>('new');
  const [page, setPage] = useState(1);
  return {
    status,
    page,
    setPage,
    changeStatus: (next: ApplicationStatusFilter) => {
      setStatus(next);
      setPage(1);
    },
  };
}

export type ApplicationsFilter = ReturnType<typeof useApplicationsFilter>;

/** What an applications list query hands the card body (an RTK Query result, narrowed). */
export interface ApplicationsQueryResult {
  data?: { results: ApplicationSummary[]; count: number } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The body of an applications card (the role page's and the dashboard's): the status filter over the paged list. */
export function ApplicationsCardBody({
  filter,
  query,
  filterLabel,
  pageSize,
  showRole = false,
  emptyNewTitle,
}: {
  filter: ApplicationsFilter;
  query: ApplicationsQueryResult;
  filterLabel: string;
  pageSize: number;
  showRole?: boolean;
  emptyNewTitle: string;
}) {
  const shown = useDeferredAnswer(query);
  return (
    <>
      <div className="border-b border-gray-200 px-5 py-3 dark:border-white/10">
        <StatusFilter label={filterLabel} value={filter.status} onChange={filter.changeStatus} />
      </div>
      <ApplicationList
        data={shown.data}
        error={shown.error}
        isLoading={shown.isLoading}
        isFetching={shown.isFetching}
        refetch={() => void shown.refetch()}
        page={filter.page}
        pageSize={pageSize}
        onPageChange={filter.setPage}
        showRole={showRole}
        emptyTitle={filter.status === 'new' ? emptyNewTitle : 'No applications'}
      />
    </>
  );
}
