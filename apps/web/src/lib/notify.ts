import { addNotification } from './ui-slice';

/** Toast actions for the ui slice's notification queue (shown by the app's notifications bridge). */
export const notifySuccess = (message: string) => addNotification({ type: 'success', message, duration: 3000 });
export const notifyError = (message: string) => addNotification({ type: 'error', message, duration: 4000 });
