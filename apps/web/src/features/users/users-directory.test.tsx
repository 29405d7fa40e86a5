import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { buildUser, jsonResponse } from '@/test/factories';
import { callsOf, renderWithProviders } from '@/test/render';
import { UsersDirectory } from './components/users-directory';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const users = [
  buildUser({ id: 1, name: 'Olivia Martin', email: 'olivia@agency.test', user_type: ['owner'] }),
  buildUser({
    id: 2,
    name: 'Ravi Patel',
    email: 'ravi@agency.test',
    user_type: ['recruiter', 'viewer'],
    is_active: false,
    last_login: null,
  }),
];

beforeEach(() => {
  resetApiStateForTests();
  fetchMock = vi.fn<typeof fetch>(async () =>
    jsonResponse(200, { success: true, view: 'admin', results: users, count: 27 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const lastListCall = () =>
  callsOf(fetchMock)
    .filter((c) => c.startsWith('GET /api/users/'))
    .at(-1) ?? '';
/** The last list request's query, as an object. */
const lastParams = () => Object.fromEntries(new URLSearchParams(lastListCall().split('?')[1] ?? ''));

describe('users directory', () => {
  it('lists users with links, badges, status and the page summary', async () => {
    renderWithProviders(<UsersDirectory currentUserId={1} />, { path: '/users' });
    expect(await screen.findByRole('link', { name: 'Olivia Martin' })).toHaveAttribute('href', '/users/1');
    expect(screen.getByRole('link', { name: 'Ravi Patel' })).toHaveAttribute('href', '/users/2');
    const table = within(screen.getByRole('table', { name: 'Users' }));
    expect(table.getByText('Inactive')).toBeInTheDocument();
    expect(table.getByText('Never')).toBeInTheDocument();
    expect(table.getByText('Viewer')).toBeInTheDocument();
    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–25 of 27 users');
    expect(lastParams()).toEqual({ ordering: 'name', page: '1', page_size: '25' });
  });

  it('turns the toolbar, sorting and paging into query parameters', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<UsersDirectory currentUserId={1} />, {
      path: '/users',
    });
    await screen.findByRole('link', { name: 'Olivia Martin' });

    await user.type(screen.getByLabelText('Search users'), 'rav');
    // Debounced: one request for the settled text, not one per key.
    await waitFor(() => expect(lastParams().search).toBe('rav'));
    expect(callsOf(fetchMock).filter((c) => c.includes('search=r'))).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('User type'), 'recruiter');
    await waitFor(() => expect(lastParams().user_type).toBe('recruiter'));

    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() =>
      expect(lastParams()).toEqual({
        search: 'rav',
        user_type: 'recruiter',
        is_active: 'false',
        ordering: 'name',
        page: '1',
        page_size: '25',
      }),
    );
    expect(router.state.location.search).toBe('?search=rav&type=recruiter&status=inactive');

    const header = screen.getByRole('columnheader', { name: /Last sign-in/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Last sign-in/ }));
    await waitFor(() => expect(lastParams().ordering).toBe('-last_login'));
    expect(screen.getByRole('columnheader', { name: /Last sign-in/ })).toHaveAttribute('aria-sort', 'descending');

    // The pager is disabled while the re-sorted page loads.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastParams().page).toBe('2'));
    expect(await screen.findByText(/Showing/)).toHaveTextContent('Showing 26–27 of 27 users');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Changing a filter goes back to the first page.
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(lastParams().page).toBe('1'));
    expect(lastParams().is_active).toBeUndefined();
  });

  it('shows the server error with a retry', async () => {
    fetchMock.mockResolvedValue(jsonResponse(403, { success: false, error: 'You do not have permission to do this.' }));
    renderWithProviders(<UsersDirectory currentUserId={1} />, { path: '/users' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is a read-only directory for users who cannot administer: names, types and status', async () => {
    const entries = [
      {
        id: 1,
        name: 'Olivia Martin',
        initials: 'OM',
        role: 'owner',
        user_type: ['owner'],
        profile_picture_url: null,
        is_active: true,
      },
      {
        id: 2,
        name: 'Ravi Patel',
        initials: 'RP',
        role: 'recruiter',
        user_type: ['recruiter'],
        profile_picture_url: null,
        is_active: false,
      },
    ];
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, view: 'directory', results: entries, count: 2 }));
    const user = userEvent.setup();
    renderWithProviders(<UsersDirectory currentUserId={2} admin={false} />, { path: '/users' });
    const table = within(await screen.findByRole('table', { name: 'Users' }));
    expect(await table.findByText('Olivia Martin')).toBeInTheDocument();
    // Names are not links to the (administrators') user page; no emails or sign-in columns.
    expect(table.queryByRole('link')).not.toBeInTheDocument();
    expect(table.queryByText(/@/)).not.toBeInTheDocument();
    expect(table.queryByRole('columnheader', { name: /Last sign-in/ })).not.toBeInTheDocument();
    expect(table.queryByRole('columnheader', { name: /Joined/ })).not.toBeInTheDocument();
    expect(table.getByRole('columnheader', { name: /User types/ })).toBeInTheDocument();
    expect(table.getByText('Inactive')).toBeInTheDocument();
    expect(table.getByText('You')).toBeInTheDocument();
    const search = screen.getByLabelText('Search users');
    expect(search).toHaveAttribute('placeholder', 'Search names');
    await user.type(search, 'rav');
    await waitFor(() => expect(lastParams().search).toBe('rav'));
  });
});
