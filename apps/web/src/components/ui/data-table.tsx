import { useMemo, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useDeferredAnswer } from '@/lib/deferred-answer';
import { cn } from './cn';
import { Pagination } from './pagination';
import { Skeleton } from './skeleton';

declare module '@tanstack/react-table' {
  // Per-column classes (e.g. hide a column on phones), shared by header and cells.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    className?: string;
    headerClassName?: string;
  }
}

export type { ColumnDef, SortingState };

export interface DataTablePagination {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  /** The total is the server's estimate of a large list: 'Showing 1–10 of about 100,000'. */
  totalIsEstimate?: boolean;
  onPageChange: (page: number) => void;
  /** Offer the rows-per-page choice. */
  onPageSizeChange?: (size: number) => void;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Server-side sorting: the table only shows and reports it. One column at a time. */
  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  pagination?: DataTablePagination;
  loading?: boolean;
  /** Rendered in place of the body when there is an error (give it role="alert"). */
  error?: ReactNode;
  empty?: ReactNode;
  /** The name of what is listed, for 'Showing 1–25 of N {noun}'. */
  noun?: string;
  className?: string;
}

const ariaSort = (dir: false | 'asc' | 'desc') =>
  dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';

/**
 * The one table component (design §2): @tanstack/react-table with manual (server-side) sorting and paging.
 * Sortable headers are buttons inside a `th` with `aria-sort`; the footer is the shared Pagination.
 */
/** Accessor columns start the way TanStack would (dates and numbers descending); display columns ascending unless `sortDescFirst`. */
function firstSortDescending<T>(column: Column<T, unknown>): boolean {
  if (column.accessorFn) return column.getFirstSortDir() === 'desc';
  return column.columnDef.sortDescFirst === true;
}

export function DataTable<T>({
  label,
  columns,
  data,
  getRowId,
  sorting = [],
  onSortingChange,
  pagination,
  loading = false,
  error,
  empty,
  noun,
  className,
}: DataTableProps<T>) {
  // A new page of rows is drawn in a background render (useDeferredAnswer).
  const current = useMemo(() => ({ data, loading }), [data, loading]);
  const shown = useDeferredAnswer(current);
  const table = useReactTable<T>({
    data: shown.data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortingChange?.(next);
    },
    pageCount: pagination ? Math.max(1, Math.ceil(pagination.total / pagination.pageSize)) : 1,
  });

  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  const showSkeleton = shown.loading && rows.length === 0;

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount}>{error}</td>
      </tr>
    );
  } else if (showSkeleton) {
    body = [0, 1, 2, 3, 4].map((i) => (
      <tr key={i} aria-hidden="true">
        {table.getVisibleLeafColumns().map((column) => (
          <td key={column.id} className={cn('px-4 py-3.5', column.columnDef.meta?.className)}>
            <Skeleton className="h-4 w-3/4" />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount}>{empty}</td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={row.id} className="hover:bg-gray-50 dark:hover:bg-white/[0.03]">
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            className={cn('px-4 py-3 text-sm text-gray-700 dark:text-gray-300', cell.column.columnDef.meta?.className)}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className={cn('overflow-hidden', className)}>
      <div className="overflow-x-auto">
        <table
          className="min-w-full divide-y divide-gray-200 dark:divide-white/10"
          aria-label={label}
          aria-busy={loading || shown !== current || undefined}
        >
          <thead className="bg-gray-50/80 dark:bg-white/[0.02]">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  // Display columns (cell renderers without an accessor) sort on the server too when they opt in.
                  const canSort =
                    (column.columnDef.enableSorting === true || column.getCanSort()) && Boolean(onSortingChange);
                  const dir = column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(column.columnDef.header, header.getContext());
                  const SortIcon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? ariaSort(dir) : undefined}
                      className={cn(
                        'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400',
                        column.columnDef.meta?.className,
                        column.columnDef.meta?.headerClassName,
                      )}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={() =>
                            onSortingChange?.([
                              { id: column.id, desc: dir ? dir === 'asc' : firstSortDescending(column) },
                            ])
                          }
                          className="group -mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 uppercase hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 dark:hover:text-white"
                        >
                          {content}
                          <SortIcon
                            aria-hidden="true"
                            className={cn(
                              'size-3.5',
                              dir
                                ? 'text-brand-600 dark:text-brand-400'
                                : 'text-gray-400 opacity-60 group-hover:opacity-100',
                            )}
                          />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-gray-100 dark:divide-white/5">{body}</tbody>
        </table>
      </div>
      {/* Not under the skeleton: it would jump down when the rows arrive (a layout shift). */}
      {pagination && !error && !showSkeleton ? (
        <Pagination
          page={pagination.page}
          pageSize={pagination.pageSize}
          total={pagination.total}
          totalIsEstimate={pagination.totalIsEstimate ?? false}
          onPageChange={pagination.onPageChange}
          {...(pagination.onPageSizeChange ? { onPageSizeChange: pagination.onPageSizeChange } : {})}
          busy={loading}
          {...(noun ? { noun } : {})}
        />
      ) : null}
    </div>
  );
}
