import { z } from 'zod';
import { pageQueryShape } from './common';

// The AI chat's protocol (spec §3, §4, §5, §7, §8, §9; issue 13): REST to create and read chats, one
// WebSocket per open chat for the conversation. docs/assistant.md describes the exchange.

/** Spec §9: a message, and an answer to the assistant's question, are at most 2000 characters. */
export const CHAT_MESSAGE_MAX = 2000;

/** Texts the server sends (REST `error`, socket `{type:'error', message}`). */
export const CHAT_MESSAGES = {
  messageTooLong: `Message is too long (maximum ${CHAT_MESSAGE_MAX} characters)`,
  responseTooLong: `Response is too long (maximum ${CHAT_MESSAGE_MAX} characters)`,
  messageEmpty: 'Message cannot be empty',
  responseEmpty: 'Response cannot be empty',
  notFound: 'Chat not found.',
  malformed: 'Malformed message: send JSON such as {"type": "user_message", "message": "..."}',
  unknownType: 'Unknown message type',
  noQuestion: 'There is no question waiting for a response',
  busy: 'Please wait for the answer to your previous message',
  rateLimited: 'You are sending messages too quickly. Please wait a moment and try again.',
  engineFailed: 'The assistant could not answer this message. Please try again.',
} as const;

/** Texts the web client shows (spec §5, §8). */
export const CHAT_CLIENT_MESSAGES = {
  notConnected: 'WebSocket is not connected',
  invalidChatId: 'Invalid chat ID',
  notAuthenticated: 'User not authenticated',
  timeout: 'Connection timeout',
  connectionError: 'Connection error. Please try again.',
  loadFailed: 'Failed to load chat. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  logIn: 'Please log in to use the chat feature.',
  waitingForResponse: 'The assistant is waiting for your response',
} as const;

/** Spec §4: the connect time-out of the web client. */
export const CHAT_CONNECT_TIMEOUT_MS = 10_000;

/** Spec §8: the socket's close codes and reasons. Other codes of 4000 and above: `connectionErrorText`. */
export const CHAT_CLOSE = {
  authenticationRequired: { code: 4001, reason: 'Authentication required' },
  inactive: { code: 4002, reason: 'User account is inactive' },
  forbidden: { code: 4003, reason: 'Access forbidden' },
  notFoundOrTooMany: { code: 4004, reason: 'Too many connections or chat not found' },
  internal: { code: 4005, reason: 'Internal server error' },
} as const;

/** The client's text for a close code of 4000 or above. */
export function closeCodeText(code: number, reason: string): string {
  const known = Object.values(CHAT_CLOSE).find((entry) => entry.code === code);
  return known ? known.reason : `Connection error: ${reason || 'Unknown error'}`;
}

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
  if (text.length > CHAT_MESSAGE_MAX) return kind === 'message' ? CHAT_MESSAGES.messageTooLong : CHAT_MESSAGES.responseTooLong;
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

/** The socket path of a chat (the web builds ws:// or wss:// from the page's scheme). */
export const chatSocketPath = (userId: number, chatId: number) => `/ws/chat/${userId}/${chatId}/`;
