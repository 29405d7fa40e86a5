import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { NoMatches } from './empty-state';
import { QueryError } from './query-error';

/** What a list page's query hook answers (an RTK Query result) that the table needs. */
export interface ListTableQuery {
  data?: { count: number } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A list page's URL paging (useUrlPaging). */
export interface ListTablePaging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

export type ListTableProps<T> = Omit<DataTableProps<T>, 'pagination' | 'loading' | 'error' | 'empty' | 'noun'> & {
  query: ListTableQuery;
  paging: ListTablePaging;
  /** What is listed, singular and plural: 'Showing 1–25 of 3 clients', 'Could not load the clients'. */
  noun: { one: string; many: string };
  /** A search or filter is on: an empty answer offers to clear them (NoMatches). */
  filtered: boolean;
  onClearFilters: () => void;
  /** The empty list's own state when nothing is filtered. */
  emptyState: ReactNode;
};

/**
 * A server-paged list page's table (design §2): the DataTable wired to its query and URL paging, with the
 * shared pager, the load error with Retry, and the empty and no-matches states.
 */
export function ListTable<T>({
  query,
  paging,
  noun,
  filtered,
  onClearFilters,
  emptyState,
  ...table
}: ListTableProps<T>) {
  const { data, error, isLoading, isFetching, refetch } = query;
  return (
    <DataTable<T>
      {...table}
      noun={data?.count === 1 ? noun.one : noun.many}
      loading={isLoading || isFetching}
      pagination={{
        page: paging.page,
        pageSize: paging.pageSize,
        total: data?.count ?? 0,
        onPageChange: paging.setPage,
        onPageSizeChange: paging.setPageSize,
      }}
      error={
        error ? (
          <QueryError
            title={`Could not load the ${noun.many}`}
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : undefined
      }
      empty={filtered ? <NoMatches what={noun.many} onClear={onClearFilters} /> : emptyState}
    />
  );
}
