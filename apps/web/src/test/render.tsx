import type { ReactElement } from 'react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { baseApi } from '@/lib/base-api';
import { TimeZoneProvider } from '@/lib/time-zone';
import { uiReducer } from '@/lib/ui-slice';

export function makeTestStore() {
  return configureStore({
    reducer: combineReducers({ ui: uiReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
  });
}

export function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `path` inside a store and a memory router; `*` shows where navigation went.
 * `timeZone` plays the signed-in user's profile zone (the runtime's zone otherwise).
 */
export function renderWithProviders(
  element: ReactElement,
  options: { path?: string; initialEntry?: string; timeZone?: string } = {},
) {
  const path = options.path ?? '/';
  const initialEntry = options.initialEntry ?? path;
  const store = makeTestStore();
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const utils = render(
    <Provider store={store}>
      <TimeZoneProvider zone={options.timeZone}>
        <RouterProvider router={router} />
      </TimeZoneProvider>
    </Provider>,
  );
  return { ...utils, store, router };
}

/** The fetch calls made so far, as 'METHOD /path?query'. */
export function callsOf(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : String(input);
    const method = ((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase();
    return `${method} ${url.replace(/^https?:\/\/[^/]+/, '')}`;
  });
}
