import { useEffect } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { removeNotification, selectNotifications, type Notification } from '@/lib/ui-slice';

function Content({ n }: { n: Notification }) {
  return (
    <div className="min-w-0 text-sm">
      {n.title ? <p className="font-medium text-gray-900 dark:text-gray-100">{n.title}</p> : null}
      {n.message ? <p className="text-gray-600 dark:text-gray-300">{n.message}</p> : null}
    </div>
  );
}

/**
 * The toast id: the same type, title and message is one toast, so a repeated message (a save clicked
 * twice, one error from three requests) shows once and its timer starts again instead of stacking.
 */
export const toastIdFor = (n: Pick<Notification, 'type' | 'title' | 'message'>) => `${n.type}|${n.title}|${n.message}`;

/** Shows the ui slice's notifications through react-hot-toast, then drops them from the state. */
export function NotificationsBridge() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  useEffect(() => {
    for (const n of notifications) {
      const options = { id: toastIdFor(n), duration: n.duration };
      const body = <Content n={n} />;
      if (n.type === 'success') toast.success(body, options);
      else if (n.type === 'error') toast.error(body, options);
      else if (n.type === 'warning') toast(body, { ...options, icon: '⚠️' });
      else toast(body, { ...options, icon: 'ℹ️' });
      dispatch(removeNotification(n.id));
    }
  }, [dispatch, notifications]);
  return null;
}

/** The top bar's height (h-16) plus a gap: toasts start below it, never over the theme toggle or the user menu. */
export const TOASTS_TOP_PX = 64 + 12;

/** The toast area, top-right (spec §2) under the top bar. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      containerStyle={{ top: TOASTS_TOP_PX }}
      toastOptions={{
        className:
          '!rounded-lg !text-sm !shadow-lg !ring-1 !ring-gray-900/5 dark:!bg-gray-800 dark:!text-gray-100 dark:!ring-white/10',
      }}
    />
  );
}
