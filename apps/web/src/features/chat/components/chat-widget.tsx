import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Maximize2, Minus, SquarePen, Sparkles, X } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isReadableMessage } from '../chat-state';
import type { ServerMessage } from '../chat-socket';
import { useChat } from '../use-chat';
import { ChatConversation } from './chat-conversation';

export type ChatWidgetMode = 'closed' | 'open' | 'minimized';

function UnreadDot({ className }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Unread message"
      className={cn('block size-3 rounded-full bg-red-500 ring-2 ring-white dark:ring-gray-900', className)}
    />
  );
}

const STATUS_TEXT = {
  idle: 'Ask about your data',
  connecting: 'Connecting…',
  connected: 'Online',
  closed: 'Disconnected',
} as const;

export interface ChatWidgetProps {
  /** The signed-in owner's id (the socket's path names it). */
  userId: number | null;
  /** Where the full chat page is, for the "open in full page" link. */
  pageHref: (chatId: number | null) => string;
  /** Hidden (still connected) where the page itself shows the chat. */
  hidden?: boolean;
  initialMode?: ChatWidgetMode;
}

/**
 * The floating AI chat (spec §2, §4): closed (a button), open (a panel; full screen on phones) or
 * minimized (a bar). The conversation stays connected when closed or minimized, and a message arriving
 * then shows an unread dot.
 */
export function ChatWidget({ userId, pageHref, hidden = false, initialMode = 'closed' }: ChatWidgetProps) {
  const [mode, setModeState] = useState<ChatWidgetMode>(initialMode);
  const [unread, setUnread] = useState(false);
  const modeRef = useRef(mode);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  // Closing or minimizing the panel moves the focus to what brings it back (not lost with the panel).
  const moved = useRef(false);

  const setMode = useCallback((next: ChatWidgetMode) => {
    moved.current = next !== 'open' && modeRef.current !== next;
    modeRef.current = next;
    setModeState(next);
    if (next === 'open') setUnread(false);
  }, []);

  const onServerMessage = useCallback((message: ServerMessage) => {
    if (modeRef.current !== 'open' && isReadableMessage(message)) setUnread(true);
  }, []);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (mode === 'minimized' ? restoreRef : launcherRef).current?.focus();
  }, [mode]);

  const chat = useChat({ userId, onServerMessage });
  const { state } = chat;

  if (hidden) return null;

  if (mode === 'closed') {
    return (
      <div className="fixed right-4 bottom-4 z-40 sm:right-6 sm:bottom-6">
        <button
          ref={launcherRef}
          type="button"
          aria-label="Open AI chat"
          aria-expanded="false"
          onClick={() => setMode('open')}
          className="relative flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:hover:bg-brand-400 dark:shadow-black/40"
        >
          <Sparkles aria-hidden="true" className="size-6" />
          {unread ? <UnreadDot className="absolute top-0.5 right-0.5" /> : null}
        </button>
      </div>
    );
  }

  if (mode === 'minimized') {
    return (
      <div className="fixed right-4 bottom-4 z-40 flex items-center gap-1 rounded-full bg-white py-1 pr-1 pl-1 shadow-lg ring-1 ring-gray-200 sm:right-6 sm:bottom-6 dark:bg-gray-900 dark:ring-white/10">
        <button
          ref={restoreRef}
          type="button"
          aria-label="Restore AI chat"
          onClick={() => setMode('open')}
          className="relative flex items-center gap-2 rounded-full py-1.5 pr-3 pl-1.5 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white dark:hover:bg-white/5"
        >
          <span className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500">
            <Sparkles aria-hidden="true" className="size-4" />
          </span>
          AI Assistant
          {unread ? <UnreadDot className="absolute top-0.5 left-6" /> : null}
        </button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close AI chat"
          className="size-8 rounded-full"
          onClick={() => setMode('closed')}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-label="AI chat"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setMode('minimized');
      }}
      className="fixed inset-0 z-50 flex flex-col bg-gray-50 sm:inset-auto sm:right-6 sm:bottom-6 sm:h-[min(640px,calc(100dvh-3rem))] sm:w-[400px] sm:overflow-hidden sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-gray-200 dark:bg-gray-950 sm:dark:ring-white/10"
    >
      <header className="flex items-center gap-2 border-b border-gray-200 bg-white px-3 py-2.5 dark:border-white/10 dark:bg-gray-900">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white dark:bg-brand-500">
          <Sparkles aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-sm font-semibold text-gray-900 dark:text-white">AI Assistant</h2>
          <p className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
            <span
              aria-hidden="true"
              className={cn(
                'size-1.5 rounded-full',
                state.status === 'connected'
                  ? 'bg-emerald-500'
                  : state.status === 'closed'
                    ? 'bg-gray-400'
                    : 'bg-amber-400',
              )}
            />
            {STATUS_TEXT[state.status]}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Start a new chat"
          title="New chat"
          onClick={chat.reset}
          className="size-8"
        >
          <SquarePen aria-hidden="true" className="size-4" />
        </Button>
        <Link
          to={pageHref(state.chatId)}
          aria-label="Open the AI Chat page"
          title="Open the AI Chat page"
          onClick={() => setMode('minimized')}
          className={buttonClasses('ghost', 'icon', 'hidden size-8 sm:inline-flex')}
        >
          <Maximize2 aria-hidden="true" className="size-4" />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Minimize AI chat"
          title="Minimize"
          onClick={() => setMode('minimized')}
          className="size-8"
        >
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close AI chat"
          title="Close"
          onClick={() => {
            setMode('closed');
          }}
          className="size-8"
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </header>
      <ChatConversation
        chat={chat}
        signedIn={userId !== null}
        autoFocus
        onLinkClick={() => {
          // On a phone the panel covers the page the link opens.
          if (window.matchMedia?.('(max-width: 639px)').matches) setMode('minimized');
        }}
      />
    </section>
  );
}
