import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { LoginRoute } from '@/features/auth/routes/login';
import { AppRoot } from './routes/app-root';
import { NotFoundRedirect } from './routes/not-found';
import { RouteError } from './routes/route-error';

// The sign-in page and the layouts are in the main chunk; everything else loads on demand.
const ForgotPasswordRoute = lazy(() => import('@/features/auth/routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('@/features/auth/routes/reset-password'));
const DashboardRoute = lazy(() => import('./routes/dashboard'));

const page = (element: React.ReactNode, size: 'sm' | 'md' = 'md') => (
  <Suspense fallback={<LoadingScreen size={size} />}>{element}</Suspense>
);

export const router = createBrowserRouter([
  {
    path: '/auth',
    element: <AuthLayout />,
    errorElement: <RouteError fullScreen />,
    children: [
      { index: true, element: <Navigate to={paths.auth.login.getHref()} replace /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'forgot-password', element: page(<ForgotPasswordRoute />, 'sm') },
      { path: 'reset-password/:uid/:token', element: page(<ResetPasswordRoute />, 'sm') },
      { path: '*', element: <Navigate to={paths.auth.login.getHref()} replace /> },
    ],
  },
  {
    path: '/',
    element: <AppRoot />,
    errorElement: <RouteError fullScreen />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <NotFoundRedirect /> },
          { path: 'dashboard', element: page(<DashboardRoute />) },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
]);
