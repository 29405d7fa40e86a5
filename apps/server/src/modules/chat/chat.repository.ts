import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ChatRole } from '@recruitdesk/contracts/chat';
import type { Db } from '../../db/client';
import { chatMessagesTable, chatsTable, type ChatMessageRow, type ChatRow } from './chat.table';

export interface NewTurn {
  role: ChatRole;
  content: string;
}

/** A chat and its first message, in the caller's transaction. */
export async function insertChatRow(db: Db, values: { userId: number; title: string; now: Date }): Promise<ChatRow> {
  const [row] = await db
    .insert(chatsTable)
    .values({ userId: values.userId, title: values.title, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

/** The chat when it belongs to the user; another user's chat is as absent as a missing one. */
export async function findChatRowOfUser(db: Db, chatId: number, userId: number): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chatsTable)
    .where(and(eq(chatsTable.id, chatId), eq(chatsTable.userId, userId)))
    .limit(1);
  return row;
}

/** The chat's turns, oldest first (index chat_messages(chat_id, id)). */
export function listMessageRows(db: Db, chatId: number): Promise<ChatMessageRow[]> {
  return db.select().from(chatMessagesTable).where(eq(chatMessagesTable.chatId, chatId)).orderBy(chatMessagesTable.id);
}

/** The newest turn of the chat, or undefined. */
export async function findLastMessageRow(db: Db, chatId: number): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessagesTable)
    .where(eq(chatMessagesTable.chatId, chatId))
    .orderBy(desc(chatMessagesTable.id))
    .limit(1);
  return row;
}

/**
 * Appends turns (each a millisecond apart, so the order of their timestamps is the order of the ids) and
 * sets the chat's pending engine state and its activity time.
 */
export async function appendTurnRows(
  db: Db,
  chatId: number,
  turns: NewTurn[],
  pending: unknown,
  now: Date,
): Promise<void> {
  if (turns.length) {
    await db.insert(chatMessagesTable).values(
      turns.map((turn, index) => ({
        chatId,
        role: turn.role,
        content: turn.content,
        createdAt: new Date(now.getTime() + index),
      })),
    );
  }
  await db
    .update(chatsTable)
    .set({ pending: pending ?? null, updatedAt: now })
    .where(eq(chatsTable.id, chatId));
}

export interface ChatSummaryRow {
  chat: ChatRow;
  messageCount: number;
  last: { role: ChatRole; content: string; createdAt: Date } | null;
}

/** The user's chats, newest activity first, with each one's last turn (one query; index chats_user_updated_idx). */
export async function listChatRowsOfUser(
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<ChatSummaryRow[]> {
  const last = db
    .select({
      role: chatMessagesTable.role,
      content: chatMessagesTable.content,
      createdAt: chatMessagesTable.createdAt,
    })
    .from(chatMessagesTable)
    .where(eq(chatMessagesTable.chatId, chatsTable.id))
    .orderBy(desc(chatMessagesTable.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      chat: chatsTable,
      messageCount:
        sql<number>`(select count(*) from ${chatMessagesTable} where ${chatMessagesTable.chatId} = ${chatsTable.id})`.mapWith(
          Number,
        ),
      lastRole: last.role,
      lastContent: last.content,
      lastCreatedAt: last.createdAt,
    })
    .from(chatsTable)
    .leftJoinLateral(last, sql`true`)
    .where(eq(chatsTable.userId, userId))
    .orderBy(desc(chatsTable.updatedAt), desc(chatsTable.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    chat: row.chat,
    messageCount: row.messageCount,
    last:
      row.lastRole !== null && row.lastContent !== null && row.lastCreatedAt !== null
        ? { role: row.lastRole, content: row.lastContent, createdAt: row.lastCreatedAt }
        : null,
  }));
}

export async function countChatRowsOfUser(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatsTable).where(eq(chatsTable.userId, userId));
  return row?.n ?? 0;
}
