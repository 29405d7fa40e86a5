import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { UserRound } from 'lucide-react';
import { CONTACT_ORDERINGS, type Contact } from '@recruitdesk/contracts/contacts';
import type { ColumnDef } from '@/components/ui/data-table';
import { ListTable } from '@/components/ui/list-table';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { orderingFromSorting, sortingFromOrdering, useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListContactsQuery, type ContactListParams } from '../api';

export const CONTACTS_PAGE_SIZE = 25;
type Ordering = (typeof CONTACT_ORDERINGS)[number];

/** The list's state lives in the URL (?q=&left=&sort=&page=&page_size=). */
export function contactsQueryFromSearchParams(
  params: URLSearchParams,
): ContactListParams & { ordering: Ordering; page: number } {
  const q = params.get('q')?.trim() ?? '';
  const left = params.get('left');
  const sort = params.get('sort');
  const query: ContactListParams & { ordering: Ordering; page: number } = {
    ordering: (CONTACT_ORDERINGS as readonly string[]).includes(sort ?? '') ? (sort as Ordering) : 'name',
    page: pageFrom(params),
    page_size: pageSizeFrom(params, CONTACTS_PAGE_SIZE),
  };
  if (q) query.q = q;
  if (left === 'true' || left === 'false') query.left_company = left;
  return query;
}

const COLUMNS: ColumnDef<Contact, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    sortDescFirst: false,
    cell: ({ row: { original: contact } }) => (
      <div className="min-w-0">
        <Link
          to={paths.app.contact.getHref(contact.id)}
          className="font-medium text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
        >
          {contact.name}
        </Link>
        {contact.left_company ? (
          <Badge tone="gray" className="ml-2">
            Left
          </Badge>
        ) : null}
        {contact.job_title ? <p className="truncate text-gray-500 dark:text-gray-400">{contact.job_title}</p> : null}
      </div>
    ),
  },
  {
    id: 'client',
    header: 'Client',
    enableSorting: true,
    sortDescFirst: false,
    cell: ({ row: { original: contact } }) => (
      <Link
        to={paths.app.client.getHref(contact.client.id)}
        className="text-gray-700 hover:text-brand-600 dark:text-gray-300 dark:hover:text-brand-400"
      >
        {contact.client.name}
      </Link>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.email ? (
        <a
          href={`mailto:${row.original.email}`}
          className="break-all text-brand-600 hover:underline dark:text-brand-400"
        >
          {row.original.email}
        </a>
      ) : (
        <span className="text-gray-400">—</span>
      ),
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'phone',
    header: 'Phone',
    enableSorting: false,
    cell: ({ row }) => row.original.phone || <span className="text-gray-400">—</span>,
    meta: { className: 'hidden lg:table-cell' },
  },
];

/** Every client's contacts, searched by name, email, job title or client, sorted and paged on the server. */
export function ContactsList() {
  const [params, update] = useUrlParams('push');
  const query = contactsQueryFromSearchParams(params);
  const { data, error, isLoading, isFetching, refetch } = useListContactsQuery(query);
  const paging = useUrlPaging(params, update, CONTACTS_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  const [toolbarKey, setToolbarKey] = useState(0);
  const sorting = useMemo(() => sortingFromOrdering(query.ordering), [query.ordering]);
  const filtered = Boolean(query.q || query.left_company);
  const clear = () => {
    setToolbarKey((k) => k + 1);
    update({ q: null, left: null, page: null });
  };
  return (
    <div>
      <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 sm:flex-row sm:items-end dark:border-white/10">
        <SearchInput
          key={toolbarKey}
          label="Search contacts"
          placeholder="Search name, email, job title, client"
          value={query.q ?? ''}
          onChange={(q) => update({ q, page: null }, { burst: 'search' })}
          className="flex-1"
        />
        <ToolbarSelect
          label="At the company"
          className="sm:w-44"
          value={query.left_company ?? 'all'}
          onChange={(left) => update({ left: left === 'all' ? null : left, page: null })}
          options={[
            { value: 'all', label: 'All' },
            { value: 'false', label: 'Still there' },
            { value: 'true', label: 'Left' },
          ]}
        />
      </div>
      <ListTable<Contact>
        label="Contacts"
        noun={{ one: 'contact', many: 'contacts' }}
        query={{ data, error, isLoading, isFetching, refetch }}
        paging={paging}
        columns={COLUMNS}
        data={data?.contacts ?? []}
        getRowId={(contact) => String(contact.id)}
        sorting={sorting}
        onSortingChange={(next) => {
          const ordering = orderingFromSorting(next);
          update({ sort: ordering === 'name' ? null : ordering, page: null });
        }}
        filtered={filtered}
        onClearFilters={clear}
        emptyState={
          <EmptyState
            icon={UserRound}
            title="No contacts yet"
            description="Add the people you work with from a client's page."
          />
        }
      />
    </div>
  );
}
