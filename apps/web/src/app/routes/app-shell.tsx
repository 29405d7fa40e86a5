import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { logout, selectAuth } from '@/features/auth/auth-slice';
import { clientsApi } from '@/features/clients/api';
import { rolesApi } from '@/features/roles/api';
import { usersApi } from '@/features/users/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import type { RootState } from '../store';
import { ActiveClientsPanelContainer } from '../active-clients';
import { idsInPath, makeBreadcrumbLookups } from '../breadcrumb-lookups';
import { useThemeToggle } from '../theme';

// The signed-in shell and everything it wires together (feature APIs for breadcrumb names, the Active
// Clients panel, Headless UI) load after sign-in, so the sign-in page stays small.

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
  const { userId, roleId, clientId } = idsInPath(pathname);
  const userName = useAppSelector((state: RootState) =>
    userId ? usersApi.endpoints.getUser.select(Number(userId))(state).data?.user.name : undefined,
  );
  const role = useAppSelector((state: RootState) =>
    roleId ? rolesApi.endpoints.getRole.select(Number(roleId))(state).data?.role : undefined,
  );
  const clientName = useAppSelector((state: RootState) =>
    clientId ? clientsApi.endpoints.getClient.select(Number(clientId))(state).data?.client.name : undefined,
  );
  return useMemo(
    () =>
      makeBreadcrumbLookups({
        user: userId && userName ? { id: userId, name: userName } : undefined,
        role:
          roleId && role
            ? { id: roleId, value: { name: role.name, state: role.state, client: { id: role.client.id, name: role.client.name } } }
            : undefined,
        client: clientId && clientName ? { id: clientId, name: clientName } : undefined,
      }),
    [userId, userName, roleId, role, clientId, clientName],
  );
}

const SIDEBAR_PANELS = { [paths.app.jobsActive.getHref()]: () => <ActiveClientsPanelContainer /> };

/** The signed-in layout with its data: sidebar panels, breadcrumb names, theme and sign-out. */
export default function AppShell() {
  const { user } = useAppSelector(selectAuth);
  const location = useLocation();
  const { theme, toggle } = useThemeToggle();
  const signOut = useSignOut();
  const breadcrumbLookups = useBreadcrumbLookups(location.pathname);
  return (
    <AppLayout
      user={user}
      theme={theme}
      onToggleTheme={toggle}
      onLogout={signOut}
      breadcrumbLookups={breadcrumbLookups}
      sidebarPanels={SIDEBAR_PANELS}
    />
  );
}
