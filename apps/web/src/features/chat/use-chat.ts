import { createContext, useCallback, useContext, useEffect, useReducer, useRef } from 'react';
import type { ChatHistoryEntry } from '@recruitdesk/contracts/chat';
import { useCreateChatMutation } from '@/api/chat';
import { chatReducer, initialChatState, type ChatState } from './chat-state';
import {
  ChatSocket,
  chatSocketUrl,
  connectError,
  validateOutgoing,
  type ServerMessage,
  type WebSocketConstructor,
} from './chat-socket';
import { CHAT_TEXT } from './chat-texts';

/** The socket class the chat uses: the browser's, or a fake one in tests. */
export const ChatTransportContext = createContext<{
  WebSocketImpl?: WebSocketConstructor;
  timeoutMs?: number;
}>({});

export interface UseChatOptions {
  userId: number | string | null | undefined;
  /** Every message the server sends (the widget's unread dot listens). */
  onServerMessage?: (message: ServerMessage) => void;
}

export interface ChatController {
  state: ChatState;
  /** Sends the text (the first one creates the chat); true when it went out, so the input can clear. */
  send: (text: string) => Promise<boolean>;
  /** Shows an existing chat (with its history, if loaded) and connects to it. */
  open: (chatId: number | string, history?: ChatHistoryEntry[]) => void;
  /** Connects again after a close. */
  retry: () => void;
  /** Leaves the chat for a new one. */
  reset: () => void;
  clearInputError: () => void;
}

/** One conversation over the chat socket (spec §4): a small state machine around ChatSocket. */
export function useChat({ userId, onServerMessage }: UseChatOptions): ChatController {
  const transport = useContext(ChatTransportContext);
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const socketRef = useRef<ChatSocket | null>(null);
  const onMessageRef = useRef(onServerMessage);
  onMessageRef.current = onServerMessage;
  const stateRef = useRef(state);
  stateRef.current = state;
  const [createChat] = useCreateChatMutation();

  const disconnect = useCallback(() => {
    socketRef.current?.close();
    socketRef.current = null;
  }, []);

  const connect = useCallback(
    (chatId: number | string, history?: ChatHistoryEntry[]) => {
      disconnect();
      const refused = connectError(userId, chatId);
      if (refused) {
        dispatch({ type: 'connect-refused', error: refused });
        return;
      }
      dispatch({ type: 'connect', chatId: Number(chatId), ...(history ? { history } : {}) });
      const socket: ChatSocket = new ChatSocket({
        url: chatSocketUrl(userId as number | string, chatId),
        WebSocketImpl: transport.WebSocketImpl,
        ...(transport.timeoutMs ? { timeoutMs: transport.timeoutMs } : {}),
        onEvent: (event) => {
          if (socketRef.current !== socket) return;
          if (event.type === 'open') dispatch({ type: 'open' });
          else if (event.type === 'closed') dispatch({ type: 'closed', error: event.error });
          else {
            dispatch({ type: 'server', message: event.message });
            onMessageRef.current?.(event.message);
          }
        },
      });
      socketRef.current = socket;
      socket.connect();
    },
    [disconnect, transport.WebSocketImpl, transport.timeoutMs, userId],
  );

  useEffect(() => disconnect, [disconnect]);

  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text) return false;
      const current = stateRef.current;
      const invalid = validateOutgoing(text, current.answering);
      if (invalid) {
        dispatch({ type: 'input-error', error: invalid });
        return false;
      }
      if (userId === null || userId === undefined) {
        dispatch({ type: 'input-error', error: CHAT_TEXT.notAuthenticated });
        return false;
      }
      if (current.chatId === null) {
        if (current.creating) return false;
        // A new chat: save the first question, then the socket answers it (no message_received for it).
        dispatch({ type: 'creating', text });
        const result = await createChat({ initial_message: text });
        if ('error' in result || !result.data) {
          dispatch({ type: 'create-failed', error: CHAT_TEXT.sendFailed });
          return false;
        }
        connect(result.data.chat_id);
        return true;
      }
      const socket = socketRef.current;
      const problem = socket
        ? socket.send(
            current.answering
              ? { type: 'user_input_response', response: text }
              : { type: 'user_message', message: text },
          )
        : CHAT_TEXT.notConnected;
      if (problem) {
        dispatch({ type: 'input-error', error: problem });
        return false;
      }
      dispatch({ type: 'sent', text });
      return true;
    },
    [connect, createChat, userId],
  );

  const open = useCallback(
    (chatId: number | string, history?: ChatHistoryEntry[]) => connect(chatId, history),
    [connect],
  );
  const retry = useCallback(() => {
    const { chatId } = stateRef.current;
    if (chatId !== null) connect(chatId);
  }, [connect]);
  const reset = useCallback(() => {
    disconnect();
    dispatch({ type: 'reset' });
  }, [disconnect]);
  const clearInputError = useCallback(() => {
    if (stateRef.current.inputError) dispatch({ type: 'input-error', error: null });
  }, []);

  return { state, send, open, retry, reset, clearInputError };
}
