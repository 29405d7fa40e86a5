/** Every route path in one place (spec §2), with href builders. */
type Id = string | number;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: {
      path: '/auth/login',
      getHref: (next?: string | null) => (next ? `/auth/login?next=${encodeURIComponent(next)}` : '/auth/login'),
    },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: {
      path: '/auth/reset-password/:uid/:token',
      getHref: (uid: string, token: string) =>
        `/auth/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`,
    },
    registerFromToken: {
      path: '/auth/register-from-token/:token',
      getHref: (token: string) => `/auth/register-from-token/${encodeURIComponent(token)}`,
    },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    jobsActive: {
      path: '/jobs/active',
      getHref: (clientId?: Id) => (clientId === undefined ? '/jobs/active' : `/jobs/active?client=${clientId}`),
    },
    jobsClosed: { path: '/jobs/closed', getHref: () => '/jobs/closed' },
    jobsIndeed: { path: '/jobs/indeed', getHref: () => '/jobs/indeed' },
    applications: { path: '/applications', getHref: () => '/applications' },
    profile: { path: '/profile', getHref: () => '/profile' },
    me: { path: '/me', getHref: () => '/me' },
    settings: { path: '/settings', getHref: () => '/settings' },
    // Imports (issue 31; owners and superusers): the history, a new import (optionally of a kind), one import.
    imports: { path: '/settings/imports', getHref: () => '/settings/imports' },
    importNew: {
      path: '/settings/imports/new',
      getHref: (kind?: string) =>
        kind ? `/settings/imports/new?kind=${encodeURIComponent(kind)}` : '/settings/imports/new',
    },
    import: { path: '/settings/imports/:importId', getHref: (id: Id) => `/settings/imports/${id}` },
    // Email (issue 33): templates, connected mailboxes and the messages no record claimed.
    emailTemplates: { path: '/settings/email-templates', getHref: () => '/settings/email-templates' },
    mailboxes: { path: '/settings/mailboxes', getHref: () => '/settings/mailboxes' },
    unmatched: { path: '/settings/mailboxes/unmatched', getHref: () => '/settings/mailboxes/unmatched' },
    sequences: { path: '/settings/sequences', getHref: () => '/settings/sequences' },
    // Data protection (issue 34, owners): requests, retention, the daily job's last run.
    dataProtection: { path: '/settings/data-protection', getHref: () => '/settings/data-protection' },
    users: { path: '/users', getHref: () => '/users' },
    user: { path: '/users/:userId', getHref: (id: Id) => `/users/${id}` },
    analytics: { path: '/analytics', getHref: () => '/analytics' },
    clients: { path: '/clients', getHref: () => '/clients' },
    clientNew: { path: '/clients/new', getHref: () => '/clients/new' },
    client: { path: '/clients/:clientId', getHref: (id: Id) => `/clients/${id}` },
    contacts: { path: '/contacts', getHref: () => '/contacts' },
    contact: { path: '/contacts/:contactId', getHref: (id: Id) => `/contacts/${id}` },
    roleCreate: { path: '/roles/create', getHref: () => '/roles/create' },
    role: { path: '/roles/:roleId', getHref: (id: Id) => `/roles/${id}` },
    roleEdit: { path: '/roles/:roleId/edit', getHref: (id: Id) => `/roles/${id}/edit` },
    roleMatches: { path: '/roles/:roleId/matches', getHref: (id: Id) => `/roles/${id}/matches` },
    qualificationAdd: {
      path: '/roles/:roleId/job-qualification/add',
      getHref: (roleId: Id) => `/roles/${roleId}/job-qualification/add`,
    },
    qualificationEdit: {
      path: '/roles/:roleId/job-qualification/:qualificationId/edit',
      getHref: (roleId: Id, id: Id) => `/roles/${roleId}/job-qualification/${id}/edit`,
    },
    qualificationCreate: { path: '/job-qualifications/create', getHref: () => '/job-qualifications/create' },
    pipelines: { path: '/roles/:roleId/pipelines', getHref: (roleId: Id) => `/roles/${roleId}/pipelines` },
    pipelineCreate: {
      path: '/roles/:roleId/pipelines/create',
      getHref: (roleId: Id) => `/roles/${roleId}/pipelines/create`,
    },
    pipeline: {
      path: '/roles/:roleId/pipelines/:pipelineId',
      getHref: (roleId: Id, id: Id) => `/roles/${roleId}/pipelines/${id}`,
    },
    candidates: { path: '/candidates', getHref: () => '/candidates' },
    candidate: { path: '/candidates/:candidateId', getHref: (id: Id) => `/candidates/${id}` },
    /** Bulk resume upload: drop the files, then review the batch's drafts. */
    resumeImport: { path: '/candidates/import-resumes', getHref: () => '/candidates/import-resumes' },
    resumeBatch: {
      path: '/candidates/import-resumes/:batchId',
      getHref: (id: Id) => `/candidates/import-resumes/${id}`,
    },
    roleCandidate: {
      path: '/roles/:roleId/candidates/:candidateId',
      getHref: (roleId: Id, id: Id) => `/roles/${roleId}/candidates/${id}`,
    },
    application: {
      path: '/roles/:roleId/applications/:applicationId',
      getHref: (roleId: Id, id: Id) => `/roles/${roleId}/applications/${id}`,
    },
    invoices: { path: '/invoices', getHref: () => '/invoices' },
    roleInvoiceCreate: { path: '/role/:id/invoice/create', getHref: (id: Id) => `/role/${id}/invoice/create` },
    roleInvoice: {
      path: '/role/:id/invoice/:invoiceId',
      getHref: (id: Id, invoiceId: Id) => `/role/${id}/invoice/${invoiceId}`,
    },
    clientInvoiceCreate: {
      path: '/client/:id/invoices/create',
      getHref: (id: Id) => `/client/${id}/invoices/create`,
    },
    clientInvoice: {
      path: '/client/:id/invoices/:invoiceId',
      getHref: (id: Id, invoiceId: Id) => `/client/${id}/invoices/${invoiceId}`,
    },
    aiChat: {
      path: '/ai-chat',
      getHref: (chatId?: Id | null) =>
        chatId === undefined || chatId === null ? '/ai-chat' : `/ai-chat?chat=${chatId}`,
    },
    calendar: { path: '/calendar', getHref: () => '/calendar' },
    /** Every result of the shell search for `q` (its dropdown shows five of each kind). */
    search: { path: '/search', getHref: (q: string) => `/search?q=${encodeURIComponent(q)}` },
    /**
     * A record's notes, one address for every kind of record (decision 027). The spec's record-shaped
     * addresses (/clients/{id}/notes, /roles/{id}/notes, /roles/{r}/pipelines/{p}/notes,
     * /roles/{r}/candidates/{c}/notes, /roles/{r}/applications/{a}/notes) show the same page in place,
     * with the trail of their path (decision 083); the app's own links use this one.
     */
    notes: {
      path: '/notes/:modelType/:objectId',
      getHref: (modelType: string, objectId: Id) => `/notes/${modelType}/${objectId}`,
    },
  },
} as const;

/** Only same-app paths may be used as a post-sign-in destination (no open redirects). */
export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string') return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  if (candidate.startsWith('/auth/')) return null;
  return candidate;
}
