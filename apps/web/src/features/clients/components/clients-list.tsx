import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Building2 } from 'lucide-react';
import {
  CLIENT_ORDERINGS,
  CLIENT_STATES,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type ClientType,
} from '@recruitdesk/contracts/client-constants';
import type { Client, ClientState } from '@recruitdesk/contracts/clients';
import type { ColumnDef } from '@/components/ui/data-table';
import { ListTable } from '@/components/ui/list-table';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { orderingFromSorting, sortingFromOrdering, useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListClientsQuery, type ClientListParams } from '../api';
import { ClientStateBadge, ClientTypeBadge } from './client-badges';

export const CLIENTS_PAGE_SIZE = 25;
type Ordering = (typeof CLIENT_ORDERINGS)[number];

/** Archived clients: left out (default), only them (`?archived=true`), or both (`?archived=all`). */
const ARCHIVED_OPTIONS = [
  { value: 'false', label: 'Not archived' },
  { value: 'true', label: 'Archived only' },
  { value: 'all', label: 'All' },
] as const;

/** The list's state lives in the URL (?search=&state=&type=&archived=&sort=&page=&page_size=). */
export function clientsQueryFromSearchParams(
  params: URLSearchParams,
): ClientListParams & { ordering: Ordering; page: number } {
  const search = params.get('search')?.trim() ?? '';
  const state = params.get('state');
  const type = params.get('type');
  const archived = params.get('archived');
  const sort = params.get('sort');
  const query: ClientListParams & { ordering: Ordering; page: number } = {
    ordering: (CLIENT_ORDERINGS as readonly string[]).includes(sort ?? '') ? (sort as Ordering) : 'name',
    page: pageFrom(params),
    page_size: pageSizeFrom(params, CLIENTS_PAGE_SIZE),
  };
  if (search) query.search = search;
  if (state && (CLIENT_STATES as readonly string[]).includes(state)) query.state = state as ClientState;
  if (type && (CLIENT_TYPES as readonly string[]).includes(type)) query.client_type = type as ClientType;
  if (archived === 'true' || archived === 'all') query.archived = archived;
  return query;
}

const COLUMNS: ColumnDef<Client, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    sortDescFirst: false,
    cell: ({ row: { original: client } }) => (
      <div className="min-w-0">
        <Link
          to={paths.app.client.getHref(client.id)}
          className="font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
        >
          {client.name}
        </Link>
        {client.archived_at ? (
          <Badge tone="gray" className="ml-2">
            Archived
          </Badge>
        ) : null}
        {client.industry ? <p className="truncate text-gray-500 dark:text-gray-400">{client.industry}</p> : null}
      </div>
    ),
  },
  {
    id: 'client_type',
    header: 'Type',
    enableSorting: false,
    cell: ({ row }) => <ClientTypeBadge type={row.original.client_type} />,
    meta: { className: 'hidden sm:table-cell' },
  },
  {
    id: 'state',
    header: 'State',
    enableSorting: true,
    sortDescFirst: false,
    cell: ({ row }) => <ClientStateBadge state={row.original.state} />,
  },
  {
    id: 'active_roles_count',
    header: 'Active roles',
    enableSorting: true,
    sortDescFirst: true,
    cell: ({ row }) => <span className="tabular-nums">{row.original.active_roles_count}</span>,
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'location',
    header: 'Location',
    enableSorting: false,
    cell: ({ row }) => row.original.location || <span className="text-gray-400">—</span>,
    meta: { className: 'hidden lg:table-cell' },
  },
];

/** Clients with search, state and type filters, server-side sorting and paging. */
export function ClientsList() {
  const [params, update] = useUrlParams('push');
  const query = clientsQueryFromSearchParams(params);
  const { data, error, isLoading, isFetching, refetch } = useListClientsQuery(query);
  const paging = useUrlPaging(params, update, CLIENTS_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  const [toolbarKey, setToolbarKey] = useState(0);
  const sorting = useMemo(() => sortingFromOrdering(query.ordering), [query.ordering]);
  const filtered = Boolean(query.search || query.state || query.client_type || query.archived);

  const clear = () => {
    setToolbarKey((k) => k + 1);
    update({ search: null, state: null, type: null, archived: null, page: null });
  };

  return (
    <div>
      <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 sm:flex-row sm:items-end dark:border-white/10">
        <SearchInput
          key={toolbarKey}
          label="Search clients"
          placeholder="Search name, industry, contact"
          value={query.search ?? ''}
          onChange={(search) => update({ search, page: null }, { burst: 'search' })}
          className="flex-1"
        />
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <ToolbarSelect
            label="State"
            className="sm:w-36"
            value={query.state ?? 'all'}
            onChange={(state) => update({ state: state === 'all' ? null : state, page: null })}
            options={[{ value: 'all', label: 'All' }, ...CLIENT_STATES.map((s) => ({ value: s, label: s }))]}
          />
          <ToolbarSelect
            label="Type"
            className="sm:w-40"
            value={query.client_type ?? 'all'}
            onChange={(type) => update({ type: type === 'all' ? null : type, page: null })}
            options={[
              { value: 'all', label: 'All' },
              ...CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] })),
            ]}
          />
          <ToolbarSelect
            label="Archived"
            className="sm:w-40"
            value={query.archived ?? 'false'}
            onChange={(archived) => update({ archived: archived === 'false' ? null : archived, page: null })}
            options={[...ARCHIVED_OPTIONS]}
          />
        </div>
      </div>
      <ListTable<Client>
        label="Clients"
        noun={{ one: 'client', many: 'clients' }}
        query={{ data, error, isLoading, isFetching, refetch }}
        paging={paging}
        columns={COLUMNS}
        data={data?.clients ?? []}
        getRowId={(client) => String(client.id)}
        sorting={sorting}
        onSortingChange={(next) => {
          const ordering = orderingFromSorting(next);
          update({ sort: ordering === 'name' ? null : ordering, page: null });
        }}
        filtered={filtered}
        onClearFilters={clear}
        emptyState={
          <EmptyState icon={Building2} title="No clients yet" description="Add the companies you recruit for." />
        }
      />
    </div>
  );
}
