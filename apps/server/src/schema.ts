// Every module's tables, for drizzle-kit (drizzle.config.ts) only: the app itself needs no schema object, so the
// platform (db/) knows no module (decision 007).
export * from './modules/users/users.table';
export * from './modules/sessions/sessions.table';
export * from './modules/activity/activity.table';
export * from './modules/registration/invitations.table';
export * from './modules/settings/settings.table';
export * from './modules/clients/clients.table';
export * from './modules/contacts/contacts.table';
export * from './modules/roles/roles.table';
export * from './modules/roles/job-qualifications.table';
export * from './modules/notes/notes.table';
export * from './modules/candidates/candidates.table';
export * from './modules/pipelines/pipelines.table';
export * from './modules/files/files.table';
export * from './modules/invoices/invoices.table';
export * from './modules/calendar/calendar.table';
export * from './modules/applications/applications.table';
export * from './modules/chat/chat.table';
export * from './modules/job-postings/job-postings.table';
export * from './modules/analytics/analytics.table';
export * from './modules/agency-archive/agency-archive.table';
export * from './modules/imports/imports.table';
export * from './lib/jobs/jobs.table';
export * from './modules/skills/skills.table';
export * from './modules/resumes/resume-bulk.table';
export * from './modules/matching/matching.table';
export * from './modules/messages/messages.table';
