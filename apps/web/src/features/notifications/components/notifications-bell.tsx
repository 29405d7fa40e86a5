import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Notification } from '@recruitdesk/contracts/notifications';
import { cn } from '@/components/ui/cn';
import { formatRelativeTime } from '@/lib/format';
import { useListNotificationsQuery, useMarkNotificationsReadMutation } from '../api';

/** How often the bell asks for news while the page is open (and on focus / reconnect). */
const POLL_MS = 60_000;

const iconButton =
  'relative inline-flex size-9 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-gray-200';

/**
 * The top bar's bell: the user's latest notifications (a reply to their outreach, a client's decision, a
 * data request's deadline), unread ones marked; opening one marks it read and goes to its record.
 */
export function NotificationsBell() {
  const { data, isError } = useListNotificationsQuery(
    { limit: 10 },
    { pollingInterval: POLL_MS, refetchOnFocus: true, skipPollingIfUnfocused: true },
  );
  const [markRead] = useMarkNotificationsReadMutation();
  const navigate = useNavigate();
  const unread = data?.unread ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  const open = (notification: Notification, close: () => void) => {
    if (!notification.read) void markRead({ ids: [notification.id] });
    close();
    if (notification.link) void navigate(notification.link);
  };

  return (
    <Popover className="relative">
      <PopoverButton className={iconButton} aria-label={label} title={label}>
        <Bell aria-hidden="true" className="size-5" />
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-brand-600 px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        aria-label="Notifications"
        className="z-50 w-[min(22rem,calc(100vw-2rem))] origin-top-right rounded-xl border border-gray-200 bg-white shadow-lg transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0 dark:border-white/10 dark:bg-gray-900"
      >
        {({ close }) => (
          <div>
            <div className="flex items-center justify-between border-b border-gray-100 px-4 py-2.5 dark:border-white/10">
              <h2 className="text-sm font-semibold text-gray-900 dark:text-white">Notifications</h2>
              {unread ? (
                <button
                  type="button"
                  className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
                  onClick={() => void markRead({ all: true })}
                >
                  Mark all read
                </button>
              ) : null}
            </div>
            {isError ? (
              <p className="px-4 py-6 text-sm text-gray-500 dark:text-gray-400">Notifications could not be loaded.</p>
            ) : !data ? (
              <p className="px-4 py-6 text-sm text-gray-500 dark:text-gray-400">Loading…</p>
            ) : data.results.length === 0 ? (
              <p className="px-4 py-6 text-sm text-gray-500 dark:text-gray-400">
                Nothing new. Replies and client decisions appear here.
              </p>
            ) : (
              <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto dark:divide-white/10">
                {data.results.map((n) => (
                  <li key={n.id}>
                    <button
                      type="button"
                      onClick={() => open(n, close)}
                      aria-label={n.read ? n.title : `${n.title} (unread)`}
                      className="flex w-full gap-3 px-4 py-3 text-left hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none dark:hover:bg-white/5 dark:focus-visible:bg-white/5"
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          'mt-1.5 size-2 shrink-0 rounded-full',
                          n.read ? 'bg-transparent' : 'bg-brand-600',
                        )}
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-medium text-gray-900 dark:text-gray-100">{n.title}</span>
                        {n.body ? (
                          <span className="mt-0.5 line-clamp-2 block text-sm text-gray-600 dark:text-gray-300">
                            {n.body}
                          </span>
                        ) : null}
                        <span className="mt-1 block text-xs text-gray-500 dark:text-gray-400">
                          {formatRelativeTime(n.created_at)}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </PopoverPanel>
    </Popover>
  );
}
