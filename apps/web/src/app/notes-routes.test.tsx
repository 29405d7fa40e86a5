import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { candidatesReducer } from '@/features/candidates/candidates-slice';
import { resetApiStateForTests } from '@/test/api-state';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { appPages } from './router';
import { ShellTrail } from './routes/app-shell';

/** The app's own route table, under the shell's breadcrumb trail (not the whole layout), at `entry`. */
function renderAt(entry: string) {
  const shell = (
    <>
      <ShellTrail />
      <Outlet />
    </>
  );
  const router = createMemoryRouter([{ path: '/', element: shell, children: appPages }], {
    initialEntries: [entry],
  });
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
        user: buildUser({ user_type: ['recruiter'] }),
        isAuthenticated: true,
      },
    },
  });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

beforeEach(() => {
  resetApiStateForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const [, , , modelType, objectId] = url.pathname.split('/');
      if (url.pathname.endsWith('/summary/')) {
        return jsonResponse(200, {
          success: true,
          summary: { count: 0, pinned_count: 0, authors: [], latest: null },
        });
      }
      if (/^\/api\/roles\/\d+\/$/.test(url.pathname)) {
        const id = Number(url.pathname.split('/')[3]);
        return jsonResponse(200, {
          success: true,
          role: { id, name: `Role ${id}`, state: 'open', client: { id: 5, name: 'Acme' } },
        });
      }
      if (url.pathname.startsWith('/api/notes/')) {
        return jsonResponse(200, {
          success: true,
          notes: [],
          count: 0,
          target: {
            model_type: modelType,
            object_id: Number(objectId),
            label: `Record ${objectId}`,
          },
        });
      }
      return jsonResponse(404, { success: false, error: 'Not found.' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The page's own back link (the breadcrumb's phone link has the same name). */
const pageBackLink = (label: string) =>
  screen
    .getAllByRole('link', { name: `Back to ${label}` })
    .find((link) => !screen.getByRole('navigation', { name: 'Breadcrumb' }).contains(link));

describe('notes addresses', () => {
  // The spec lists the record-shaped addresses as routes of their own (issue 29 item 8, decision 083): each
  // stays where it is, shows the record's notes, and its breadcrumb follows the path.
  it.each([
    ['/clients/5/notes', 'Record 5', '/clients/5', ['Clients', 'Record 5', 'Notes']],
    ['/roles/7/notes', 'Record 7', '/roles/7', ['Active Jobs', 'Acme', 'Role 7', 'Notes']],
    [
      '/roles/7/pipelines/12/notes',
      'Record 12',
      '/roles/7/pipelines/12',
      ['Active Jobs', 'Acme', 'Role 7', 'Pipeline board', 'Record 12', 'Notes'],
    ],
    [
      '/roles/7/candidates/3/notes',
      'Record 3',
      '/roles/7/candidates/3',
      ['Active Jobs', 'Acme', 'Role 7', 'Candidates', 'Record 3', 'Notes'],
    ],
    [
      '/roles/7/applications/4/notes',
      'Record 4',
      '/roles/7/applications/4',
      ['Active Jobs', 'Acme', 'Role 7', 'Application #4', 'Notes'],
    ],
    ['/candidates/3/notes', 'Record 3', '/candidates/3', ['Candidates', 'Record 3', 'Notes']],
  ])('%s stays, shows the notes of %s and its trail', async (address, label, back, trail) => {
    const router = renderAt(address);
    // The first test also waits for the notes page's code to load: give a loaded machine time.
    expect(await screen.findByRole('heading', { name: `Notes on ${label}` }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(address);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(pageBackLink(label)).toHaveAttribute('href', back);
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(trail),
    );
    expect(within(nav).getByText('Notes')).toHaveAttribute('aria-current', 'page');
  });

  it('/notes/clients/5 (the plural) redirects to /notes/client/5', async () => {
    const router = renderAt('/notes/clients/5');
    expect(await screen.findByRole('heading', { name: 'Notes on Record 5' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/client/5');
    // The old address is replaced, so Back does not bounce through the redirect.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/notes/{modelType}/{objectId} is the page itself', async () => {
    const router = renderAt('/notes/client/5');
    expect(await screen.findByRole('heading', { name: 'Notes on Record 5' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/client/5');
    expect(pageBackLink('Record 5')).toHaveAttribute('href', '/clients/5');
  });
});
