import { Link } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { useListChatsQuery } from '@/api/chat';
import { cn } from '@/components/ui/cn';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { RelativeTime } from '@/components/ui/time';

/** How many of the newest chats the list shows (the endpoint's largest page). */
const CHAT_LIST_LIMIT = 100;

/** The owner's chats, newest first; the one shown is marked current. */
export function ChatList({ selectedId, hrefFor }: { selectedId: number | null; hrefFor: (id: number) => string }) {
  const { data, error, isLoading, isFetching, refetch } = useListChatsQuery({
    page_size: CHAT_LIST_LIMIT,
  });

  if (isLoading) {
    return (
      <ul aria-hidden="true" className="space-y-1 p-2">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className="space-y-1.5 px-3 py-2.5">
            <Skeleton className="h-3.5 w-4/5" />
            <Skeleton className="h-3 w-1/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (error)
    return <QueryError title="Your chats could not be loaded." error={error} onRetry={refetch} retrying={isFetching} />;

  const chats = data?.chats ?? [];
  if (chats.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-10 text-center">
        <MessageSquare aria-hidden="true" className="size-6 text-gray-400" />
        <p className="text-sm text-gray-500 dark:text-gray-400">No chats yet. Ask your first question.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-0.5 p-2">
      {chats.map((chat) => {
        const current = chat.id === selectedId;
        return (
          <li key={chat.id}>
            <Link
              to={hrefFor(chat.id)}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'block rounded-lg px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                current
                  ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300'
                  : 'text-gray-700 hover:bg-gray-50 dark:text-gray-300 dark:hover:bg-white/5',
              )}
            >
              <span className="block truncate font-medium">{chat.title || `Chat ${chat.id}`}</span>
              <RelativeTime
                value={chat.updated_at ?? chat.created_at}
                className="text-xs text-gray-500 dark:text-gray-400"
              />
            </Link>
          </li>
        );
      })}
      {data && data.count > chats.length ? (
        <li className="px-3 py-2 text-xs text-gray-500 dark:text-gray-400">
          The {chats.length} most recent of {data.count} chats.
        </li>
      ) : null}
    </ul>
  );
}
