import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/ui/error-fallback';

/** The router's errorElement: the fallback screen; 'Try again' re-runs the current route. */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return (
    <ErrorFallback
      fullScreen={fullScreen}
      onRetry={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: location.state })}
    />
  );
}
