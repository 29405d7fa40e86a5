export * from '../modules/users/users.table';
export * from '../modules/sessions/sessions.table';
export * from '../modules/activity/activity.table';
export * from '../modules/registration/invitations.table';
export * from '../modules/settings/settings.table';
