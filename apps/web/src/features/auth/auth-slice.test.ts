import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { baseApi } from '@/lib/base-api';
import { buildUser, jsonResponse } from '@/test/factories';
import {
  authReducer,
  checkAuthStatus,
  clearSession,
  fetchProfile,
  initialAuthState,
  login,
  logout,
  setUserSidebarCollapsed,
  setUserTheme,
} from './auth-slice';
import { installFetchStub } from '@/test/fetch-stub';

const makeStore = () =>
  configureStore({
    reducer: { auth: authReducer, [baseApi.reducerPath]: baseApi.reducer },
    middleware: (gdm) => gdm().concat(baseApi.middleware),
  });

const fetchStub = installFetchStub();

describe('auth reducer', () => {
  it('starts unauthenticated', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual(initialAuthState);
  });

  it('login pending sets loading', () => {
    const state = authReducer(initialAuthState, login.pending('req', { email: 'a@b.c', password: 'x' }));
    expect(state.loading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('login rejected clears the user and stores the message', () => {
    const signedIn = { ...initialAuthState, user: buildUser(), isAuthenticated: true };
    const state = authReducer(
      signedIn,
      login.rejected(null, 'req', { email: 'a@b.c', password: 'x' }, { message: 'Wrong password', status: 401 }),
    );
    expect(state).toMatchObject({ user: null, isAuthenticated: false, loading: false, error: 'Wrong password' });
  });

  it('clearSession and setUserTheme', () => {
    const signedIn = { ...initialAuthState, user: buildUser(), isAuthenticated: true };
    expect(authReducer(signedIn, setUserTheme('dark')).user?.theme).toBe('dark');
    expect(authReducer(signedIn, clearSession())).toEqual(initialAuthState);
  });
});

describe('auth thunks', () => {
  it('login success sets the user and marks authenticated, sending remember_me', async () => {
    const user = buildUser();
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { success: true, user, session_max_age: 2592000 }));
    const store = makeStore();
    await store.dispatch(login({ email: 'olivia@agency.test', password: 'secret', remember_me: true }));
    expect(store.getState().auth).toMatchObject({ user, isAuthenticated: true, loading: false, error: null });
    const [url, init] = fetchStub.mock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login/');
    expect(JSON.parse(init!.body as string)).toEqual({
      email: 'olivia@agency.test',
      password: 'secret',
      remember_me: true,
    });
  });

  it('login failure stores the server message', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonResponse(401, { success: false, error: 'The email or password you entered is incorrect.' }),
    );
    const store = makeStore();
    await store.dispatch(login({ email: 'olivia@agency.test', password: 'nope' }));
    expect(store.getState().auth).toMatchObject({
      user: null,
      isAuthenticated: false,
      error: 'The email or password you entered is incorrect.',
    });
  });

  it('logout clears the local session even when the server call fails', async () => {
    const user = buildUser();
    fetchStub.mock
      .mockResolvedValueOnce(jsonResponse(200, { success: true, user, session_max_age: null }))
      .mockRejectedValueOnce(new TypeError('network down'));
    const store = makeStore();
    await store.dispatch(login({ email: 'olivia@agency.test', password: 'secret' }));
    await store.dispatch(logout());
    expect(store.getState().auth).toEqual(initialAuthState);
  });

  it('fetchProfile replaces the user', async () => {
    const store = makeStore();
    const updated = buildUser({ first_name: 'Liv', name: 'Liv Martin' });
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { success: true, user: updated }));
    await store.dispatch(fetchProfile());
    expect(store.getState().auth.user).toEqual(updated);
  });

  it('checkAuthStatus sets the user when authenticated, else clears; a failed call clears', async () => {
    const store = makeStore();
    const user = buildUser();
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { authenticated: true, user }));
    await store.dispatch(checkAuthStatus());
    expect(store.getState().auth).toMatchObject({ user, isAuthenticated: true });

    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { authenticated: false, user: null }));
    await store.dispatch(checkAuthStatus());
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });

    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { authenticated: true, user }));
    await store.dispatch(checkAuthStatus());
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(500, { error: 'boom' }));
    await store.dispatch(checkAuthStatus());
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('a theme or sidebar change made while the status check is in flight outlives its older answer', async () => {
    const store = makeStore();
    const user = buildUser({ theme: 'light', sidebar_collapsed: true });
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { authenticated: true, user }));
    await store.dispatch(checkAuthStatus());

    let answer!: (response: Response) => void;
    fetchStub.mock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const check = store.dispatch(checkAuthStatus());
    store.dispatch(setUserSidebarCollapsed(false));
    store.dispatch(setUserTheme('dark'));
    answer(jsonResponse(200, { authenticated: true, user: { ...user, first_name: 'Renamed' } }));
    await check;
    expect(store.getState().auth.user).toMatchObject({
      first_name: 'Renamed',
      theme: 'dark',
      sidebar_collapsed: false,
    });

    // The next check, started after the changes, is taken as it is.
    fetchStub.mock.mockResolvedValueOnce(jsonResponse(200, { authenticated: true, user }));
    await store.dispatch(checkAuthStatus());
    expect(store.getState().auth.user).toMatchObject({ theme: 'light', sidebar_collapsed: true });
  });
});
