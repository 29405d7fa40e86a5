import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { clearAllDrafts } from '@/lib/form-draft';
import { useAppDispatch } from '@/lib/hooks';
import { logout } from './auth-slice';

/** Signs out; the local session ends at once and the user lands on the sign-in page whatever the server says. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    // Signing out on purpose leaves no half-typed record behind in the tab.
    clearAllDrafts();
    void dispatch(logout());
    void navigate(paths.auth.login.getHref(), { replace: true });
  }, [dispatch, navigate]);
}
