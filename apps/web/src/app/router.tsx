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
const RegisterFromTokenRoute = lazy(() => import('./routes/register-from-token'));
const UsersRoute = lazy(() => import('./routes/users'));
const UserDetailRoute = lazy(() => import('./routes/user-detail'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const SettingsRoute = lazy(() => import('./routes/settings'));

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
      { path: 'register-from-token/:token', element: page(<RegisterFromTokenRoute />, 'sm') },
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
          { path: 'users', element: page(<UsersRoute />) },
          { path: 'users/:userId', element: page(<UserDetailRoute />) },
          { path: 'profile', element: page(<ProfileRoute />) },
          { path: 'me', element: page(<ProfileRoute />) },
          { path: 'settings', element: page(<SettingsRoute />) },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
]);
