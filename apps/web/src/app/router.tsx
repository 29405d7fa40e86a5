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
const ClientsRoute = lazy(() => import('./routes/clients'));
const ClientNewRoute = lazy(() => import('./routes/client-new'));
const ClientDetailRoute = lazy(() => import('./routes/client-detail'));
const RoleDetailRoute = lazy(() => import('./routes/role-detail'));
const JobsActiveRoute = lazy(() => import('./routes/jobs').then((m) => ({ default: m.JobsActiveRoute })));
const JobsClosedRoute = lazy(() => import('./routes/jobs').then((m) => ({ default: m.JobsClosedRoute })));
const RoleCreateRoute = lazy(() => import('./routes/role-form-pages').then((m) => ({ default: m.RoleCreateRoute })));
const RoleEditRoute = lazy(() => import('./routes/role-form-pages').then((m) => ({ default: m.RoleEditRoute })));
const ClientNotesRoute = lazy(() => import('./routes/notes').then((m) => ({ default: m.ClientNotesRoute })));
const RoleNotesRoute = lazy(() => import('./routes/notes').then((m) => ({ default: m.RoleNotesRoute })));
const GenericNotesRoute = lazy(() => import('./routes/notes').then((m) => ({ default: m.GenericNotesRoute })));
const QualificationAddRoute = lazy(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationAddRoute })),
);
const QualificationEditRoute = lazy(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationEditRoute })),
);
const QualificationCreateRoute = lazy(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationCreateRoute })),
);
const CandidatesRoute = lazy(() => import('./routes/candidates').then((m) => ({ default: m.CandidatesRoute })));
const CandidateDetailRoute = lazy(() => import('./routes/candidates').then((m) => ({ default: m.CandidateDetailRoute })));
const PipelineBoardRoute = lazy(() => import('./routes/pipelines').then((m) => ({ default: m.PipelineBoardRoute })));
const PipelineCreateRoute = lazy(() => import('./routes/pipelines').then((m) => ({ default: m.PipelineCreateRoute })));
const PipelineDetailRoute = lazy(() => import('./routes/pipelines').then((m) => ({ default: m.PipelineDetailRoute })));
const PipelineNotesRoute = lazy(() => import('./routes/notes').then((m) => ({ default: m.PipelineNotesRoute })));
const RoleCandidateRoute = lazy(() => import('./routes/pipelines').then((m) => ({ default: m.RoleCandidateRoute })));
const RoleCandidateNotesRoute = lazy(() => import('./routes/notes').then((m) => ({ default: m.RoleCandidateNotesRoute })));

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
          { path: 'jobs/active', element: page(<JobsActiveRoute />) },
          { path: 'jobs/closed', element: page(<JobsClosedRoute />) },
          { path: 'clients', element: page(<ClientsRoute />) },
          { path: 'clients/new', element: page(<ClientNewRoute />) },
          { path: 'clients/:clientId', element: page(<ClientDetailRoute />) },
          { path: 'clients/:clientId/notes', element: page(<ClientNotesRoute />) },
          { path: 'roles/create', element: page(<RoleCreateRoute />) },
          { path: 'roles/:roleId', element: page(<RoleDetailRoute />) },
          { path: 'roles/:roleId/edit', element: page(<RoleEditRoute />) },
          { path: 'roles/:roleId/notes', element: page(<RoleNotesRoute />) },
          { path: 'roles/:roleId/job-qualification/add', element: page(<QualificationAddRoute />) },
          { path: 'roles/:roleId/job-qualification/:qualificationId/edit', element: page(<QualificationEditRoute />) },
          { path: 'job-qualifications/create', element: page(<QualificationCreateRoute />) },
          { path: 'roles/:roleId/pipelines', element: page(<PipelineBoardRoute />) },
          { path: 'roles/:roleId/pipelines/create', element: page(<PipelineCreateRoute />) },
          { path: 'roles/:roleId/pipelines/:pipelineId', element: page(<PipelineDetailRoute />) },
          { path: 'roles/:roleId/pipelines/:pipelineId/notes', element: page(<PipelineNotesRoute />) },
          { path: 'roles/:roleId/candidates/:candidateId', element: page(<RoleCandidateRoute />) },
          { path: 'roles/:roleId/candidates/:candidateId/notes', element: page(<RoleCandidateNotesRoute />) },
          { path: 'candidates', element: page(<CandidatesRoute />) },
          { path: 'candidates/:candidateId', element: page(<CandidateDetailRoute />) },
          { path: 'notes/:modelType/:objectId', element: page(<GenericNotesRoute />) },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
]);
