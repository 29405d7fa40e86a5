import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnDef } from './data-table';
import { EmptyState } from './empty-state';
import { ListTable, type ListTableQuery } from './list-table';

interface Row {
  id: number;
  name: string;
}

const COLUMNS: ColumnDef<Row, unknown>[] = [{ id: 'name', header: 'Name', accessorKey: 'name' }];

function setup({
  query = {},
  rows = [],
  filtered = false,
}: { query?: Partial<ListTableQuery>; rows?: Row[]; filtered?: boolean } = {}) {
  const refetch = vi.fn();
  const setPage = vi.fn();
  const onClearFilters = vi.fn();
  render(
    <ListTable<Row>
      label="Clients"
      noun={{ one: 'client', many: 'clients' }}
      query={{ isLoading: false, isFetching: false, refetch, ...query }}
      paging={{ page: 1, pageSize: 10, setPage, setPageSize: vi.fn() }}
      columns={COLUMNS}
      data={rows}
      getRowId={(row) => String(row.id)}
      filtered={filtered}
      onClearFilters={onClearFilters}
      emptyState={<EmptyState title="No clients yet" />}
    />,
  );
  return { refetch, setPage, onClearFilters };
}

describe('ListTable', () => {
  it('shows the rows with the pager, naming one or many of what is listed, and pages', async () => {
    const { setPage } = setup({
      query: { data: { count: 12 } },
      rows: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Client ${i + 1}` })),
    });
    expect(screen.getByRole('table', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Client 1' })).toBeInTheDocument();
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–10 of 12 clients');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(setPage).toHaveBeenCalledWith(2);
  });

  it('says "client" for a list of one', () => {
    setup({ query: { data: { count: 1 } }, rows: [{ id: 1, name: 'Acme' }] });
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–1 of 1 client');
  });

  it('shows the load error with Retry in place of the rows and the pager', async () => {
    const { refetch } = setup({ query: { error: { status: 500, data: { detail: 'Boom' } } } });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the clients');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("shows the list's own empty state when nothing is filtered", () => {
    setup({ query: { data: { count: 0 } } });
    expect(screen.getByText('No clients yet')).toBeInTheDocument();
  });

  it('offers to clear the filters when they match nothing', async () => {
    const { onClearFilters } = setup({ query: { data: { count: 0 } }, filtered: true });
    expect(screen.getByText('No clients match')).toBeInTheDocument();
    expect(screen.queryByText('No clients yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledOnce();
  });
});
