import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '@/components/layouts/app-layout';
import { authReducer, checkAuthStatus, initialAuthState } from '@/features/auth/auth-slice';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';
import { buildUser, jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { useSidebarCollapsed } from './sidebar-preference';
import { ThemeSync, useThemeToggle } from './theme';
import type { User } from '@recruitdesk/contracts/users';
import { ProfileTimeZone } from './profile-time-zone';

const fetchStub = installFetchStub();

function Shell() {
  const sidebar = useSidebarCollapsed();
  const user = buildUser();
  return (
    <AppLayout
      user={user}
      theme="light"
      onToggleTheme={() => {}}
      onLogout={() => {}}
      onToggleCollapsed={sidebar.toggle}
    >
      <p>page</p>
    </AppLayout>
  );
}

/** A store with the signed-in `user`. */
function makeStore(user: User) {
  return configureStore({
    reducer: combineReducers({ auth: authReducer, ui: uiReducer, [baseApi.reducerPath]: baseApi.reducer }),
    middleware: (gdm) => gdm().concat(baseApi.middleware),
    preloadedState: { auth: { ...initialAuthState, user, isAuthenticated: true } },
  });
}

function renderShell(savedCollapsed: boolean) {
  const user = buildUser({ sidebar_collapsed: savedCollapsed });
  const store = makeStore(user);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Shell />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the collapsed sidebar is a saved preference', () => {
  it('starts collapsed when the profile says so', () => {
    fetchStub.mock.mockResolvedValue(jsonResponse(200, { success: true, user: buildUser() }));
    renderShell(true);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collapse sidebar' })).not.toBeInTheDocument();
  });

  it('collapses at once and saves the choice to the profile', async () => {
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(200, { success: true, user: buildUser({ sidebar_collapsed: true }) }),
    );
    const store = renderShell(false);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(store.getState().auth.user?.sidebar_collapsed).toBe(true);
    await waitFor(() => expect(fetchStub.mock).toHaveBeenCalled());
    const [url, init] = fetchStub.mock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/profile\/$/);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ sidebar_collapsed: true });
  });
});

describe('the start-up session check', () => {
  it('does not draw the shell again when it confirms the same user', async () => {
    const user = buildUser();
    fetchStub.mock.mockResolvedValue(jsonResponse(200, { success: true, authenticated: true, user }));
    const store = makeStore(user);
    let draws = 0;
    function Page() {
      useSidebarCollapsed();
      useThemeToggle();
      draws += 1;
      return <p>page</p>;
    }
    render(
      <Provider store={store}>
        <ThemeSync />
        <ProfileTimeZone>
          <Page />
        </ProfileTimeZone>
      </Provider>,
    );
    const before = draws;
    await act(async () => {
      await store.dispatch(checkAuthStatus());
    });
    expect(store.getState().auth.user).toBe(user);
    // The check changed state.auth (pending, then fulfilled) but nothing the shell shows.
    expect(draws).toBe(before);
  });
});
