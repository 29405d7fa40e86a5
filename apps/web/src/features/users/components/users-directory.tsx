import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Users } from 'lucide-react';
import {
  USER_ORDERINGS,
  USER_TYPES,
  type User,
  type UserDirectoryEntry,
  type UserType,
} from '@recruitdesk/contracts/users';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import type { ColumnDef, SortingState } from '@/components/ui/data-table';
import { ListTable } from '@/components/ui/list-table';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { RelativeTime } from '@/components/ui/time';
import { useListUsersQuery, type UserListParams } from '../api';
import { UserStatusBadge, UserTypeBadges } from './user-type-badges';
import { UsersToolbar, type UserStatusFilter, type UsersFilters } from './users-toolbar';

export const USERS_PAGE_SIZE = 25;

type Ordering = (typeof USER_ORDERINGS)[number];

/** The list's state lives in the URL (?search=&type=&status=&sort=&page=&page_size=), so Back and links keep it. */
export function usersQueryFromSearchParams(
  params: URLSearchParams,
): UserListParams & { ordering: Ordering; page: number } {
  const search = params.get('search')?.trim() ?? '';
  const type = params.get('type');
  const status = params.get('status');
  const sort = params.get('sort');
  const query: UserListParams & { ordering: Ordering; page: number } = {
    ordering: (USER_ORDERINGS as readonly string[]).includes(sort ?? '') ? (sort as Ordering) : 'name',
    page: pageFrom(params),
    page_size: pageSizeFrom(params, USERS_PAGE_SIZE),
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
  return <RelativeTime value={value} now={now} className="whitespace-nowrap" />;
}

/** A row of either view: the directory's entry, with what administrators also get. */
type Row = UserDirectoryEntry & Partial<Pick<User, 'email' | 'last_login' | 'date_joined'>>;

function columnsFor(currentUserId: number | null, now: Date, admin: boolean): ColumnDef<Row, unknown>[] {
  const columns: ColumnDef<Row, unknown>[] = [
    {
      id: 'name',
      accessorFn: (user) => user.name,
      header: 'Name',
      enableSorting: true,
      sortDescFirst: false,
      cell: ({ row: { original: user } }) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={user.name} initials={user.initials} src={user.profile_picture_url} size="lg" />
          <div className="min-w-0">
            <p className="flex items-center gap-2">
              {admin ? (
                <Link
                  to={paths.app.user.getHref(user.id)}
                  className="truncate font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
                >
                  {user.name || user.email}
                </Link>
              ) : (
                <span className="truncate font-medium text-gray-900 dark:text-white">{user.name}</span>
              )}
              {user.id === currentUserId ? <Badge>You</Badge> : null}
            </p>
            {user.email ? <p className="truncate text-gray-500 dark:text-gray-400">{user.email}</p> : null}
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
      meta: { className: admin ? 'hidden md:table-cell' : '' },
    },
    {
      id: 'is_active',
      header: 'Status',
      enableSorting: false,
      cell: ({ row }) => <UserStatusBadge active={row.original.is_active} />,
    },
  ];
  if (!admin) return columns;
  return [
    ...columns,
    {
      id: 'last_login',
      accessorFn: (user) => user.last_login,
      header: 'Last sign-in',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) => <When value={row.original.last_login ?? null} now={now} empty="Never" />,
      meta: { className: 'hidden sm:table-cell' },
    },
    {
      id: 'date_joined',
      accessorFn: (user) => user.date_joined,
      header: 'Joined',
      enableSorting: true,
      sortDescFirst: true,
      cell: ({ row }) => <When value={row.original.date_joined ?? null} now={now} empty="—" />,
      meta: { className: 'hidden lg:table-cell' },
    },
  ];
}

/**
 * The users table with its toolbar; sorting, filtering and paging happen on the server. Administrators
 * (`admin`) get emails, sign-in times and links to each user; everyone else a read-only directory of
 * names, user types and status (what the server sends them), searched by name.
 */
export function UsersDirectory({ currentUserId, admin = true }: { currentUserId: number | null; admin?: boolean }) {
  const [params, update] = useUrlParams('push');
  const query = usersQueryFromSearchParams(params);
  const filters = filtersOf(query);
  const { data, error, isLoading, isFetching, refetch } = useListUsersQuery(query);
  const paging = useUrlPaging(params, update, USERS_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  const [toolbarKey, setToolbarKey] = useState(0);
  // Render-time clock for relative times; refreshed with each answer.
  const now = useMemo(() => new Date(), [data]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo(() => columnsFor(currentUserId, now, admin), [currentUserId, now, admin]);

  const onFilters = (next: UsersFilters) =>
    update(
      {
        search: next.search || null,
        type: next.userType === 'all' ? null : next.userType,
        status: next.status === 'all' ? null : next.status,
        page: null,
      },
      next.userType === filters.userType && next.status === filters.status ? { burst: 'search' } : {},
    );

  const sorting: SortingState = [{ id: query.ordering.replace(/^-/, ''), desc: query.ordering.startsWith('-') }];
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
      <UsersToolbar key={toolbarKey} filters={filters} onChange={onFilters} namesOnly={!admin} />
      <ListTable<Row>
        label="Users"
        noun={{ one: 'user', many: 'users' }}
        query={{ data, error, isLoading, isFetching, refetch }}
        paging={paging}
        columns={columns}
        data={data?.results ?? []}
        getRowId={(user) => String(user.id)}
        sorting={sorting}
        onSortingChange={onSortingChange}
        filtered={filtered}
        onClearFilters={clear}
        emptyState={<EmptyState icon={Users} title="No users yet" description="Invite your team to get started." />}
      />
    </div>
  );
}
