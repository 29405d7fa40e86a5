import { useSearchParams } from 'react-router';
import type { ApplicationStatusFilter } from '@recruitdesk/contracts/applications';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { useDeferredAnswer } from '@/lib/deferred-answer';
import { useListApplicationsQuery } from '../api';
import { ApplicationList, STATUS_FILTERS, StatusFilter } from './application-list';

const PAGE_SIZE = 20;

const positive = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

/**
 * /applications: every application across the agency's roles (issue 29 item k), newest first, paged, by
 * status, applicant, "only my roles", and a role or client from the address (`?role=`, `?client=`).
 */
export function ApplicationsInbox() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ApplicationStatusFilter = STATUS_FILTERS.some((filter) => filter.value === statusParam)
    ? (statusParam as ApplicationStatusFilter)
    : 'new';
  const page = positive(params.get('page')) ?? 1;
  const search = params.get('search') ?? '';
  const mine = params.get('mine') === 'true';
  const role = positive(params.get('role'));
  const client = positive(params.get('client'));
  const query = useDeferredAnswer(
    useListApplicationsQuery({ status, page, pageSize: PAGE_SIZE, mine, search, role, client }),
  );

  /** Changes filters (and goes back to the first page unless the page is what changes). */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const narrowed = role || client;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Applications"
        description="Everyone who applied through the careers pages and the job board, across every role."
      />
      <Card role="region" aria-label="All applications">
        <div className="flex flex-col gap-3 border-b border-gray-200 px-5 py-3 lg:flex-row lg:items-center lg:justify-between dark:border-white/10">
          <StatusFilter label="Show applications" value={status} onChange={(next) => update({ status: next })} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchInput
              label="Search applicants"
              placeholder="Name or email"
              value={search}
              onChange={(next) => update({ search: next })}
              className="sm:w-64"
            />
            <Checkbox
              label="Only my roles"
              checked={mine}
              onChange={(event) => update({ mine: event.target.checked ? 'true' : null })}
            />
          </div>
        </div>
        {narrowed ? (
          <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-5 py-2 text-sm text-gray-600 dark:border-white/10 dark:text-gray-400">
            <span>{role ? 'Showing one role’s applications.' : 'Showing one client’s applications.'}</span>
            <button
              type="button"
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              onClick={() => update({ role: null, client: null })}
            >
              Show every role
            </button>
          </div>
        ) : null}
        <ApplicationList
          data={query.data}
          error={query.error}
          isLoading={query.isLoading}
          isFetching={query.isFetching}
          refetch={() => void query.refetch()}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(next) => update({ page: String(next) })}
          showRole
          emptyTitle={
            status === 'new' && !search && !mine && !narrowed ? 'No new applications' : 'No applications match'
          }
        />
      </Card>
    </div>
  );
}
