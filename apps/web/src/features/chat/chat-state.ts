import type { ChatHistoryEntry } from '@recruitdesk/contracts/chat';
import type { ServerMessage } from './chat-socket';

// The conversation as a pure reducer (spec §4): the connection's status, the messages, the thinking
// indicator after the server's acknowledgement, and answer mode after a question.

export type ChatStatus = 'idle' | 'connecting' | 'connected' | 'closed';

export interface ChatEntry extends ChatHistoryEntry {
  key: string;
}

export interface ChatState {
  status: ChatStatus;
  chatId: number | null;
  messages: ChatEntry[];
  /** The server acknowledged a message and the assistant is working on it. */
  thinking: boolean;
  /** The assistant asked a question: the next send answers it. */
  answering: boolean;
  /** A connection or loading problem, shown above the input. */
  error: string | null;
  /** Why the last text could not be sent (too long, not connected). */
  inputError: string | null;
  /** The first question is being saved (POST /api/chat/create/). */
  creating: boolean;
}

export const initialChatState: ChatState = {
  status: 'idle',
  chatId: null,
  messages: [],
  thinking: false,
  answering: false,
  error: null,
  inputError: null,
  creating: false,
};

export type ChatAction =
  | { type: 'reset' }
  | { type: 'creating'; text: string }
  | { type: 'create-failed'; error: string }
  | { type: 'connect'; chatId: number | null; history?: ChatHistoryEntry[] }
  | { type: 'connect-refused'; error: string }
  | { type: 'open' }
  | { type: 'server'; message: ServerMessage }
  | { type: 'closed'; error: string | null }
  | { type: 'sent'; text: string }
  | { type: 'input-error'; error: string | null };

let counter = 0;
const keyed = (entry: ChatHistoryEntry): ChatEntry => ({ ...entry, key: `m${++counter}` });

function withHistory(history: ChatHistoryEntry[]): Pick<ChatState, 'messages' | 'thinking' | 'answering'> {
  const last = history[history.length - 1];
  return {
    messages: history.map(keyed),
    // A question still unanswered is waiting; a question of the user's still unanswered is being worked on.
    thinking: last?.role === 'user',
    answering: last?.role === 'agent-question',
  };
}

/** Whether an incoming server message is one the user would want to read (for the unread dot). */
export function isReadableMessage(message: ServerMessage): boolean {
  return message.type === 'agent_response' || message.type === 'user_input_request' || message.type === 'error';
}

function onServer(state: ChatState, message: ServerMessage): ChatState {
  switch (message.type) {
    case 'connection_established':
      return state;
    case 'chat_history':
      return Array.isArray(message.chat_history) ? { ...state, ...withHistory(message.chat_history) } : state;
    case 'message_received':
      return { ...state, thinking: true };
    case 'agent_response': {
      if (Array.isArray(message.chat_history)) {
        return { ...state, ...withHistory(message.chat_history), thinking: false };
      }
      const content = message.message;
      return {
        ...state,
        thinking: false,
        answering: false,
        messages: [...state.messages, keyed({ role: 'agent', content, timestamp: new Date().toISOString() })],
      };
    }
    case 'user_input_request':
      if (Array.isArray(message.chat_history)) {
        return { ...state, ...withHistory(message.chat_history), thinking: false, answering: true };
      }
      return {
        ...state,
        thinking: false,
        answering: true,
        messages: [
          ...state.messages,
          keyed({
            role: 'agent-question',
            content: message.question,
            timestamp: new Date().toISOString(),
          }),
        ],
      };
    case 'error':
      return {
        ...state,
        thinking: false,
        messages: [
          ...state.messages,
          keyed({ role: 'error', content: message.message, timestamp: new Date().toISOString() }),
        ],
      };
    default:
      return state;
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'reset':
      return initialChatState;
    case 'creating':
      return {
        ...state,
        creating: true,
        error: null,
        inputError: null,
        messages: [
          ...state.messages,
          keyed({ role: 'user', content: action.text, timestamp: new Date().toISOString() }),
        ],
      };
    case 'create-failed':
      return {
        ...state,
        creating: false,
        error: action.error,
        messages: state.messages.slice(0, -1),
      };
    case 'connect':
      return {
        ...state,
        ...(action.history ? withHistory(action.history) : {}),
        chatId: action.chatId,
        status: 'connecting',
        creating: false,
        error: null,
        inputError: null,
      };
    case 'connect-refused':
      return { ...state, status: 'closed', creating: false, error: action.error };
    case 'open':
      return { ...state, status: 'connected', error: null };
    case 'server':
      return onServer(state, action.message);
    case 'closed':
      return { ...state, status: 'closed', thinking: false, error: action.error };
    case 'sent':
      return {
        ...state,
        inputError: null,
        answering: false,
        messages: [
          ...state.messages,
          keyed({ role: 'user', content: action.text, timestamp: new Date().toISOString() }),
        ],
      };
    case 'input-error':
      return { ...state, inputError: action.error };
    default:
      return state;
  }
}
