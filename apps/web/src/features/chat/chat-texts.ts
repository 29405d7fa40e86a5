import {
  CHAT_CLIENT_MESSAGES,
  CHAT_CONNECT_TIMEOUT_MS,
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES,
  closeCodeText as contractCloseCodeText,
} from '@recruitdesk/contracts/chat-constants';

/** The chat's fixed texts, word for word from spec §4, §5, §8 (one definition: the contracts). */
export const CHAT_TEXT = {
  messageTooLong: CHAT_MESSAGES.messageTooLong,
  responseTooLong: CHAT_MESSAGES.responseTooLong,
  notConnected: CHAT_CLIENT_MESSAGES.notConnected,
  invalidChatId: CHAT_CLIENT_MESSAGES.invalidChatId,
  notAuthenticated: CHAT_CLIENT_MESSAGES.notAuthenticated,
  timeout: CHAT_CLIENT_MESSAGES.timeout,
  connectionError: CHAT_CLIENT_MESSAGES.connectionError,
  loadFailed: CHAT_CLIENT_MESSAGES.loadFailed,
  sendFailed: CHAT_CLIENT_MESSAGES.sendFailed,
  logIn: CHAT_CLIENT_MESSAGES.logIn,
  answerMode: CHAT_CLIENT_MESSAGES.waitingForResponse,
} as const;

/** Spec §9: chat message and response limit. */
export const CHAT_MAX_LENGTH = CHAT_MESSAGE_MAX;
/** Spec §4, §9: the socket must open within 10 s. */
export { CHAT_CONNECT_TIMEOUT_MS };

/** Spec §9: the first opener of a new chat, a fixed greeting about data analysis. */
export const CHAT_GREETING =
  "Hello! I'm your data assistant. Ask me about your agency's data — placements, revenue, invoices, " +
  'roles, pipelines, candidates and recruiter performance — and I will analyse it for you. For example: ' +
  '"How much did we invoice last quarter?" or "Which roles have stalled?"';

/** What a close means to the user: the code's text (4001–4005), 'Connection error: …' for other codes ≥ 4000, else null. */
export function closeCodeText(code: number, reason?: string): string | null {
  return code >= 4000 ? contractCloseCodeText(code, reason ?? '') : null;
}
