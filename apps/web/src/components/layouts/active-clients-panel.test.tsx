import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActiveClientsPanel, type ActiveClientItem } from './active-clients-panel';

const clients = (n: number): ActiveClientItem[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Client ${i + 1}`,
    typeLabel: i % 2 ? 'Retainer' : "Finder's Fee",
    activeRoles: i + 1,
  }));

const show = (props: Parameters<typeof ActiveClientsPanel>[0]) =>
  render(
    <MemoryRouter>
      <ActiveClientsPanel {...props} />
    </MemoryRouter>,
  );

describe('ActiveClientsPanel', () => {
  it('links all active jobs with the open count, then at most 15 clients and the rest as a count', () => {
    show({ loading: false, openCount: 21, clients: clients(18), total: 18 });
    expect(screen.getByRole('link', { name: /All active jobs/ })).toHaveAttribute('href', '/jobs/active');
    // The count is of open clients (spec §2), and says so rather than reading as a number of jobs.
    expect(screen.getByRole('link', { name: /All active jobs/ })).toHaveTextContent(/^All active jobs21 open clients$/);
    const list = within(screen.getByRole('list', { name: 'Active clients' }));
    expect(list.getAllByRole('link')).toHaveLength(15);
    expect(list.getByRole('link', { name: /^Client 2(?!\d)/ })).toHaveAttribute('href', '/jobs/active?client=2');
    expect(list.getByRole('link', { name: /^Client 2(?!\d)/ })).toHaveTextContent('Retainer · 2 active roles');
    expect(screen.getByText('And 3 more active clients...')).toBeInTheDocument();
  });

  it('shows the loading and empty texts', () => {
    const { unmount } = show({ loading: true, openCount: null, clients: [], total: 0 });
    expect(screen.getByText('Loading clients...')).toBeInTheDocument();
    unmount();
    show({ loading: false, openCount: 0, clients: [], total: 0 });
    expect(screen.getByText('No active clients with roles')).toBeInTheDocument();
    expect(screen.queryByText(/more active clients/)).not.toBeInTheDocument();
  });
});
