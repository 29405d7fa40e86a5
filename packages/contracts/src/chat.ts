import { z } from 'zod';
import { pageQueryShape } from './common';
import { CHAT_MESSAGE_MAX, CHAT_MESSAGES } from './chat-constants';

// The AI chat's protocol (spec §3, §4, §5, §7, §8, §9; issue 13): REST to create and read chats, one
// WebSocket per open chat for the conversation. docs/assistant.md describes the exchange.

export {
  CHAT_CLIENT_MESSAGES,
  CHAT_CLOSE,
  CHAT_CONNECT_TIMEOUT_MS,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  chatSocketPath,
  closeCodeText,
} from './chat-constants';

export const CHAT_ROLES = ['user', 'agent', 'agent-question', 'error'] as const;
export const ChatRoleSchema = z.enum(CHAT_ROLES);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/** One entry of a chat's history; `timestamp` is an ISO 8601 instant. */
export const ChatHistoryEntrySchema = z.object({
  role: ChatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
});
export type ChatHistoryEntry = z.infer<typeof ChatHistoryEntrySchema>;

/** The 2000-character rule, shared by the REST body and the socket (null when the text is fine). */
export function chatTextProblem(text: string, kind: 'message' | 'response'): string | null {
  if (!text.trim()) return kind === 'message' ? CHAT_MESSAGES.messageEmpty : CHAT_MESSAGES.responseEmpty;
  if (text.length > CHAT_MESSAGE_MAX)
    return kind === 'message' ? CHAT_MESSAGES.messageTooLong : CHAT_MESSAGES.responseTooLong;
  return null;
}

/** POST /api/chat/create/ — the length rule answers with its own text (400, `error` and `fields`). */
export const CreateChatBodySchema = z.object({
  initial_message: z.string({ error: CHAT_MESSAGES.messageEmpty }),
});
export type CreateChatBody = z.infer<typeof CreateChatBodySchema>;

export const CreateChatResponseSchema = z.object({ success: z.literal(true), chat_id: z.number().int() });
export type CreateChatResponse = z.infer<typeof CreateChatResponseSchema>;

/** GET /api/chat/{id}/ */
export const ChatHistoryResponseSchema = z.object({
  success: z.literal(true),
  chat_id: z.number().int(),
  title: z.string(),
  chat_history: z.array(ChatHistoryEntrySchema),
});
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;

/** One chat of the owner's list: newest activity first. */
export const ChatSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
  last_message: ChatHistoryEntrySchema.nullable(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

export const CHAT_LIST_PAGE_SIZE = 20;
/** GET /api/chat/user/chats/?page=&page_size= */
export const ChatListQuerySchema = z.object(pageQueryShape(CHAT_LIST_PAGE_SIZE));
export type ChatListQuery = z.infer<typeof ChatListQuerySchema>;

export const ChatListResponseSchema = z.object({
  success: z.literal(true),
  chats: z.array(ChatSummarySchema),
  count: z.number().int(),
});
export type ChatListResponse = z.infer<typeof ChatListResponseSchema>;

/** The title of a chat: its first message, on one line, cut at 80 characters. */
export const CHAT_TITLE_MAX = 80;
export function chatTitle(firstMessage: string): string {
  const line = firstMessage.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_TITLE_MAX ? `${line.slice(0, CHAT_TITLE_MAX - 1).trimEnd()}…` : line;
}

// The socket: /ws/chat/{userId}/{chatId}/ (ws or wss following the page's scheme).

/** What the client sends. */
export const ClientSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user_message'), message: z.string() }),
  z.object({ type: z.literal('user_input_response'), response: z.string() }),
]);
export type ClientSocketMessage = z.infer<typeof ClientSocketMessageSchema>;

/** What the server sends. `agent_response` carries the new answer's markdown and the full history. */
export type ServerSocketMessage =
  | { type: 'connection_established'; chat_id: number }
  | { type: 'chat_history'; chat_history: ChatHistoryEntry[] }
  | { type: 'message_received' }
  | { type: 'agent_response'; message: string; chat_history?: ChatHistoryEntry[] }
  | { type: 'user_input_request'; question: string; chat_history?: ChatHistoryEntry[] }
  | { type: 'error'; message: string };
