import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { candidatesReducer } from '@/features/candidates/candidates-slice';
import { resetApiStateForTests } from '@/test/api-state';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { lazyPage, pageRoute } from '../lazy-page';
import { appPages } from '../router';
import { AppRoot } from './app-root';

/** A page whose code arrives when the test says so (`arrive()`), and how often it was asked for. */
function slowPage(skeleton: 'list' | 'dashboard', text?: { title: string; description: string }) {
  let arrive: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ default: () => React.ReactNode }>((resolve) => {
        arrive = () => resolve({ default: () => <h2>The page itself</h2> });
      }),
  );
  const Page = lazyPage(load);
  return { route: pageRoute('slow', Page, skeleton, <Page />, text), load, arrive: () => arrive() };
}

function renderShell(pages: Parameters<typeof AppRoot>[0]['pages'], entry: string) {
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      ui: uiReducer,
      candidates: candidatesReducer,
      [baseApi.reducerPath]: baseApi.reducer,
    }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: {
      auth: {
        ...initialAuthState,
        user: buildUser({ user_type: ['owner'], name: 'Olivia Martin' }),
        isAuthenticated: true,
      },
    },
  });
  const router = createMemoryRouter([{ path: '/', element: <AppRoot pages={pages ?? []} />, children: pages ?? [] }], {
    initialEntries: [entry],
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

/** The API answers nothing until the test ends: every screen stays in its loading state. */
let pending: (() => void)[] = [];
beforeEach(() => {
  resetApiStateForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          pending.push(() => resolve(jsonResponse(200, { success: true, url: String(input) })));
        }),
    ),
  );
});
afterEach(() => {
  pending.forEach((answer) => answer());
  pending = [];
  vi.unstubAllGlobals();
});

describe('the signed-in shell on a cold load (issue 16 item 13)', () => {
  it('draws the sidebar and the top bar at once and the page skeleton in the page area while the page code loads', async () => {
    const slow = slowPage('list');
    renderShell([slow.route], '/slow');

    const nav = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(nav).getByRole('link', { name: 'Candidates' })).toHaveAttribute('href', '/candidates');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    // The page's place holds a skeleton shaped like a list, announced once as loading; no full-page spinner.
    const main = screen.getByRole('main');
    const skeleton = within(main).getByRole('status');
    expect(skeleton).toHaveAttribute('data-skeleton', 'list');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    // The page's code is asked for right after the shell's first paint (app/first-paint.tsx), once.
    await waitFor(() => expect(slow.load).toHaveBeenCalledTimes(1));

    await act(async () => slow.arrive());
    expect(await within(main).findByRole('heading', { name: 'The page itself' })).toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
    // The same shell stayed: the page filled in its place, nothing was drawn again around it.
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBe(nav);
    expect(screen.getByRole('banner')).toBe(header);
  });

  it("shows the page's fixed heading in its skeleton, to the eye only, until the page replaces it", async () => {
    const slow = slowPage('list', { title: 'Slow things', description: 'Everything that takes its time.' });
    renderShell([slow.route], '/slow');

    const main = screen.getByRole('main');
    const skeleton = within(main).getByRole('status');
    expect(skeleton).toHaveTextContent('Slow things');
    expect(skeleton).toHaveTextContent('Everything that takes its time.');
    // Assistive technology hears 'Loading...' only: the text is not a second heading.
    expect(within(main).queryByRole('heading')).not.toBeInTheDocument();

    await waitFor(() => expect(slow.load).toHaveBeenCalledTimes(1));
    await act(async () => slow.arrive());
    expect(await within(main).findByRole('heading', { name: 'The page itself' })).toBeInTheDocument();
    expect(main).not.toHaveTextContent('Everything that takes its time.');
  });

  it("fills in the shell's own parts as their code arrives: the account menu and the search", async () => {
    const slow = slowPage('dashboard');
    renderShell([slow.route], '/slow');
    expect(await screen.findByRole('button', { name: 'Open user menu' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('[data-skeleton="dashboard"]')).not.toBeNull();
  });

  it('a page of the app waiting for its data keeps the shell and shows its skeleton, not a loading screen', async () => {
    renderShell(appPages, '/candidates/7');
    const main = screen.getByRole('main');
    // First the page's code, then its data (the API never answers here): a detail-shaped skeleton either way.
    expect(within(main).getByRole('status')).toHaveAttribute('data-skeleton', 'detail');
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0), { timeout: 5000 });
    expect(within(main).getByRole('status')).toHaveAttribute('data-skeleton', 'detail');
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeVisible();
    expect(screen.queryByText('Loading...', { selector: ':not(.sr-only)' })).not.toBeInTheDocument();
  });
});
