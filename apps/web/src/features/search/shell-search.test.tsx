import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '@recruitdesk/contracts/search';
import type { UserType } from '@recruitdesk/contracts/users';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf, renderWithProviders } from '@/test/render';
import { Route, Routes, useSearchParams } from 'react-router';
import { SearchResults } from './components/search-results';
import { SearchBox, ShellSearch } from './components/shell-search';

/** The results page's body at /search?q= (app/routes/search.tsx adds its heading). */
function ResultsAtSearch() {
  const [params] = useSearchParams();
  return <SearchResults q={params.get('q') ?? ''} />;
}

const fetchStub = installFetchStub();

const answer = (q: string): SearchResponse => ({
  success: true,
  query: q,
  destinations: [{ id: 'clients', title: 'Clients', href: '/clients', section: 'Main' }],
  clients: [{ id: 5, name: 'Acme Robotics', client_type: 'retainer', state: 'Open' }],
  roles: [{ id: 9, name: 'Acme Platform Engineer', state: 'open', client: { id: 5, name: 'Acme Robotics' } }],
  candidates: [{ id: 12, name: 'Ada Acmeson', current_title: 'Engineer', current_company: 'Globex', status: 'active' }],
  contacts: [
    {
      id: 30,
      name: 'Hana Acme',
      job_title: 'VP Engineering',
      left_company: false,
      client: { id: 5, name: 'Acme Robotics' },
    },
  ],
});

function respondToSearches() {
  fetchStub.mock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    return jsonResponse(200, answer(url.searchParams.get('q') ?? ''));
  });
}

const searchCalls = () => callsOf(fetchStub.mock).filter((call) => call.startsWith('GET /api/search/'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the shell search', () => {
  it('asks the server 350 ms after the last keystroke, never once per keystroke', async () => {
    vi.useFakeTimers();
    respondToSearches();
    renderWithProviders(<SearchBox user={buildUser()} variant="bar" />, { path: '/dashboard' });
    const input = screen.getByRole('combobox', { name: 'Search' });

    // Four keystrokes 200 ms apart (as input events: user-event's typing waits on timers that are fake
    // here): each restarts the 350 ms buffer.
    for (const key of ['a', 'c', 'm', 'e']) {
      fireEvent.change(input, { target: { value: `${(input as HTMLInputElement).value}${key}` } });
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
    }
    expect(searchCalls()).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(149);
    });
    expect(searchCalls()).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(searchCalls()).toEqual(['GET /api/search/?q=acme']);

    // The answer arrives; nothing else is asked while the text stays the same.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('5 results.');
    expect(searchCalls()).toHaveLength(1);
  });

  it('groups the results and opens one with the keyboard (arrows, Enter)', async () => {
    respondToSearches();
    const user = userEvent.setup();
    renderWithProviders(<SearchBox user={buildUser()} variant="bar" />, { path: '/dashboard' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'acme');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /^Acme Robotics/ })).toBeInTheDocument();
    for (const group of ['Go to', 'Clients', 'Roles', 'Candidates', 'Contacts']) {
      expect(within(listbox).getByRole('group', { name: group })).toBeInTheDocument();
    }
    expect(within(listbox).getByRole('option', { name: /Hana Acme/ })).toHaveTextContent(
      'VP Engineering · Acme Robotics',
    );
    expect(within(listbox).getByRole('option', { name: /Acme Platform Engineer/ })).toHaveTextContent(
      'Acme Robotics · Open',
    );
    expect(within(listbox).getByRole('option', { name: /Ada Acmeson/ })).toHaveTextContent(
      'Engineer at Globex · Active',
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('5 results.'));

    // The first hit is active; arrows move through the groups in order.
    const active = () =>
      within(listbox)
        .getAllByRole('option')
        .find((option) => option.hasAttribute('data-focus'));
    expect(active()).toHaveAccessibleName(/^Clients/);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveAccessibleName(/^Acme Platform Engineer/);
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveAccessibleName(/^Acme Robotics/);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/clients/5');
  });

  it('says when nothing matches, and Escape clears the field', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, {
        success: true,
        query: 'zzz',
        destinations: [],
        clients: [],
        roles: [],
        candidates: [],
        contacts: [],
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SearchBox user={buildUser()} variant="bar" />, { path: '/dashboard' });
    const input = screen.getByRole('combobox', { name: 'Search' });
    await user.type(input, 'zzz');
    expect(await screen.findByText('Nothing found for “zzz”.', { selector: 'p:not([role])' })).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
  });

  it.each<[UserType, boolean]>([
    ['owner', true],
    ['recruiter', false],
    ['viewer', false],
  ])(
    'Ctrl+K opens the palette listing the menu a %s may open (Invoices: %s); Escape closes it',
    async (type, invoices) => {
      const user = userEvent.setup();
      renderWithProviders(<ShellSearch user={buildUser({ user_type: [type] })} />, { path: '/dashboard' });
      await user.keyboard('{Control>}k{/Control}');
      const dialog = await screen.findByRole('dialog', { name: 'Search' });
      const input = within(dialog).getByRole('combobox', { name: 'Search' });
      expect(input).toHaveFocus();
      const menu = within(dialog).getByRole('group', { name: 'Go to' });
      for (const name of ['Dashboard', 'Active Jobs', 'Clients', 'Candidates', 'Users', 'Settings']) {
        expect(within(menu).getByRole('option', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
      }
      expect(within(menu).queryAllByRole('option', { name: /^Invoices/ })).toHaveLength(invoices ? 1 : 0);
      expect(within(menu).queryAllByRole('option', { name: /^AI Chat/ })).toHaveLength(invoices ? 1 : 0);
      // The menu needs no request.
      expect(searchCalls()).toEqual([]);

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      // ⌘K on a Mac; Dashboard is active first, Active Jobs next.
      await user.keyboard('{Meta>}k{/Meta}');
      expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByTestId('where')).toHaveTextContent('/jobs/active');
    },
  );

  it('starts as a light field named Search; the real search takes over on focus and keeps the first keystrokes', async () => {
    respondToSearches();
    const user = userEvent.setup();
    renderWithProviders(<ShellSearch user={buildUser()} />, { path: '/dashboard' });
    const field = screen.getByRole('combobox', { name: 'Search' });
    // Not yet the combobox: no Headless UI state on the field.
    expect(field).not.toHaveAttribute('data-headlessui-state');
    expect(field).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');

    await user.type(field, 'acme');
    const input = screen.getByRole('combobox', { name: 'Search' });
    expect(input).toHaveAttribute('data-headlessui-state');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('acme');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /^Acme Robotics/ })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['GET /api/search/?q=acme']);
  });

  it('ends the dropdown with "See all results", which opens a results page linking each kind’s whole list (issue 29 item p)', async () => {
    const user = userEvent.setup();
    respondToSearches();
    const { router } = renderWithProviders(
      <Routes>
        <Route path="/dashboard" element={<SearchBox user={buildUser()} variant="bar" />} />
        <Route path="/search" element={<ResultsAtSearch />} />
      </Routes>,
      { path: '/*', initialEntry: '/dashboard' },
    );
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'acme');
    await user.click(await screen.findByRole('option', { name: 'See all results for “acme”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=acme');
    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByRole('link', { name: /Hana Acme/ })).toHaveAttribute('href', '/contacts/30');
    const candidates = await screen.findByRole('region', { name: 'Candidates' });
    expect(within(candidates).getByRole('link', { name: /Ada Acmeson/ })).toHaveAttribute('href', '/candidates/12');
    expect(within(candidates).getByRole('link', { name: /All candidates matching “acme”/ })).toHaveAttribute(
      'href',
      '/candidates?search=acme',
    );
    const roles = screen.getByRole('region', { name: 'Roles' });
    expect(within(roles).getByRole('link', { name: /All active jobs matching/ })).toHaveAttribute(
      'href',
      '/jobs/active?search=acme',
    );
    expect(
      within(screen.getByRole('region', { name: 'Clients' })).getByRole('link', { name: /All clients matching/ }),
    ).toHaveAttribute('href', '/clients?search=acme');
  });
});
