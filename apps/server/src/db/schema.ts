export * from '../modules/users/users.table';
export * from '../modules/sessions/sessions.table';
export * from '../modules/activity/activity.table';
