import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LoginResponse } from '@recruitdesk/contracts/auth';
import { paths } from '@/config/paths';
import { setUser } from '@/features/auth/auth-slice';
import { RegisterFromToken } from '@/features/registration/components/register-from-token';
import { baseApi } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';

/** /auth/register-from-token/{token}: the new user is signed in like after a sign-in, then sees the dashboard. */
export function RegisterFromTokenRoute() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onRegistered = useCallback(
    (response: LoginResponse) => {
      dispatch(baseApi.util.resetApiState());
      dispatch(setUser(response.user));
      void navigate(paths.app.dashboard.getHref(), { replace: true });
    },
    [dispatch, navigate],
  );
  return <RegisterFromToken token={token} onRegistered={onRegistered} />;
}

export default RegisterFromTokenRoute;
