import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths, safeRedirectPath } from '@/config/paths';
import { useAppSelector } from '@/lib/hooks';
import { selectIsAuthenticated } from '../auth-slice';
import { AuthHeading } from '../components/auth-heading';
import { LoginForm } from '../components/login-form';

type FromState = { from?: string | { pathname?: string; search?: string } } | null;

/** Where to go after signing in: `state.from`, then `?next=`, only same-app paths; else the dashboard. */
export function redirectTarget(state: FromState, next: string | null): string {
  const from = state?.from;
  const fromPath = typeof from === 'string' ? from : from?.pathname ? `${from.pathname}${from.search ?? ''}` : null;
  return safeRedirectPath(fromPath) ?? safeRedirectPath(next) ?? paths.app.dashboard.getHref();
}

export function LoginRoute() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  const [searchParams] = useSearchParams();

  if (isAuthenticated) {
    return <Navigate to={redirectTarget(location.state as FromState, searchParams.get('next'))} replace />;
  }

  return (
    <>
      <AuthHeading title="Sign in to your account" description="Welcome back. Enter your details to continue." />
      <LoginForm />
    </>
  );
}

export default LoginRoute;
