import { useLayoutEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/ui/error-fallback';
import { reportError } from '@/lib/error-tracking';

/** The router's errorElement: the fallback screen; 'Try again' re-runs the current route. */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  // Reported before the fallback is painted (issue 9 §5); a no-op without SENTRY_DSN.
  useLayoutEffect(() => {
    reportError(error);
    console.error('Route error', error);
  }, [error]);
  return (
    <ErrorFallback
      fullScreen={fullScreen}
      onRetry={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: location.state })}
    />
  );
}
