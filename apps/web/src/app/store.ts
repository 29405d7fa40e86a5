import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  createTransform,
  persistReducer,
  persistStore,
} from 'redux-persist';
// Not redux-persist/lib/storage: that one breaks the production build (stack-notes.md).
import storage from 'redux-persist/es/storage';
import { authReducer, type AuthState } from '@/features/auth/auth-slice';
import { candidatesReducer } from '@/features/candidates/candidates-slice';
import { baseApi } from '@/lib/base-api';
import { uiReducer } from '@/lib/ui-slice';

const rootReducer = combineReducers({
  auth: authReducer,
  ui: uiReducer,
  candidates: candidatesReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

/** Only the session facts are kept; a half-finished sign-in or an old error is not. */
const authTransform = createTransform<AuthState, Partial<AuthState>>(
  (state) => ({ user: state.user, isAuthenticated: state.isAuthenticated }),
  (stored) => ({
    user: stored.user ?? null,
    isAuthenticated: stored.isAuthenticated ?? false,
    loading: false,
    error: null,
  }),
  { whitelist: ['auth'] },
);

// redux-persist's types do not model RTK 2's combineReducers state; the persisted reducer has the same state
// (plus redux-persist's own `_persist` key).
const persistedReducer = persistReducer(
  { key: 'root', storage, whitelist: ['auth'], timeout: 5000, transforms: [authTransform] },
  rootReducer as never,
) as unknown as typeof rootReducer;

export function makeStore() {
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export const store = makeStore();
export const persistor = persistStore(store);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
