import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/** `/` and unknown paths go to the dashboard (spec §2). */
export function NotFoundRedirect() {
  return <Navigate to={paths.app.dashboard.getHref()} replace />;
}
