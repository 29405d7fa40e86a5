import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { LoginRoute } from '@/features/auth/routes/login';
import { lazyPage, pageRoute } from './lazy-page';
import { AppRoot } from './routes/app-root';
import { NotFoundRedirect } from './routes/not-found';
import { RouteError } from './routes/route-error';

// The sign-in page, the layouts and the shell are in the main chunk; everything else loads on demand.
const ForgotPasswordRoute = lazy(() => import('@/features/auth/routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('@/features/auth/routes/reset-password'));
const DashboardRoute = lazyPage(() => import('./routes/dashboard'));
const AnalyticsRoute = lazyPage(() => import('./routes/analytics'));
const RegisterFromTokenRoute = lazy(() => import('./routes/register-from-token'));
const UsersRoute = lazyPage(() => import('./routes/users'));
const UserDetailRoute = lazyPage(() => import('./routes/user-detail'));
const ProfileRoute = lazyPage(() => import('./routes/profile'));
const SettingsRoute = lazyPage(() => import('./routes/settings'));
const DataProtectionRoute = lazyPage(() => import('./routes/data-protection'));
const ClientsRoute = lazyPage(() => import('./routes/clients'));
const ContactsRoute = lazyPage(() => import('./routes/contacts'));
const ContactDetailRoute = lazyPage(() => import('./routes/contact-detail'));
const ClientNewRoute = lazyPage(() => import('./routes/client-new'));
const ClientDetailRoute = lazyPage(() => import('./routes/client-detail'));
const RoleDetailRoute = lazyPage(() => import('./routes/role-detail'));
const RoleMatchesRoute = lazyPage(() => import('./routes/role-matches'));
const JobsActiveRoute = lazyPage(() => import('./routes/jobs').then((m) => ({ default: m.JobsActiveRoute })));
const JobsClosedRoute = lazyPage(() => import('./routes/jobs').then((m) => ({ default: m.JobsClosedRoute })));
const RoleCreateRoute = lazyPage(() =>
  import('./routes/role-form-pages').then((m) => ({ default: m.RoleCreateRoute })),
);
const RoleEditRoute = lazyPage(() => import('./routes/role-form-pages').then((m) => ({ default: m.RoleEditRoute })));
const NotesRoute = lazyPage(() => import('./routes/notes').then((m) => ({ default: m.NotesRoute })));
const NestedNotesRoute = lazyPage(() => import('./routes/notes').then((m) => ({ default: m.NestedNotesRoute })));
const QualificationAddRoute = lazyPage(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationAddRoute })),
);
const QualificationEditRoute = lazyPage(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationEditRoute })),
);
const QualificationCreateRoute = lazyPage(() =>
  import('./routes/job-qualification').then((m) => ({ default: m.QualificationCreateRoute })),
);
const CandidatesRoute = lazyPage(() => import('./routes/candidates').then((m) => ({ default: m.CandidatesRoute })));
const CandidateDetailRoute = lazyPage(() =>
  import('./routes/candidate-detail').then((m) => ({ default: m.CandidateDetailRoute })),
);
const ResumeImportRoute = lazyPage(() =>
  import('./routes/resume-import').then((m) => ({ default: m.ResumeImportRoute })),
);
const PipelineBoardRoute = lazyPage(() =>
  import('./routes/pipelines').then((m) => ({ default: m.PipelineBoardRoute })),
);
const PipelineCreateRoute = lazyPage(() =>
  import('./routes/pipelines').then((m) => ({ default: m.PipelineCreateRoute })),
);
const PipelineDetailRoute = lazyPage(() =>
  import('./routes/pipelines').then((m) => ({ default: m.PipelineDetailRoute })),
);
const CalendarRoute = lazyPage(() => import('./routes/calendar'));
const JobPostingsRoute = lazyPage(() => import('./routes/job-postings'));
const RoleCandidateRoute = lazyPage(() =>
  import('./routes/pipelines').then((m) => ({ default: m.RoleCandidateRoute })),
);
const InvoicesRoute = lazyPage(() => import('./routes/invoices').then((m) => ({ default: m.InvoicesRoute })));
const InvoiceRoute = lazyPage(() => import('./routes/invoices').then((m) => ({ default: m.InvoiceRoute })));
const InvoiceCreateRoute = lazyPage(() => import('./routes/invoices').then((m) => ({ default: m.InvoiceCreateRoute })));
const AiChatRoute = lazyPage(() => import('./routes/ai-chat'));
const ApplicationRoute = lazyPage(() => import('./routes/applications'));
const ApplicationsInboxRoute = lazyPage(() => import('./routes/applications-inbox'));
const SearchRoute = lazyPage(() => import('./routes/search'));
const ImportsRoute = lazyPage(() => import('./routes/imports').then((m) => ({ default: m.ImportsRoute })));
const ImportNewRoute = lazyPage(() => import('./routes/imports').then((m) => ({ default: m.ImportNewRoute })));
const ImportRoute = lazyPage(() => import('./routes/imports').then((m) => ({ default: m.ImportRoute })));
const EmailTemplatesRoute = lazyPage(() => import('./routes/email').then((m) => ({ default: m.EmailTemplatesRoute })));
const MailboxesRoute = lazyPage(() => import('./routes/email').then((m) => ({ default: m.MailboxesRoute })));
const SequencesRoute = lazyPage(() => import('./routes/email').then((m) => ({ default: m.SequencesRoute })));
const UnmatchedRoute = lazyPage(() => import('./routes/email').then((m) => ({ default: m.UnmatchedRoute })));

const page = (element: React.ReactNode, size: 'sm' | 'md' = 'md') => (
  <Suspense fallback={<LoadingScreen size={size} />}>{element}</Suspense>
);

/** The signed-in pages (inside the app layout), exported for the route tests. */
export const appPages: RouteObject[] = [
  { index: true, element: <NotFoundRedirect /> },
  pageRoute('dashboard', DashboardRoute, 'dashboard', <DashboardRoute />, PAGE_TEXT.dashboardActivity),
  pageRoute('analytics', AnalyticsRoute, 'dashboard', <AnalyticsRoute />),
  pageRoute('users', UsersRoute, 'list', <UsersRoute />),
  pageRoute('users/:userId', UserDetailRoute, 'detail', <UserDetailRoute />),
  pageRoute('profile', ProfileRoute, 'form', <ProfileRoute />),
  pageRoute('me', ProfileRoute, 'form', <ProfileRoute />),
  pageRoute('settings', SettingsRoute, 'form', <SettingsRoute />),
  // Imports (issue 31; owners and superusers).
  pageRoute('settings/imports', ImportsRoute, 'list', <ImportsRoute />),
  pageRoute('settings/imports/new', ImportNewRoute, 'form', <ImportNewRoute />),
  pageRoute('settings/imports/:importId', ImportRoute, 'detail', <ImportRoute />),
  // Email (issue 33): templates, mailboxes, unmatched messages.
  pageRoute('settings/email-templates', EmailTemplatesRoute, 'list', <EmailTemplatesRoute />),
  pageRoute('settings/mailboxes', MailboxesRoute, 'list', <MailboxesRoute />),
  pageRoute('settings/mailboxes/unmatched', UnmatchedRoute, 'list', <UnmatchedRoute />),
  pageRoute('settings/sequences', SequencesRoute, 'list', <SequencesRoute />),
  // Data protection (issue 34; owners).
  pageRoute('settings/data-protection', DataProtectionRoute, 'list', <DataProtectionRoute />),
  pageRoute('jobs/active', JobsActiveRoute, 'list', <JobsActiveRoute />, PAGE_TEXT.jobsActive),
  pageRoute('jobs/closed', JobsClosedRoute, 'list', <JobsClosedRoute />, PAGE_TEXT.jobsClosed),
  pageRoute('jobs/indeed', JobPostingsRoute, 'list', <JobPostingsRoute />),
  pageRoute('clients', ClientsRoute, 'list', <ClientsRoute />, PAGE_TEXT.clients),
  pageRoute('clients/new', ClientNewRoute, 'form', <ClientNewRoute />),
  pageRoute('clients/:clientId', ClientDetailRoute, 'detail', <ClientDetailRoute />),
  pageRoute('contacts', ContactsRoute, 'list', <ContactsRoute />),
  pageRoute('contacts/:contactId', ContactDetailRoute, 'detail', <ContactDetailRoute />),
  pageRoute(
    'clients/:clientId/notes',
    NestedNotesRoute,
    'detail',
    <NestedNotesRoute modelType="client" param="clientId" />,
  ),
  pageRoute('roles/create', RoleCreateRoute, 'form', <RoleCreateRoute />),
  pageRoute('roles/:roleId', RoleDetailRoute, 'detail', <RoleDetailRoute />),
  pageRoute('roles/:roleId/edit', RoleEditRoute, 'form', <RoleEditRoute />),
  pageRoute('roles/:roleId/matches', RoleMatchesRoute, 'list', <RoleMatchesRoute />),
  pageRoute('roles/:roleId/notes', NestedNotesRoute, 'detail', <NestedNotesRoute modelType="role" param="roleId" />),
  pageRoute('roles/:roleId/job-qualification/add', QualificationAddRoute, 'form', <QualificationAddRoute />),
  pageRoute(
    'roles/:roleId/job-qualification/:qualificationId/edit',
    QualificationEditRoute,
    'form',
    <QualificationEditRoute />,
  ),
  pageRoute('job-qualifications/create', QualificationCreateRoute, 'form', <QualificationCreateRoute />),
  pageRoute('roles/:roleId/pipelines', PipelineBoardRoute, 'board', <PipelineBoardRoute />),
  pageRoute('roles/:roleId/pipelines/create', PipelineCreateRoute, 'form', <PipelineCreateRoute />),
  pageRoute('roles/:roleId/pipelines/:pipelineId', PipelineDetailRoute, 'detail', <PipelineDetailRoute />),
  pageRoute(
    'roles/:roleId/pipelines/:pipelineId/notes',
    NestedNotesRoute,
    'detail',
    <NestedNotesRoute modelType="pipeline" param="pipelineId" />,
  ),
  pageRoute('roles/:roleId/candidates/:candidateId', RoleCandidateRoute, 'detail', <RoleCandidateRoute />),
  pageRoute(
    'roles/:roleId/candidates/:candidateId/notes',
    NestedNotesRoute,
    'detail',
    <NestedNotesRoute modelType="candidate" param="candidateId" />,
  ),
  pageRoute('applications', ApplicationsInboxRoute, 'list', <ApplicationsInboxRoute />),
  pageRoute('roles/:roleId/applications/:applicationId', ApplicationRoute, 'detail', <ApplicationRoute />),
  pageRoute(
    'roles/:roleId/applications/:applicationId/notes',
    NestedNotesRoute,
    'detail',
    <NestedNotesRoute modelType="application" param="applicationId" />,
  ),
  pageRoute('candidates', CandidatesRoute, 'list', <CandidatesRoute />, PAGE_TEXT.candidates),
  pageRoute('candidates/import-resumes', ResumeImportRoute, 'form', <ResumeImportRoute />),
  pageRoute('candidates/import-resumes/:batchId', ResumeImportRoute, 'list', <ResumeImportRoute />),
  pageRoute('candidates/:candidateId', CandidateDetailRoute, 'detail', <CandidateDetailRoute />),
  pageRoute(
    'candidates/:candidateId/notes',
    NestedNotesRoute,
    'detail',
    <NestedNotesRoute modelType="candidate" param="candidateId" />,
  ),
  pageRoute('calendar', CalendarRoute, 'list', <CalendarRoute />, PAGE_TEXT.calendar),
  // Every result of the shell search (its dropdown shows five of each kind).
  pageRoute('search', SearchRoute, 'list', <SearchRoute />),
  // Invoices (owner only): the spec's singular role/client prefixes (issue 11).
  pageRoute('invoices', InvoicesRoute, 'dashboard', <InvoicesRoute />, PAGE_TEXT.invoices),
  pageRoute('role/:id/invoice/create', InvoiceCreateRoute, 'form', <InvoiceCreateRoute parent="role" />),
  pageRoute('role/:id/invoice/:invoiceId', InvoiceRoute, 'detail', <InvoiceRoute parent="role" />),
  pageRoute('client/:id/invoices/create', InvoiceCreateRoute, 'form', <InvoiceCreateRoute parent="client" />),
  pageRoute('client/:id/invoices/:invoiceId', InvoiceRoute, 'detail', <InvoiceRoute parent="client" />),
  // The AI assistant (owner only, issue 13); the floating widget is the shell's (app-root.tsx).
  pageRoute('ai-chat', AiChatRoute, 'detail', <AiChatRoute />, PAGE_TEXT.aiChat),
  // A record's notes by its type; the record-shaped addresses above show the same page (decision 083).
  pageRoute('notes/:modelType/:objectId', NotesRoute, 'detail', <NotesRoute />),
  { path: '*', element: <NotFoundRedirect /> },
];

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
    element: <AppRoot pages={appPages} />,
    errorElement: <RouteError fullScreen />,
    children: [{ errorElement: <RouteError />, children: appPages }],
  },
]);
