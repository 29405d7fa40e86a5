import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { checkAuthStatus } from '@/features/auth/auth-slice';
import { setErrorTrackingUser, startErrorTracking } from '@/lib/error-tracking';
import { setDraftOwner } from '@/lib/form-draft';
import { setSidebarCollapsed, setTheme } from '@/lib/ui-slice';
import { afterIdle } from './first-paint';
import { AppToaster, NotificationsBridge } from './notifications-bridge';
import { ProfileTimeZone } from './profile-time-zone';
import { router } from './router';
import { registerSessionExpiry } from './session-expiry';
import { persistor, store } from './store';
import { ThemeSync } from './theme';

registerSessionExpiry(store, router);

// Error tracking: off unless the server has a SENTRY_DSN; the SDK loads after the app, in its own chunk.
let reportedUser: string | null = null;
store.subscribe(() => {
  const user = store.getState().auth.user;
  // Form drafts are the signed-in user's (kept through a session expiry, not shown to someone else).
  if (user) setDraftOwner(user.id);
  const key = user ? `${user.id}:${user.role}` : null;
  if (key === reportedUser) return;
  reportedUser = key;
  setErrorTrackingUser(user);
});
// In an idle moment after the first paint: its GET /api/config/ would share the first screen's bandwidth,
// and its work the task that asks for the page's code.
void afterIdle().then(() => startErrorTracking());

/**
 * Before the app renders: take the persisted user's theme and sidebar preference, and confirm the session
 * in the background.
 */
function onBeforeLift() {
  const { auth } = store.getState();
  if (auth.user?.theme) store.dispatch(setTheme(auth.user.theme));
  if (auth.user?.sidebar_collapsed !== undefined) store.dispatch(setSidebarCollapsed(auth.user.sidebar_collapsed));
  // The session check runs in an idle moment after the first paint (the shell is drawn from the persisted
  // user meanwhile; an expired session's first API call answers 401 anyway, session-expiry.ts).
  if (auth.isAuthenticated) void afterIdle().then(() => store.dispatch(checkAuthStatus()));
}

let rehydrated: Promise<void> | undefined;
let ready = false;

/**
 * Resolves once the persisted session is read back (from localStorage: a few microtasks) and
 * `onBeforeLift` has run; idempotent. main.tsx renders after it, so the first render is the whole app.
 */
export function whenRehydrated(): Promise<void> {
  rehydrated ??= new Promise<void>((resolve) => {
    const lift = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      onBeforeLift();
      ready = true;
      resolve();
    };
    const unsubscribe = persistor.subscribe(lift);
    lift();
  });
  return rehydrated;
}

/**
 * What redux-persist's PersistGate does (nothing until the session is read back), without its extra
 * render: after `whenRehydrated()` (main.tsx) the children render at once, in the caller's transition;
 * otherwise they are lifted in a transition, so React draws the shell and the page in slices instead of
 * one long task (total blocking time, docs/performance.md).
 */
function RehydratedGate({ children }: { children: ReactNode }) {
  const [lifted, setLifted] = useState(ready);
  useEffect(() => {
    if (lifted) return;
    let active = true;
    void whenRehydrated().then(() => {
      if (active) startTransition(() => setLifted(true));
    });
    return () => {
      active = false;
    };
  }, [lifted]);
  return lifted ? children : <LoadingScreen size="lg" />;
}

export function AppProvider() {
  return (
    <StrictMode>
      <ErrorBoundary fullScreen>
        <Provider store={store}>
          <RehydratedGate>
            <ThemeSync />
            <NotificationsBridge />
            <ProfileTimeZone>
              <RouterProvider router={router} />
            </ProfileTimeZone>
          </RehydratedGate>
          <AppToaster />
        </Provider>
      </ErrorBoundary>
    </StrictMode>
  );
}
