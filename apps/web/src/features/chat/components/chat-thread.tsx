import { useEffect, useRef, useState } from 'react';
import { useGetChatQuery } from '@/api/chat';
import { useChat } from '../use-chat';
import { ChatConversation } from './chat-conversation';

export interface ChatThreadProps {
  userId: number | null;
  /** The chat to show (from the address), or null for a new one; read when the thread mounts. */
  chatId: string | null;
  /** A new chat was created by its first question. */
  onCreated?: (chatId: number) => void;
}

/** The page's conversation: loads a chat's history (GET /api/chat/{id}/), then connects to it. */
export function ChatThread({ userId, chatId: requested, onCreated }: ChatThreadProps) {
  const chat = useChat({ userId });
  // The chat this thread was opened for; the page gives it a new key for another chat, and the address
  // changing to a chat this thread created needs no loading.
  const [chatId] = useState(requested);
  const numeric = chatId !== null && /^\d+$/.test(chatId) ? Number(chatId) : null;
  const history = useGetChatQuery(numeric ?? 0, { skip: numeric === null || userId === null });
  const { open } = chat;

  // A chat id that is not a number is refused at once ('Invalid chat ID').
  useEffect(() => {
    if (chatId !== null && numeric === null) open(chatId);
  }, [chatId, numeric, open]);

  // Connect once its history is in (the socket sends it again on connecting).
  const openedFor = useRef<number | null>(null);
  useEffect(() => {
    if (numeric === null || !history.data || openedFor.current === numeric) return;
    openedFor.current = numeric;
    open(numeric, history.data.chat_history);
  }, [history.data, numeric, open]);

  // Tell the page about a chat its first question created.
  const created = chat.state.chatId;
  const reported = useRef<number | null>(numeric);
  useEffect(() => {
    if (created !== null && reported.current !== created) {
      reported.current = created;
      onCreated?.(created);
    }
  }, [created, onCreated]);

  return (
    <ChatConversation
      chat={chat}
      signedIn={userId !== null}
      loading={numeric !== null && history.isLoading}
      loadFailed={numeric !== null && history.isError}
      onRetryLoad={() => void history.refetch()}
      autoFocus
    />
  );
}
