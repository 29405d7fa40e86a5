/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

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

/** The socket path of a chat (the web builds ws:// or wss:// from the page's scheme). */
export const chatSocketPath = (userId: number, chatId: number) => `/ws/chat/${userId}/${chatId}/`;
