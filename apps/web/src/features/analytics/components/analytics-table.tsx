import { useMemo, useState, type ReactNode } from 'react';
import { DataTable, type ColumnDef, type SortingState } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * A whole analytics table (every row of the set is in the answer, so sorting happens here): the shared
 * DataTable with its sort buttons, sorted in the browser. `sortValue` reads a column's value for sorting.
 */
export function AnalyticsTable<T>({
  label,
  columns,
  rows,
  getRowId,
  sortValue,
  initialSort,
  loading,
  emptyTitle,
  limit = 10,
}: {
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  getRowId: (row: T) => string;
  sortValue: (row: T, column: string) => string | number | null;
  initialSort: SortingState;
  loading: boolean;
  emptyTitle: string;
  /** Rows shown until "Show all" (the export always has every row). */
  limit?: number;
}) {
  const [all, setAll] = useState(false);
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const sorted = useMemo(() => {
    const first = sorting[0];
    if (!first) return rows;
    const direction = first.desc ? -1 : 1;
    return [...rows].sort((a, b) => {
      const x = sortValue(a, first.id);
      const y = sortValue(b, first.id);
      if (x === y) return 0;
      if (x === null) return 1; // unknown values last, whatever the direction
      if (y === null) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * direction;
    });
  }, [rows, sorting, sortValue]);
  const shown = all ? sorted : sorted.slice(0, limit);
  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        data={shown}
        getRowId={getRowId}
        sorting={sorting}
        onSortingChange={setSorting}
        loading={loading}
        empty={<EmptyState title={emptyTitle} description="Nothing in this period with these filters." />}
      />
      {sorted.length > shown.length ? (
        <div className="border-t border-gray-100 px-5 py-2 dark:border-white/5">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setAll(true)}
            aria-label={`Show all ${sorted.length} rows of ${label}`}
          >
            Show all {sorted.length}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function NumberCell({ children }: { children: ReactNode }) {
  return <span className="tabular-nums">{children}</span>;
}
