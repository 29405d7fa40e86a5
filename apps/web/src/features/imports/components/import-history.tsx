import { Link } from 'react-router';
import { FileSpreadsheet } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ListTable } from '@/components/ui/list-table';
import { RelativeTime } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { useListImportsQuery } from '../api';
import { kindLabel } from '../mapping';
import type { ImportView } from '../types';
import { ImportStatusBadge } from './status-badge';

export const IMPORTS_PAGE_SIZE = 25;

function CountsText({ entry }: { entry: ImportView }) {
  if (entry.status === 'uploaded') {
    return <span className="text-gray-500 dark:text-gray-400">{entry.total_rows.toLocaleString('en')} rows</span>;
  }
  const { created, updated, skipped, refused } = entry.counts;
  return (
    <span className="text-gray-700 tabular-nums dark:text-gray-300">
      {created.toLocaleString('en')} created · {updated.toLocaleString('en')} updated · {skipped.toLocaleString('en')}{' '}
      skipped · {refused.toLocaleString('en')} refused
    </span>
  );
}

const COLUMNS: ColumnDef<ImportView, unknown>[] = [
  {
    id: 'filename',
    header: 'File',
    enableSorting: false,
    cell: ({ row: { original: entry } }) => (
      <div className="min-w-0">
        <Link
          to={paths.app.import.getHref(entry.id)}
          className="font-medium break-all text-gray-900 hover:text-brand-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:text-brand-400"
        >
          {entry.filename}
        </Link>
        <p className="text-gray-500 sm:hidden dark:text-gray-400">{kindLabel(entry.kind)}</p>
      </div>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    enableSorting: false,
    cell: ({ row }) => kindLabel(row.original.kind),
    meta: { className: 'hidden sm:table-cell' },
  },
  {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) => <ImportStatusBadge status={row.original.status} />,
  },
  {
    id: 'counts',
    header: 'Rows',
    enableSorting: false,
    cell: ({ row }) => <CountsText entry={row.original} />,
    meta: { className: 'hidden md:table-cell' },
  },
  {
    id: 'created_by',
    header: 'By',
    enableSorting: false,
    cell: ({ row }) => row.original.created_by?.name ?? '—',
    meta: { className: 'hidden lg:table-cell' },
  },
  {
    id: 'created_at',
    header: 'When',
    enableSorting: false,
    cell: ({ row }) => <RelativeTime value={row.original.created_at} />,
    meta: { className: 'hidden sm:table-cell' },
  },
];

/** Settings → Import: every import of the agency, newest first, each linking to its page. */
export function ImportHistory() {
  const [params, update] = useUrlParams('push');
  const page = pageFrom(params);
  const pageSize = pageSizeFrom(params, IMPORTS_PAGE_SIZE);
  const { data, error, isLoading, isFetching, refetch } = useListImportsQuery({ page, page_size: pageSize });
  const paging = useUrlPaging(params, update, IMPORTS_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  return (
    <ListTable<ImportView>
      label="Imports"
      noun={{ one: 'import', many: 'imports' }}
      query={{ data, error, isLoading, isFetching, refetch }}
      paging={paging}
      columns={COLUMNS}
      data={data?.imports ?? []}
      getRowId={(entry) => String(entry.id)}
      filtered={false}
      onClearFilters={() => undefined}
      emptyState={
        <EmptyState
          icon={FileSpreadsheet}
          title="No imports yet"
          description="Bring in candidates, clients or roles from a CSV or XLSX file."
          action={
            <Link to={paths.app.importNew.getHref()} className={buttonClasses('secondary', 'sm')}>
              New import
            </Link>
          }
        />
      }
    />
  );
}
