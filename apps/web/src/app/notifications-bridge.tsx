import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { removeNotification, selectNotifications, type Notification } from '@/lib/ui-slice';

function Content({ n }: { n: Notification }) {
  return (
    <div className="min-w-0 text-sm">
      {n.title ? <p className="font-medium text-gray-900">{n.title}</p> : null}
      {n.message ? <p className="text-gray-600">{n.message}</p> : null}
    </div>
  );
}

/** Shows the ui slice's notifications through react-hot-toast, then drops them from the state. */
export function NotificationsBridge() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  useEffect(() => {
    for (const n of notifications) {
      const options = { id: n.id, duration: n.duration };
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
