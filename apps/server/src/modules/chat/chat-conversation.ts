import { CHAT_MESSAGES, type ChatHistoryEntry, type ServerSocketMessage } from '@recruitdesk/contracts/chat';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { assistantContext, type AssistantEngine, type EngineReply } from '../assistant/assistant.service';
import type { UserRow } from '../users/users.service';
import {
  appendTurnRows,
  findChatRowOfUser,
  findLastMessageRow,
  listMessageRows,
  type NewTurn,
} from './chat.repository';
import { toHistoryEntry } from './chat.service';

// One turn of a conversation: the owner's message (or answer to the assistant's question) is stored, the
// engine runs, its answer, question or failure is stored, and the result goes back to the one socket that
// asked. Nothing here knows about sockets beyond the `send` callback.

/** Spec §5: messages per user; counted before the engine runs (reserve first, security §23). */
export const CHAT_RATE_LIMIT = { max: 20, windowSeconds: 60 } as const;
/** An engine that has not answered after this long has failed (the owner gets the error turn). */
export const ENGINE_TIMEOUT_MS = 120_000;

export interface TurnDeps {
  deps: Deps;
  engine: AssistantEngine;
  send(message: ServerSocketMessage): void;
}

/** Reserves one message against the user's limit; false when the limit is reached (nothing was counted). */
export async function reserveMessage(deps: Deps, userId: number): Promise<boolean> {
  const wait = await deps.throttle.reserve([{ key: `chat-message:${userId}`, ...CHAT_RATE_LIMIT }]);
  return wait === null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`engine did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function history(deps: Deps, chatId: number): Promise<ChatHistoryEntry[]> {
  return (await listMessageRows(deps.db, chatId)).map(toHistoryEntry);
}

/**
 * Runs the engine on `message` with the chat's earlier turns (`earlier`) and stores what it gives back.
 * The user's turn is already stored. Never throws: a failing engine becomes an 'error' turn.
 */
async function answer(
  turn: TurnDeps,
  user: UserRow,
  chatId: number,
  earlier: ChatHistoryEntry[],
  message: string,
  pending: unknown,
): Promise<void> {
  const { deps, engine, send } = turn;
  let reply: EngineReply;
  try {
    reply = await withTimeout(
      engine.reply({
        history: earlier,
        message,
        pending: pending ?? null,
        ctx: assistantContext(deps, user),
      }),
      ENGINE_TIMEOUT_MS,
    );
  } catch (error) {
    deps.log.error({ err: error, chatId, userId: user.id, engine: engine.name }, 'assistant engine failed');
    await appendTurnRows(
      deps.db,
      chatId,
      [{ role: 'error', content: CHAT_MESSAGES.engineFailed }],
      null,
      deps.config.now(),
    );
    send({ type: 'error', message: CHAT_MESSAGES.engineFailed });
    return;
  }
  const stored: NewTurn =
    reply.kind === 'answer'
      ? { role: 'agent', content: reply.content }
      : { role: 'agent-question', content: reply.question };
  await appendTurnRows(
    deps.db,
    chatId,
    [stored],
    reply.kind === 'question' ? (reply.pending ?? {}) : null,
    deps.config.now(),
  );
  const chatHistory = await history(deps, chatId);
  if (reply.kind === 'answer') send({ type: 'agent_response', message: reply.content, chat_history: chatHistory });
  else send({ type: 'user_input_request', question: reply.question, chat_history: chatHistory });
}

/**
 * A new message or an answer to the assistant's question: stored, then answered. An answer resumes the
 * engine with the `pending` state kept since its question; a new message while a question waits drops it.
 */
export async function takeTurn(
  turn: TurnDeps,
  user: UserRow,
  chatId: number,
  kind: 'message' | 'response',
  text: string,
): Promise<void> {
  const { deps } = turn;
  const { earlier, pending } = await inTransaction(deps.db, async (tx) => {
    const chat = await findChatRowOfUser(tx, chatId, user.id);
    const before = (await listMessageRows(tx, chatId)).map(toHistoryEntry);
    const waiting = chat?.pending ?? null;
    await appendTurnRows(tx, chatId, [{ role: 'user', content: text }], null, deps.config.now());
    return { earlier: before, pending: kind === 'response' ? waiting : null };
  });
  await answer(turn, user, chatId, earlier, text, pending);
}

/** The chat's newest turn when it is a user message nobody answered (a chat just created with its first message). */
export async function unansweredMessage(deps: Deps, chatId: number): Promise<string | null> {
  const last = await findLastMessageRow(deps.db, chatId);
  return last?.role === 'user' ? last.content : null;
}

/** Answers the chat's unanswered newest user message (see `unansweredMessage`), if it still is one. */
export async function answerUnanswered(turn: TurnDeps, user: UserRow, chatId: number): Promise<void> {
  const all = await history(turn.deps, chatId);
  const last = all.at(-1);
  if (last?.role !== 'user') return;
  const chat = await findChatRowOfUser(turn.deps.db, chatId, user.id);
  await answer(turn, user, chatId, all.slice(0, -1), last.content, chat?.pending ?? null);
}
