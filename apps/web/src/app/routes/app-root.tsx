import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { logout, selectAuth } from '@/features/auth/auth-slice';
import { usersApi } from '@/features/users/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { isSessionExpiring } from '@/lib/session-expiry';
import type { RootState } from '../store';
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

/** Names for ids in the breadcrumb trail, from what the pages already loaded. */
function useBreadcrumbLookups(pathname: string) {
  const userId = /^\/users\/(\d+)/.exec(pathname)?.[1];
  const userName = useAppSelector((state: RootState) =>
    userId ? usersApi.endpoints.getUser.select(Number(userId))(state).data?.user.name : undefined,
  );
  return useMemo(
    () => ({ user: (id: string) => (id === userId && userName ? { name: userName } : null) }),
    [userId, userName],
  );
}

/** The authenticated layout: guard + shell. */
export function AppRoot() {
  const { isAuthenticated, user } = useAppSelector(selectAuth);
  const location = useLocation();
  const { theme, toggle } = useThemeToggle();
  const signOut = useSignOut();
  const breadcrumbLookups = useBreadcrumbLookups(location.pathname);

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
      <AppLayout
        user={user}
        theme={theme}
        onToggleTheme={toggle}
        onLogout={signOut}
        breadcrumbLookups={breadcrumbLookups}
      />
    </Suspense>
  );
}

export default AppRoot;
