import { useCallback, useLayoutEffect } from 'react';
import { useUpdateSidebarCollapsedMutation } from '@/features/auth/api';
import { selectIsAuthenticated, selectUserSidebarCollapsed, setUserSidebarCollapsed } from '@/features/auth/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectSidebarCollapsed, setSidebarCollapsed } from '@/lib/ui-slice';

/**
 * The large-screen sidebar's icon-only mode, kept like the theme (issue 16 item 18): it follows the
 * signed-in user's profile (also the persisted one, so a reload starts collapsed before first paint), and
 * the toggle changes it at once and saves it to the profile; a failed save keeps the local change.
 */
export function useSidebarCollapsed() {
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const saved = useAppSelector(selectUserSidebarCollapsed);
  const [save] = useUpdateSidebarCollapsedMutation();

  useLayoutEffect(() => {
    if (saved !== undefined) dispatch(setSidebarCollapsed(saved));
  }, [dispatch, saved]);

  const toggle = useCallback(() => {
    const next = !collapsed;
    dispatch(setSidebarCollapsed(next));
    dispatch(setUserSidebarCollapsed(next));
    if (isAuthenticated) void save(next);
  }, [collapsed, dispatch, isAuthenticated, save]);

  return { collapsed, toggle };
}
