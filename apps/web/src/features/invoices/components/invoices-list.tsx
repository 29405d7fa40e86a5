import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Receipt } from 'lucide-react';
import type { ColumnDef } from '@/components/ui/data-table';
import { ListTable } from '@/components/ui/list-table';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterChip } from '@/components/ui/filter-chip';
import { Input } from '@/components/ui/input';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { useDateFormat } from '@/lib/time-zone';
import { orderingFromSorting, sortingFromOrdering, useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListInvoicesQuery, type InvoiceListParams, type InvoiceStatisticsParams } from '../api';
import { invoiceHref } from '../links';
import { formatCurrency } from '../money';
import {
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  INVOICE_ORDERINGS,
  INVOICE_STATUSES,
  type InvoiceKind,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@recruitdesk/contracts/invoices';
import { DISPLAY_STATUS_LABELS, InvoiceStatusBadge } from './invoice-status-badge';

export const INVOICES_PAGE_SIZE = 25;
type Ordering = (typeof INVOICE_ORDERINGS)[number];
const DEFAULT_ORDERING: Ordering = '-issue_date';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS_FILTERS = [...INVOICE_STATUSES, 'overdue'] as const;

const isOrdering = (value: string): value is Ordering => (INVOICE_ORDERINGS as readonly string[]).includes(value);

/**
 * The list's state lives in the URL (?search=&status=&kind=&client=&from=&to=&sort=&page=&page_size=);
 * `status=overdue` asks the API for `overdue=true` (overdue is derived, not a stored status).
 */
export function invoicesQueryFromSearchParams(
  params: URLSearchParams,
): InvoiceListParams & { ordering: Ordering; page: number } {
  const search = params.get('search')?.trim() ?? '';
  const status = params.get('status') ?? '';
  const kind = params.get('kind') ?? '';
  const client = Number(params.get('client'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sort = params.get('sort') ?? '';
  const query: InvoiceListParams & { ordering: Ordering; page: number } = {
    ordering: isOrdering(sort) ? sort : DEFAULT_ORDERING,
    page: pageFrom(params),
    page_size: pageSizeFrom(params, INVOICES_PAGE_SIZE),
  };
  if (search) query.search = search;
  if (status === 'overdue') query.overdue = 'true';
  else if ((INVOICE_STATUSES as readonly string[]).includes(status)) query.status = status as InvoiceStatus;
  if ((INVOICE_KINDS as readonly string[]).includes(kind)) query.kind = kind as InvoiceKind;
  if (Number.isInteger(client) && client > 0) query.client = client;
  if (DATE.test(from)) query.date_from = from;
  if (DATE.test(to)) query.date_to = to;
  return query;
}

/** The statistics follow the list's client and issue-date filters (the API's statistics filters). */
export function statisticsParamsFromSearchParams(params: URLSearchParams): InvoiceStatisticsParams {
  const { client, date_from, date_to } = invoicesQueryFromSearchParams(params);
  return {
    ...(client ? { client } : {}),
    ...(date_from ? { date_from } : {}),
    ...(date_to ? { date_to } : {}),
  };
}

function useColumns(): ColumnDef<InvoiceSummary, unknown>[] {
  const { date } = useDateFormat();
  return useMemo(
    () => [
      {
        id: 'number',
        header: 'Number',
        enableSorting: true,
        cell: ({ row: { original: invoice } }) => (
          <div className="min-w-0">
            <Link
              to={invoiceHref(invoice)}
              className="font-medium whitespace-nowrap text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
            >
              {invoice.number}
            </Link>
            <p className="text-gray-500 dark:text-gray-400">{INVOICE_KIND_LABELS[invoice.kind]}</p>
          </div>
        ),
      },
      {
        id: 'client',
        header: 'Client',
        enableSorting: true,
        cell: ({ row: { original: invoice } }) => (
          <div className="min-w-0">
            <p className="truncate text-gray-900 dark:text-white">{invoice.client.name}</p>
            {invoice.role ? <p className="truncate text-gray-500 dark:text-gray-400">{invoice.role.name}</p> : null}
          </div>
        ),
        meta: { className: 'hidden sm:table-cell' },
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row }) => <InvoiceStatusBadge invoice={row.original} />,
      },
      {
        id: 'issue_date',
        header: 'Issued',
        enableSorting: true,
        sortDescFirst: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.issue_date)}</span>,
        meta: { className: 'hidden md:table-cell' },
      },
      {
        id: 'due_date',
        header: 'Due',
        enableSorting: true,
        sortDescFirst: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.due_date)}</span>,
        meta: { className: 'hidden lg:table-cell' },
      },
      {
        id: 'total',
        header: 'Total',
        enableSorting: true,
        sortDescFirst: true,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatCurrency(row.original.total, row.original.currency)}
          </span>
        ),
        meta: { className: 'text-right', headerClassName: 'text-right' },
      },
      {
        id: 'balance',
        header: 'Balance',
        enableSorting: true,
        sortDescFirst: true,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatCurrency(row.original.balance, row.original.currency)}
          </span>
        ),
        meta: {
          className: 'hidden text-right sm:table-cell',
          headerClassName: 'hidden text-right sm:table-cell',
        },
      },
    ],
    [date],
  );
}

/** Every invoice with status, kind, client, date and text filters, server-side sorting and paging. */
export function InvoicesList() {
  const [params, update] = useUrlParams('push');
  const query = invoicesQueryFromSearchParams(params);
  const { data, error, isLoading, isFetching, refetch } = useListInvoicesQuery(query);
  const paging = useUrlPaging(params, update, INVOICES_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  const [toolbarKey, setToolbarKey] = useState(0);
  const columns = useColumns();
  const sorting = useMemo(() => sortingFromOrdering(query.ordering), [query.ordering]);
  const filtered = Boolean(
    query.search || query.status || query.overdue || query.kind || query.client || query.date_from || query.date_to,
  );
  const clientName = query.client
    ? data?.results.find((invoice) => invoice.client.id === query.client)?.client.name
    : undefined;

  const clear = () => {
    setToolbarKey((k) => k + 1);
    update({
      search: null,
      status: null,
      kind: null,
      client: null,
      from: null,
      to: null,
      page: null,
    });
  };

  return (
    <div>
      <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 lg:flex-row lg:items-end dark:border-white/10">
        <SearchInput
          key={toolbarKey}
          label="Search invoices"
          placeholder="Search number, client, role"
          value={query.search ?? ''}
          onChange={(search) => update({ search, page: null }, { burst: 'search' })}
          className="flex-1"
        />
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <ToolbarSelect
            label="Status"
            className="sm:w-32"
            value={query.overdue ? 'overdue' : (query.status ?? 'all')}
            onChange={(status) => update({ status: status === 'all' ? null : status, page: null })}
            options={[
              { value: 'all', label: 'All' },
              ...STATUS_FILTERS.map((s) => ({ value: s, label: DISPLAY_STATUS_LABELS[s] })),
            ]}
          />
          <ToolbarSelect
            label="Kind"
            className="sm:w-36"
            value={query.kind ?? 'all'}
            onChange={(kind) => update({ kind: kind === 'all' ? null : kind, page: null })}
            options={[
              { value: 'all', label: 'All' },
              ...INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_LABELS[k] })),
            ]}
          />
          <DateFilter
            label="Issued from"
            value={query.date_from ?? ''}
            onChange={(from) => update({ from, page: null })}
          />
          <DateFilter label="Issued to" value={query.date_to ?? ''} onChange={(to) => update({ to, page: null })} />
        </div>
      </div>
      {query.client ? (
        <div className="border-b border-gray-200 px-4 py-2 dark:border-white/10">
          <FilterChip
            label={`Client: ${clientName ?? `#${query.client}`}`}
            removeLabel="Show every client"
            onRemove={() => update({ client: null, page: null })}
          />
        </div>
      ) : null}
      <ListTable<InvoiceSummary>
        label="Invoices"
        noun={{ one: 'invoice', many: 'invoices' }}
        query={{ data, error, isLoading, isFetching, refetch }}
        paging={paging}
        columns={columns}
        data={data?.results ?? []}
        getRowId={(invoice) => String(invoice.id)}
        sorting={sorting}
        onSortingChange={(next) => {
          const ordering = orderingFromSorting(next);
          update({
            sort: !ordering || ordering === DEFAULT_ORDERING ? null : ordering,
            page: null,
          });
        }}
        filtered={filtered}
        onClearFilters={clear}
        emptyState={
          <EmptyState
            icon={Receipt}
            title="No invoices yet"
            description="A placement drafts its finder's fee invoice; create others with Create invoice, or from a role or client page."
          />
        }
      />
    </div>
  );
}

function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = `invoice-filter-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="sm:w-40">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-600 dark:text-gray-400">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="dark:[color-scheme:dark]"
      />
    </div>
  );
}
