import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RefreshCw, SearchX, Users } from 'lucide-react';
import { USER_ORDERINGS, USER_TYPES, type User, type UserType } from '@recruitdesk/contracts/users';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef, type SortingState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useListUsersQuery, type UserListParams } from '../api';
import { UserStatusBadge, UserTypeBadges } from './user-type-badges';
import { UsersToolbar, type UserStatusFilter, type UsersFilters } from './users-toolbar';

export const USERS_PAGE_SIZE = 25;

type Ordering = (typeof USER_ORDERINGS)[number];

/** The list's state lives in the URL (?search=&type=&status=&sort=&page=), so Back and links keep it. */
export function usersQueryFromSearchParams(
  params: URLSearchParams,
): UserListParams & { ordering: Ordering; page: number } {
  const search = params.get('search')?.trim() ?? '';
  const type = params.get('type');
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  const query: UserListParams & { ordering: Ordering; page: number } = {
    ordering: (USER_ORDERINGS as readonly string[]).includes(sort ?? '')
      ? (sort as Ordering)
      : 'name',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    page_size: USERS_PAGE_SIZE,
  };
  if (search) query.search = search;
  if (type && (USER_TYPES as readonly string[]).includes(type)) query.user_type = type as UserType;
  if (status === 'active') query.is_active = 'true';
  if (status === 'inactive') query.is_active = 'false';
  return query;
}

function filtersOf(query: UserListParams): UsersFilters {
  return {
    search: query.search ?? '',
    userType: query.user_type ?? 'all',
    status: (query.is_active === 'true'
      ? 'active'
      : query.is_active === 'false'
        ? 'inactive'
        : 'all') as UserStatusFilter,
  };
}

function When({ value, now, empty }: { value: string | null; now: Date; empty: string }) {
  if (!value) return <span className="text-gray-500 dark:text-gray-400">{empty}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)} className="whitespace-nowrap">
      {formatRelativeTime(value, now)}
    </time>
  );
}

function columnsFor(currentUserId: number | null, now: Date): ColumnDef<User, unknown>[] {
  return [
    {
      id: 'name',
      accessorFn: (user) => user.name,
      header: 'Name',
      enableSorting: true,
      sortDescFirst: false,
      cell: ({ row: { original: user } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar
            name={user.name}
            initials={user.initials}
            src={user.profile_picture_url}
            size="lg"
          />
          <div className="min-w-0">
            <p className="flex items-center gap-2">
              <Link
                to={paths.app.user.getHref(user.id)}
                className="truncate font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
              >
                {user.name || user.email}
              </Link>
              {user.id === currentUserId ? <Badge>You</Badge> : null}
            </p>
            <p className="truncate text-gray-500 dark:text-gray-400">{user.email}</p>
          </div>
        </div>
      ),
      meta: { className: 'max-w-72 sm:max-w-none' },
    },
    {
      id: 'user_type',
      header: 'User types',
      enableSorting: false,
      cell: ({ row }) => <UserTypeBadges types={row.original.user_type} />,
      meta: { className: 'hidden md:table-cell' },
    },
    {
      id: 'is_active',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => <UserStatusBadge active={row.original.is_active} />,
    },
    {
      id: 'last_login',
      accessorFn: (user) => user.last_login,
      header: 'Last sign-in',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) => <When value={row.original.last_login} now={now} empty="Never" />,
      meta: { className: 'hidden sm:table-cell' },
    },
    {
      id: 'date_joined',
      accessorFn: (user) => user.date_joined,
      header: 'Joined',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) => <When value={row.original.date_joined} now={now} empty="—" />,
      meta: { className: 'hidden lg:table-cell' },
    },
  ];
}

/** The users table with its toolbar; sorting, filtering and paging happen on the server. */
export function UsersDirectory({ currentUserId }: { currentUserId: number | null }) {
  const [params, setParams] = useSearchParams();
  const query = usersQueryFromSearchParams(params);
  const filters = filtersOf(query);
  const { data, error, isLoading, isFetching, refetch } = useListUsersQuery(query);
  const [toolbarKey, setToolbarKey] = useState(0);
  // Render-time clock for relative times; refreshed with each answer.
  const now = useMemo(() => new Date(), [data]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo(() => columnsFor(currentUserId, now), [currentUserId, now]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const onFilters = (next: UsersFilters) =>
    update({
      search: next.search || null,
      type: next.userType === 'all' ? null : next.userType,
      status: next.status === 'all' ? null : next.status,
      page: null,
    });

  const sorting: SortingState = [
    { id: query.ordering.replace(/^-/, ''), desc: query.ordering.startsWith('-') },
  ];
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    if (!first) return;
    const ordering = `${first.desc ? '-' : ''}${first.id}`;
    update({ sort: ordering === 'name' ? null : ordering, page: null });
  };

  const filtered = Boolean(query.search || query.user_type || query.is_active);
  const clear = () => {
    setToolbarKey((k) => k + 1);
    update({ search: null, type: null, status: null, page: null });
  };

  return (
    <div>
      <UsersToolbar key={toolbarKey} filters={filters} onChange={onFilters} />
      <DataTable<User>
        label="Users"
        noun={data?.count === 1 ? 'user' : 'users'}
        columns={columns}
        data={data?.results ?? []}
        getRowId={(user) => String(user.id)}
        sorting={sorting}
        onSortingChange={onSortingChange}
        loading={isLoading || isFetching}
        pagination={{
          page: query.page,
          pageSize: USERS_PAGE_SIZE,
          total: data?.count ?? 0,
          onPageChange: (page) => update({ page: page === 1 ? null : String(page) }),
        }}
        error={
          error ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-5 py-10 text-center">
              <p className="text-sm font-medium text-gray-900 dark:text-white">
                Could not load the users
              </p>
              <p className="text-sm text-gray-500 dark:text-gray-400">{errorMessage(error)}</p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void refetch()}
                loading={isFetching}
              >
                {isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                Retry
              </Button>
            </div>
          ) : undefined
        }
        empty={
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="No users match"
              description="Try another search or clear the filters."
              action={
                <Button variant="secondary" size="sm" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title="No users yet"
              description="Invite your team to get started."
            />
          )
        }
      />
    </div>
  );
}
