import { lazy, Suspense, useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { logout, selectAuth } from '@/features/auth/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { isSessionExpiring } from '@/lib/session-expiry';
import { useThemeToggle } from '../theme';

// The shell (Headless UI dialog, menu) loads after sign-in, keeping the sign-in page's JS small.
const AppLayout = lazy(() =>
  import('@/components/layouts/app-layout').then((m) => ({ default: m.AppLayout })),
);

/** Signs out; the local session ends at once and the user lands on the sign-in page whatever the server says. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    void dispatch(logout());
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [dispatch, navigate]);
}

/** The authenticated layout: guard + shell. */
export function AppRoot() {
  const { isAuthenticated, user } = useAppSelector(selectAuth);
  const location = useLocation();
  const { theme, toggle } = useThemeToggle();
  const signOut = useSignOut();

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
      <AppLayout user={user} theme={theme} onToggleTheme={toggle} onLogout={signOut} />
    </Suspense>
  );
}

export default AppRoot;
