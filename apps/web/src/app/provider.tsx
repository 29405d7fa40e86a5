import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { Toaster } from 'react-hot-toast';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { checkAuthStatus } from '@/features/auth/auth-slice';
import { setTheme } from '@/lib/ui-slice';
import { NotificationsBridge } from './notifications-bridge';
import { router } from './router';
import { registerSessionExpiry } from './session-expiry';
import { persistor, store } from './store';
import { ThemeSync } from './theme';

registerSessionExpiry(store, router);

/** Before the app renders: take the persisted user's theme, and confirm the session in the background. */
function onBeforeLift() {
  const { auth } = store.getState();
  if (auth.user?.theme) store.dispatch(setTheme(auth.user.theme));
  if (auth.isAuthenticated) void store.dispatch(checkAuthStatus());
}

export function AppProvider() {
  return (
    <StrictMode>
      <ErrorBoundary fullScreen>
        <Provider store={store}>
          <PersistGate loading={<LoadingScreen size="lg" />} persistor={persistor} onBeforeLift={onBeforeLift}>
            <ThemeSync />
            <NotificationsBridge />
            <RouterProvider router={router} />
          </PersistGate>
          <Toaster
            position="top-right"
            toastOptions={{
              className:
                '!rounded-lg !text-sm !shadow-lg !ring-1 !ring-gray-900/5 dark:!bg-gray-800 dark:!text-gray-100 dark:!ring-white/10',
            }}
          />
        </Provider>
      </ErrorBoundary>
    </StrictMode>
  );
}
