/** The chat's fixed texts, word for word from spec §4, §5, §8 and §9. */
export const CHAT_TEXT = {
  messageTooLong: 'Message is too long (maximum 2000 characters)',
  responseTooLong: 'Response is too long (maximum 2000 characters)',
  notConnected: 'WebSocket is not connected',
  invalidChatId: 'Invalid chat ID',
  notAuthenticated: 'User not authenticated',
  timeout: 'Connection timeout',
  connectionError: 'Connection error. Please try again.',
  loadFailed: 'Failed to load chat. Please try again.',
  sendFailed: 'Failed to send message. Please try again.',
  logIn: 'Please log in to use the chat feature.',
  answerMode: 'The assistant is waiting for your response',
} as const;

/** Spec §9: chat message and response limit. */
export const CHAT_MAX_LENGTH = 2000;
/** Spec §4, §9: the socket must open within 10 s. */
export const CHAT_CONNECT_TIMEOUT_MS = 10_000;

/** Spec §9: the first opener of a new chat, a fixed greeting about data analysis. */
export const CHAT_GREETING =
  "Hello! I'm your data assistant. Ask me about your agency's data — placements, revenue, invoices, " +
  'roles, pipelines, candidates and recruiter performance — and I will analyse it for you. For example: ' +
  '"How much did we invoice last quarter?" or "Which roles have stalled?"';

/** Spec §8: the socket's close codes. */
const CLOSE_CODE_TEXT: Record<number, string> = {
  4001: 'Authentication required',
  4002: 'User account is inactive',
  4003: 'Access forbidden',
  4004: 'Too many connections or chat not found',
  4005: 'Internal server error',
};

/** What a close means to the user: the code's text, 'Connection error: …' for other codes ≥ 4000, else null. */
export function closeCodeText(code: number, reason?: string): string | null {
  if (CLOSE_CODE_TEXT[code]) return CLOSE_CODE_TEXT[code];
  if (code >= 4000) return `Connection error: ${reason || 'Unknown error'}`;
  return null;
}
