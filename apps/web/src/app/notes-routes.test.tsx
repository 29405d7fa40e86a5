import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authReducer, initialAuthState } from '@/features/auth/auth-slice';
import { resetApiStateForTests } from '@/test/api-state';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { appPages } from './router';

/** The app's own route table (without the signed-in layout), at `entry`. */
function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/', children: appPages }], {
    initialEntries: [entry],
  });
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      ui: uiReducer,
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

describe('notes addresses', () => {
  it.each([
    ['/clients/5/notes', '/notes/client/5'],
    ['/roles/7/notes', '/notes/role/7'],
    ['/roles/7/pipelines/12/notes', '/notes/pipeline/12'],
    ['/roles/7/candidates/3/notes', '/notes/candidate/3'],
    ['/roles/7/applications/4/notes', '/notes/application/4'],
    ['/candidates/3/notes', '/notes/candidate/3'],
    ['/notes/clients/5', '/notes/client/5'],
  ])('%s redirects to %s (not to the dashboard)', async (from, to) => {
    const router = renderAt(from);
    // The first test also waits for the notes page's code to load: give a loaded machine time.
    expect(await screen.findByRole('heading', { name: /^Notes on Record/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
    // The old address is replaced, so Back does not bounce through the redirect.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/notes/{modelType}/{objectId} is the page itself', async () => {
    const router = renderAt('/notes/client/5');
    expect(await screen.findByRole('heading', { name: 'Notes on Record 5' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes/client/5');
    expect(screen.getByRole('link', { name: 'Back to Record 5' })).toHaveAttribute('href', '/clients/5');
  });
});
