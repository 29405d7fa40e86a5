import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SquarePen } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { ChatList } from './chat-list';
import { ChatThread } from './chat-thread';

let newChatCounter = 0;

/**
 * The AI Chat page's body: the owner's chats beside the one in the address (`?chat={id}`), or a new chat.
 * `chatHref(null)` is the new chat's address.
 */
export function ChatPage({ userId, chatHref }: { userId: number | null; chatHref: (chatId: number | null) => string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('chat');
  // Which conversation is mounted: a chat picked from the list or the address remounts it; a chat the
  // page itself just created keeps it (its socket is already open).
  const [active, setActive] = useState<{ key: string; chatId: string | null }>(() => ({
    key: param ?? `new-${++newChatCounter}`,
    chatId: param,
  }));
  const [previousParam, setPreviousParam] = useState(param);
  if (param !== previousParam) {
    setPreviousParam(param);
    if (param !== active.chatId) setActive({ key: param ?? `new-${++newChatCounter}`, chatId: param });
  }

  const onCreated = useCallback(
    (chatId: number) => {
      setActive((previous) => ({ ...previous, chatId: String(chatId) }));
      setSearchParams({ chat: String(chatId) }, { replace: true });
    },
    [setSearchParams],
  );

  const selected = active.chatId !== null && /^\d+$/.test(active.chatId) ? Number(active.chatId) : null;

  return (
    <div className="flex flex-col gap-4 lg:h-[calc(100dvh-8rem)]">
      <PageHeader
        title={PAGE_TEXT.aiChat.title}
        description={PAGE_TEXT.aiChat.description}
        actions={
          <Link to={chatHref(null)} className={buttonClasses('primary')}>
            <SquarePen aria-hidden="true" className="size-4" /> New chat
          </Link>
        }
      />
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="order-2 min-h-0 overflow-y-auto lg:order-1">
          <nav aria-label="Your chats">
            <h3 className="px-4 pt-3 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
              Your chats
            </h3>
            <ChatList selectedId={selected} hrefFor={(id) => chatHref(id)} />
          </nav>
        </Card>
        <Card className="order-1 flex h-[calc(100dvh-12rem)] min-h-[28rem] flex-col overflow-hidden bg-gray-50 lg:order-2 lg:h-auto dark:bg-gray-950">
          <ChatThread key={active.key} userId={userId} chatId={active.chatId} onCreated={onCreated} />
        </Card>
      </div>
    </div>
  );
}
