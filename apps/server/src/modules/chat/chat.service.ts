import {
  CHAT_MESSAGES,
  chatTextProblem,
  chatTitle,
  type ChatHistoryEntry,
  type ChatListQuery,
  type ChatSummary,
} from '@recruitdesk/contracts/chat';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import type { UserRow } from '../users/users.service';
import {
  appendTurnRows,
  countChatRowsOfUser,
  findChatRowOfUser,
  insertChatRow,
  listChatRowsOfUser,
  listMessageRows,
} from './chat.repository';
import type { ChatMessageRow, ChatRow } from './chat.table';

// The owner's chats over REST (issue 13): create one with its first message, read one's history, list
// them. The conversation itself runs over the socket (chat.ws.ts, chat-conversation.ts).

export const chatNotFound = () => new AppError('CHAT_NOT_FOUND', 404, CHAT_MESSAGES.notFound);

export const toHistoryEntry = (row: Pick<ChatMessageRow, 'role' | 'content' | 'createdAt'>): ChatHistoryEntry => ({
  role: row.role,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
});

/** Creates a chat whose first turn is the owner's question; the socket answers it once opened. */
export async function createChat(deps: Deps, user: UserRow, initialMessage: string): Promise<number> {
  assertCan(user, 'assistant.use');
  const problem = chatTextProblem(initialMessage, 'message');
  if (problem) {
    const code = problem === CHAT_MESSAGES.messageTooLong ? 'MESSAGE_TOO_LONG' : 'MESSAGE_EMPTY';
    throw new AppError(code, 400, problem, { fields: { initial_message: [problem] } });
  }
  const now = deps.config.now();
  return inTransaction(deps.db, async (tx) => {
    const chat = await insertChatRow(tx, { userId: user.id, title: chatTitle(initialMessage), now });
    await appendTurnRows(tx, chat.id, [{ role: 'user', content: initialMessage }], null, now);
    return chat.id;
  });
}

/** The user's own chat, or 404 (never revealing that another user's chat exists). */
export async function loadOwnChat(db: Db, user: UserRow, chatId: number): Promise<ChatRow> {
  const chat = await findChatRowOfUser(db, chatId, user.id);
  if (!chat) throw chatNotFound();
  return chat;
}

export async function chatHistory(db: Db, chatId: number): Promise<ChatHistoryEntry[]> {
  return (await listMessageRows(db, chatId)).map(toHistoryEntry);
}

export async function getChat(
  deps: Deps,
  user: UserRow,
  chatId: number,
): Promise<{ chat: ChatRow; history: ChatHistoryEntry[] }> {
  assertCan(user, 'assistant.use');
  const chat = await loadOwnChat(deps.db, user, chatId);
  return { chat, history: await chatHistory(deps.db, chat.id) };
}

export async function listChats(
  deps: Deps,
  user: UserRow,
  query: ChatListQuery,
): Promise<{ chats: ChatSummary[]; count: number }> {
  assertCan(user, 'assistant.use');
  const [rows, total] = await Promise.all([
    listChatRowsOfUser(deps.db, user.id, query.page_size, (query.page - 1) * query.page_size),
    countChatRowsOfUser(deps.db, user.id),
  ]);
  return {
    count: total,
    chats: rows.map(({ chat, messageCount, last }) => ({
      id: chat.id,
      title: chat.title,
      created_at: chat.createdAt.toISOString(),
      updated_at: chat.updatedAt.toISOString(),
      message_count: messageCount,
      last_message: last ? toHistoryEntry(last) : null,
    })),
  };
}
