import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Briefcase, RotateCcw } from 'lucide-react';
import { ROLE_CLOSE_REASON_LABELS, ROLE_ORDERINGS } from '@recruitdesk/contracts/role-constants';
import type { Role } from '@recruitdesk/contracts/roles';
import { Button } from '@/components/ui/button';
import type { ColumnDef } from '@/components/ui/data-table';
import { ListTable } from '@/components/ui/list-table';
import { EmptyState } from '@/components/ui/empty-state';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { Badge } from '@/components/ui/badge';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { DateText } from '@/components/ui/time';
import { formatDate } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { orderingFromSorting, sortingFromOrdering, useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListActiveRolesQuery, useListClosedRolesQuery, useReopenRoleMutation, type RoleListParams } from '../api';
import { NewApplicationsBadge, PriorityBadge } from './role-badges';

export const ROLES_PAGE_SIZE = 25;
type Ordering = (typeof ROLE_ORDERINGS)[number];

/** ?client=&search=&recruiter=me&opened=this_month&sort=&page=&page_size= → the list query. */
export function rolesQueryFromSearchParams(
  params: URLSearchParams,
  defaultOrdering: Ordering,
): RoleListParams & { ordering: Ordering; page: number } {
  const sort = params.get('sort');
  const query: RoleListParams & { ordering: Ordering; page: number } = {
    ordering: (ROLE_ORDERINGS as readonly string[]).includes(sort ?? '') ? (sort as Ordering) : defaultOrdering,
    page: pageFrom(params),
    page_size: pageSizeFrom(params, ROLES_PAGE_SIZE),
  };
  const client = Number(params.get('client'));
  if (Number.isInteger(client) && client > 0) query.client = client;
  const search = params.get('search')?.trim();
  if (search) query.search = search;
  if (params.get('recruiter') === 'me') query.recruiter = 'me';
  if (params.get('opened') === 'this_month') query.opened = 'this_month';
  const archived = params.get('archived');
  if (archived === 'true' || archived === 'all') query.archived = archived;
  return query;
}

const linkClass =
  'font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400';

const nameColumn: ColumnDef<Role, unknown> = {
  id: 'name',
  header: 'Role',
  enableSorting: true,
  sortDescFirst: false,
  cell: ({ row: { original: role } }) => (
    <div className="min-w-0">
      <Link to={paths.app.role.getHref(role.id)} className={linkClass}>
        {role.name}
      </Link>
      {role.archived_at ? (
        <Badge tone="gray" className="ml-2">
          Archived
        </Badge>
      ) : null}
      <NewApplicationsBadge role={role} />
      <p className="truncate text-gray-500 sm:hidden dark:text-gray-400">{role.client.name}</p>
    </div>
  ),
};
const clientColumn: ColumnDef<Role, unknown> = {
  id: 'client',
  header: 'Client',
  enableSorting: true,
  sortDescFirst: false,
  cell: ({ row: { original: role } }) => (
    <Link
      to={paths.app.client.getHref(role.client.id)}
      className="text-gray-700 hover:text-brand-600 dark:text-gray-300 dark:hover:text-brand-400"
    >
      {role.client.name}
    </Link>
  ),
  meta: { className: 'hidden sm:table-cell' },
};

const ACTIVE_COLUMNS: ColumnDef<Role, unknown>[] = [
  nameColumn,
  clientColumn,
  {
    id: 'state',
    header: 'State',
    enableSorting: false,
    cell: ({ row }) => <RoleStateBadge state={row.original.state} />,
  },
  {
    id: 'priority',
    header: 'Priority',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'openings',
    header: 'Openings',
    enableSorting: false,
    cell: ({ row }) => <span className="tabular-nums">{row.original.openings}</span>,
    meta: { className: 'hidden lg:table-cell' },
  },
  {
    id: 'recruiter',
    header: 'Recruiter',
    enableSorting: false,
    cell: ({ row }) => row.original.recruiter?.name ?? <span className="text-gray-400">—</span>,
    meta: { className: 'hidden lg:table-cell' },
  },
  {
    id: 'opened_at',
    header: 'Opened',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.opened_at)}</span>,
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'location',
    header: 'Location',
    enableSorting: false,
    cell: ({ row }) => row.original.location || <span className="text-gray-400">—</span>,
    meta: { className: 'hidden xl:table-cell' },
  },
];

function ReopenButton({ role }: { role: Role }) {
  const dispatch = useAppDispatch();
  const [reopen, { isLoading }] = useReopenRoleMutation();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={isLoading}
      aria-label={`Reopen ${role.name}`}
      onClick={async () => {
        const result = await reopen(role.id);
        if (result.error) dispatch(notifyError(errorMessage(result.error)));
        else dispatch(notifySuccess(`${role.name} was reopened.`));
      }}
    >
      {isLoading ? null : <RotateCcw aria-hidden="true" className="size-4" />}
      Reopen
    </Button>
  );
}

function closedColumns(canEdit: boolean): ColumnDef<Role, unknown>[] {
  const columns: ColumnDef<Role, unknown>[] = [
    nameColumn,
    clientColumn,
    {
      id: 'close_reason',
      header: 'Reason',
      enableSorting: false,
      cell: ({ row }) => (row.original.close_reason ? ROLE_CLOSE_REASON_LABELS[row.original.close_reason] : '—'),
      meta: { className: 'hidden md:table-cell' },
    },
    {
      id: 'closed_at',
      header: 'Closed',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) =>
        row.original.closed_at ? <DateText value={row.original.closed_at} className="whitespace-nowrap" /> : '—',
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => (row.original.archived_at ? null : <ReopenButton role={row.original} />),
      meta: { className: 'text-right' },
    });
  }
  return columns;
}

/** Active Jobs (`/api/roles/dashboard/`) or Closed Roles (`/api/roles/closed/`), state in the URL. */
export function RolesTable({
  variant,
  canEdit,
  filterChip,
}: {
  variant: 'active' | 'closed';
  canEdit: boolean;
  /** The applied filters (client, opened this month), shown above the table. */
  filterChip?: ReactNode;
}) {
  const [params, update] = useUrlParams('push');
  const defaultOrdering: Ordering = variant === 'active' ? '-opened_at' : '-closed_at';
  const query = rolesQueryFromSearchParams(params, defaultOrdering);
  const active = useListActiveRolesQuery(query, { skip: variant !== 'active' });
  const closed = useListClosedRolesQuery(query, { skip: variant !== 'closed' });
  const { data, error, isLoading, isFetching, refetch } = variant === 'active' ? active : closed;
  const paging = useUrlPaging(params, update, ROLES_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  const [toolbarKey, setToolbarKey] = useState(0);
  const sorting = useMemo(() => sortingFromOrdering(query.ordering), [query.ordering]);
  const columns = useMemo(() => (variant === 'active' ? ACTIVE_COLUMNS : closedColumns(canEdit)), [variant, canEdit]);
  const filtered = Boolean(query.search || query.recruiter || query.client || query.opened || query.archived);

  const clear = () => {
    setToolbarKey((k) => k + 1);
    update({ search: null, recruiter: null, client: null, opened: null, archived: null, page: null });
  };

  return (
    <div>
      <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 dark:border-white/10">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchInput
            key={toolbarKey}
            label="Search roles"
            placeholder="Search title, client, location"
            value={query.search ?? ''}
            onChange={(search) => update({ search, page: null }, { burst: 'search' })}
            className="flex-1"
          />
          <ToolbarSelect
            label="Recruiter"
            className="sm:w-40"
            value={query.recruiter === 'me' ? 'me' : 'anyone'}
            onChange={(value) => update({ recruiter: value === 'me' ? 'me' : null, page: null })}
            options={[
              { value: 'anyone', label: 'Anyone' },
              { value: 'me', label: 'Me' },
            ]}
          />
          {variant === 'closed' ? (
            <ToolbarSelect
              label="Archived"
              className="sm:w-40"
              value={query.archived ?? 'false'}
              onChange={(value) => update({ archived: value === 'false' ? null : value, page: null })}
              options={[
                { value: 'false', label: 'Not archived' },
                { value: 'true', label: 'Archived only' },
                { value: 'all', label: 'All' },
              ]}
            />
          ) : null}
        </div>
        {filterChip ? <div className="flex flex-wrap gap-2">{filterChip}</div> : null}
      </div>
      <ListTable<Role>
        label={variant === 'active' ? 'Active roles' : 'Closed roles'}
        noun={{ one: 'role', many: 'roles' }}
        query={{ data, error, isLoading, isFetching, refetch }}
        paging={paging}
        columns={columns}
        data={data?.roles ?? []}
        getRowId={(role) => String(role.id)}
        sorting={sorting}
        onSortingChange={(next) => {
          const ordering = orderingFromSorting(next);
          update({ sort: ordering === defaultOrdering ? null : ordering, page: null });
        }}
        filtered={filtered}
        onClearFilters={clear}
        emptyState={
          <EmptyState
            icon={Briefcase}
            title={variant === 'active' ? 'No active roles' : 'No closed roles'}
            description={
              variant === 'active' ? 'Open a role for a client to start filling it.' : 'Roles you close show up here.'
            }
          />
        }
      />
    </div>
  );
}
