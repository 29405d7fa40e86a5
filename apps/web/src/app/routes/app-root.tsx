import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { isSessionExpiring } from '@/lib/session-expiry';

// Only the guard is in the main chunk; the shell loads after sign-in (see app-shell.tsx).
const AppShell = lazy(() => import('./app-shell'));

/** The authenticated layout: sends visitors to sign in (remembering the page), then shows the shell. */
export function AppRoot() {
  const { isAuthenticated } = useAppSelector(selectAuth);
  const location = useLocation();

  if (!isAuthenticated) {
    // Between a 401 and the redirect (1 s), keep a neutral screen under the toast.
    if (isSessionExpiring()) return <LoadingScreen size="lg" />;
    return (
      <Navigate
        to={paths.auth.login.getHref()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }

  return (
    <Suspense fallback={<LoadingScreen size="lg" />}>
      <AppShell />
    </Suspense>
  );
}

export default AppRoot;
