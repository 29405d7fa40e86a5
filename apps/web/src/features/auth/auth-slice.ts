import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthStatusResponse, LoginInput, LoginResponse } from '@recruitdesk/contracts/auth';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { api, isApiError } from '@/lib/api';
import { baseApi } from '@/lib/base-api';

/** Auth state (spec §4). Persisted under the key `root` (the only persisted slice). */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  /**
   * Theme and sidebar changes made while a status check is in flight: its answer was read before them, so
   * they are kept over it (the check would otherwise undo a toggle made right after a reload).
   */
  changedDuringCheck?: Partial<Pick<User, 'theme' | 'sidebar_collapsed'>>;
}

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  loading: false,
  error: null,
};

export interface LoginRejection {
  message: string;
  fields?: Record<string, string[]>;
  status: number;
}

function rejection(error: unknown, fallback: string): LoginRejection {
  if (isApiError(error)) {
    const out: LoginRejection = { message: error.message, status: error.status };
    if (error.fields) out.fields = error.fields;
    return out;
  }
  return { message: error instanceof Error && error.message ? error.message : fallback, status: 0 };
}

export const login = createAsyncThunk<LoginResponse, LoginInput, { rejectValue: LoginRejection }>(
  'auth/login',
  async (input, { rejectWithValue, dispatch }) => {
    try {
      const response = await api.post<LoginResponse>('/api/auth/login/', {
        email: input.email,
        password: input.password,
        remember_me: input.remember_me ?? false,
      });
      dispatch(baseApi.util.resetApiState());
      return response;
    } catch (error) {
      return rejectWithValue(rejection(error, 'Sign-in failed. Please try again.'));
    }
  },
);

/** Signs out on the server; the local session is cleared whatever the server answers. */
export const logout = createAsyncThunk('auth/logout', async (_: void, { dispatch }) => {
  try {
    await api.post('/api/auth/logout/');
  } catch {
    // Logout always ends locally (spec §4).
  } finally {
    dispatch(baseApi.util.resetApiState());
  }
});

export const fetchProfile = createAsyncThunk<User, void, { rejectValue: LoginRejection }>(
  'auth/fetchProfile',
  async (_, { rejectWithValue }) => {
    try {
      const response = await api.get<{ success: true; user: User }>('/api/auth/profile/');
      return response.user;
    } catch (error) {
      return rejectWithValue(rejection(error, 'Could not load your profile.'));
    }
  },
);

/** Confirms the session with the server; a failed call counts as not authenticated. */
export const checkAuthStatus = createAsyncThunk<AuthStatusResponse, void>('auth/checkStatus', async () => {
  try {
    return await api.get<AuthStatusResponse>('/api/auth/status/');
  } catch {
    return { authenticated: false, user: null };
  }
});

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Clears the local session without calling the server (session expiry). */
    clearSession() {
      return initialAuthState;
    },
    clearAuthError(state) {
      state.error = null;
    },
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.isAuthenticated = true;
    },
    setUserTheme(state, action: PayloadAction<Theme>) {
      if (state.user) state.user.theme = action.payload;
      if (state.changedDuringCheck) state.changedDuringCheck.theme = action.payload;
    },
    setUserSidebarCollapsed(state, action: PayloadAction<boolean>) {
      if (state.user) state.user.sidebar_collapsed = action.payload;
      if (state.changedDuringCheck) state.changedDuringCheck.sidebar_collapsed = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.user = action.payload.user;
        state.isAuthenticated = true;
        state.error = null;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.user = null;
        state.isAuthenticated = false;
        state.error = action.payload?.message ?? action.error.message ?? 'Sign-in failed. Please try again.';
      })
      .addCase(logout.pending, () => initialAuthState)
      .addCase(logout.fulfilled, () => initialAuthState)
      .addCase(logout.rejected, () => initialAuthState)
      .addCase(fetchProfile.fulfilled, (state, action) => {
        state.user = action.payload;
        state.isAuthenticated = true;
      })
      .addCase(checkAuthStatus.pending, (state) => {
        state.changedDuringCheck = {};
      })
      .addCase(checkAuthStatus.fulfilled, (state, action) => {
        const changed = state.changedDuringCheck;
        delete state.changedDuringCheck;
        if (action.payload.authenticated && action.payload.user) {
          const user =
            state.user?.id === action.payload.user.id ? { ...action.payload.user, ...changed } : action.payload.user;
          // The start-up check usually confirms the persisted user: keep the same object then, so the
          // screens already drawn from it are not drawn again.
          if (JSON.stringify(state.user) !== JSON.stringify(user)) state.user = user;
          state.isAuthenticated = true;
        } else {
          state.user = null;
          state.isAuthenticated = false;
        }
      });
  },
});

export const { clearSession, clearAuthError, setUser, setUserTheme, setUserSidebarCollapsed } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
// The shell reads single fields (selectUser, selectIsAuthenticated): the start-up status check changes
// `state.auth` twice, and a component selecting all of it would draw again each time (with the page under it).
export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectIsAuthenticated = (state: WithAuth) => state.auth.isAuthenticated;
export const selectUserTimeZone = (state: WithAuth) => state.auth.user?.time_zone;
export const selectUserTheme = (state: WithAuth) => state.auth.user?.theme;
export const selectUserSidebarCollapsed = (state: WithAuth) => state.auth.user?.sidebar_collapsed;
