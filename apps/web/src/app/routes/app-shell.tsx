import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { logout, selectAuth } from '@/features/auth/auth-slice';
import { selectSelectedCandidate } from '@/features/candidates/candidates-slice';
import { clientsApi } from '@/features/clients/api';
import { pipelinesApi } from '@/features/pipelines/api';
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
  const { userId, roleId, clientId, candidateId, pipelineId } = idsInPath(pathname);
  const userName = useAppSelector((state: RootState) =>
    userId ? usersApi.endpoints.getUser.select(Number(userId))(state).data?.user.name : undefined,
  );
  const role = useAppSelector((state: RootState) =>
    roleId ? rolesApi.endpoints.getRole.select(Number(roleId))(state).data?.role : undefined,
  );
  const clientName = useAppSelector((state: RootState) =>
    clientId ? clientsApi.endpoints.getClient.select(Number(clientId))(state).data?.client.name : undefined,
  );
  // The candidate the page loaded (the candidates slice keeps the selected one).
  const candidate = useAppSelector(selectSelectedCandidate);
  // On /roles/{id}/candidates/{id} the page loaded the candidate with that role's pipeline.
  const roleCandidateName = useAppSelector((state: RootState) =>
    roleId && candidateId
      ? pipelinesApi.endpoints.getRoleCandidateDetail.select({ candidateId: Number(candidateId), roleId: Number(roleId) })(state).data
          ?.candidate.name
      : undefined,
  );
  const candidateName =
    (candidateId && candidate && String(candidate.id) === candidateId ? candidate.name : undefined) ?? roleCandidateName;
  const pipelineName = useAppSelector((state: RootState) =>
    pipelineId ? pipelinesApi.endpoints.getPipeline.select(Number(pipelineId))(state).data?.data.candidate.name : undefined,
  );
  return useMemo(
    () =>
      makeBreadcrumbLookups({
        candidate: candidateId && candidateName ? { id: candidateId, name: candidateName } : undefined,
        user: userId && userName ? { id: userId, name: userName } : undefined,
        role:
          roleId && role
            ? { id: roleId, value: { name: role.name, state: role.state, client: { id: role.client.id, name: role.client.name } } }
            : undefined,
        client: clientId && clientName ? { id: clientId, name: clientName } : undefined,
        pipeline: pipelineId && pipelineName ? { id: pipelineId, name: pipelineName } : undefined,
      }),
    [userId, userName, roleId, role, clientId, clientName, candidateId, candidateName, pipelineId, pipelineName],
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
