import {
  CHAT_CLOSE,
  CHAT_MESSAGES,
  ClientSocketMessageSchema,
  chatTextProblem,
  type ServerSocketMessage,
} from '@recruitdesk/contracts/chat';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { can } from '../../lib/permissions';
import { NUL_MESSAGE, nulFieldOf } from '../../lib/text-input';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { originIsOwn } from '../../plugins/csrf';
import type { AssistantEngine } from '../assistant/assistant.service';
import { isSessionOfInactiveUser, resolveSession } from '../sessions/sessions.service';
import type { UserRow } from '../users/users.service';
import { answerUnanswered, reserveMessage, takeTurn, unansweredMessage, type TurnDeps } from './chat-conversation';
import { chatHistory } from './chat.service';
import { findChatRowOfUser } from './chat.repository';

// The chat socket, /ws/chat/{userId}/{chatId}/ (spec §7, §8; security §23). It sits outside /api, so the
// deny-by-default gate lets it through: the session loader has identified the caller on the matched route
// like every request, and this handler turns each refusal into the spec's close code instead of an HTTP
// 401. Each socket answers on itself, so several app servers behind a proxy need no pub/sub.

/** Spec: a few sockets per user (beyond: 4004). Counted per app server. */
export const MAX_SOCKETS_PER_USER = 3;
/** A message is at most 2000 characters; a frame is capped well above that (ws closes bigger ones with 1009). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** How often open sockets re-check their session (sign-out, expiry, deactivation close them: security §5). */
export const SESSION_RECHECK_MS = 30_000;

type Close = (typeof CHAT_CLOSE)[keyof typeof CHAT_CLOSE];

interface OpenSocket {
  socket: WebSocket;
  token: string;
  user: UserRow;
}

export interface ChatSocketOptions {
  engine: AssistantEngine;
}

const positiveInt = (value: string) =>
  /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

export async function chatSocketRoutes(app: FastifyInstance, options: ChatSocketOptions) {
  const { deps } = app;
  const open = new Map<number, Set<OpenSocket>>();
  /** Chats with a turn in progress on this server: one turn at a time per chat. */
  const busy = new Set<number>();

  const close = (socket: WebSocket, close: Close) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(close.code, close.reason);
  };

  /** The refusal for a socket's session as it stands now, or null when it is still good. */
  async function sessionRefusal(token: string | undefined): Promise<{ close: Close } | { user: UserRow }> {
    if (!token) return { close: CHAT_CLOSE.authenticationRequired };
    const now = deps.config.now();
    const found = await resolveSession(deps.db, token, now);
    if (found) return { user: found.user };
    if (await isSessionOfInactiveUser(deps.db, token, now)) return { close: CHAT_CLOSE.inactive };
    return { close: CHAT_CLOSE.authenticationRequired };
  }

  // Sessions that end while a socket is open close it at the next check (and before any message is handled).
  const timer = setInterval(() => {
    for (const sockets of open.values()) {
      for (const entry of sockets) {
        void sessionRefusal(entry.token)
          .then((result) => {
            if ('close' in result) close(entry.socket, result.close);
          })
          .catch((error: unknown) => deps.log.error({ err: error }, 'chat socket session check failed'));
      }
    }
  }, SESSION_RECHECK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /** Decides whether the socket may stay; returns the user and chat, or closes it with the spec's code. */
  async function admit(socket: WebSocket, request: FastifyRequest<{ Params: { userId: string; chatId: string } }>) {
    const origin = request.headers.origin;
    if (!origin || !originIsOwn(request, deps.config, origin)) {
      request.log.warn({ origin }, 'chat socket refused: origin');
      return close(socket, CHAT_CLOSE.forbidden);
    }
    const token = request.cookies[SESSION_COOKIE];
    // The session loader already resolved the cookie for this request (request.user); an inactive user's
    // session resolves to nobody there, so tell that case apart here.
    const user = request.user;
    if (!user || !token) {
      const inactive = token ? await isSessionOfInactiveUser(deps.db, token, deps.config.now()) : false;
      return close(socket, inactive ? CHAT_CLOSE.inactive : CHAT_CLOSE.authenticationRequired);
    }
    if (!user.isActive) return close(socket, CHAT_CLOSE.inactive);
    if (positiveInt(request.params.userId) !== user.id || !can(user, 'assistant.use')) {
      request.log.warn({ userId: user.id }, 'chat socket refused: forbidden');
      return close(socket, CHAT_CLOSE.forbidden);
    }
    const chatId = positiveInt(request.params.chatId);
    const chat = chatId === null ? undefined : await findChatRowOfUser(deps.db, chatId, user.id);
    const mine = open.get(user.id) ?? new Set<OpenSocket>();
    if (!chat || mine.size >= MAX_SOCKETS_PER_USER) return close(socket, CHAT_CLOSE.notFoundOrTooMany);
    return { user, chat, token, mine };
  }

  app.get<{ Params: { userId: string; chatId: string } }>(
    '/ws/chat/:userId/:chatId/',
    // Not an /api route: the deny-by-default gate does not answer it with 401; `admit` decides with close codes.
    { websocket: true, config: { public: true } },
    (socket, request) => {
      // Messages that arrive while the socket is being admitted wait for it.
      const early: string[] = [];
      let onMessage: ((text: string) => void) | null = null;
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? '' : data.toString();
        if (onMessage) onMessage(text);
        else early.push(text);
      });

      void (async () => {
        const admitted = await admit(socket, request);
        if (!admitted || socket.readyState !== socket.OPEN) return;
        const { chat, token, mine } = admitted;
        const entry: OpenSocket = { socket, token, user: admitted.user };
        mine.add(entry);
        open.set(entry.user.id, mine);
        socket.on('close', () => {
          mine.delete(entry);
          if (!mine.size && open.get(entry.user.id) === mine) open.delete(entry.user.id);
        });

        const send = (message: ServerSocketMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        };
        const turn: TurnDeps = { deps, engine: options.engine, send };

        /** Runs one turn with the chat marked busy; any failure outside the engine closes with 4005. */
        const run = async (work: () => Promise<unknown>) => {
          busy.add(chat.id);
          try {
            await work();
          } catch (error) {
            request.log.error({ err: error, chatId: chat.id }, 'chat socket turn failed');
            close(socket, CHAT_CLOSE.internal);
          } finally {
            busy.delete(chat.id);
          }
        };

        const handle = async (text: string) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return send({ type: 'error', message: CHAT_MESSAGES.malformed });
          }
          // The platform's NUL check (issue 29 item 2) for the socket, which no HTTP hook sees.
          if (nulFieldOf(parsed) !== null) return send({ type: 'error', message: NUL_MESSAGE });
          const type = (parsed as { type?: unknown } | null)?.type;
          if (type !== 'user_message' && type !== 'user_input_response')
            return send({ type: 'error', message: CHAT_MESSAGES.unknownType });
          const message = ClientSocketMessageSchema.safeParse(parsed);
          if (!message.success) return send({ type: 'error', message: CHAT_MESSAGES.malformed });
          const [kind, body] =
            message.data.type === 'user_message'
              ? (['message', message.data.message] as const)
              : (['response', message.data.response] as const);
          const problem = chatTextProblem(body, kind);
          if (problem) return send({ type: 'error', message: problem });
          if (busy.has(chat.id)) return send({ type: 'error', message: CHAT_MESSAGES.busy });
          busy.add(chat.id);
          // The session may have ended since the socket opened.
          const session = await sessionRefusal(token);
          if ('close' in session) {
            busy.delete(chat.id);
            return close(socket, session.close);
          }
          entry.user = session.user;
          if (!(await reserveMessage(deps, entry.user.id))) {
            busy.delete(chat.id);
            return send({ type: 'error', message: CHAT_MESSAGES.rateLimited });
          }
          send({ type: 'message_received' });
          await run(() => takeTurn(turn, entry.user, chat.id, kind, body));
        };

        try {
          send({ type: 'connection_established', chat_id: chat.id });
          send({ type: 'chat_history', chat_history: await chatHistory(deps.db, chat.id) });
          const handleNow = (text: string) => {
            void handle(text).catch((error: unknown) => {
              request.log.error({ err: error }, 'chat socket message failed');
              close(socket, CHAT_CLOSE.internal);
            });
          };
          // A chat created with its first message: answer it at once (no message_received for it).
          let answering: Promise<void> | undefined;
          if (!busy.has(chat.id)) {
            busy.add(chat.id);
            let waiting: 'answer' | 'limited' | null = null;
            try {
              if ((await unansweredMessage(deps, chat.id)) !== null)
                waiting = (await reserveMessage(deps, entry.user.id)) ? 'answer' : 'limited';
            } finally {
              busy.delete(chat.id);
            }
            // run() marks the chat busy before its first await: a message that comes in meanwhile is refused as busy.
            if (waiting === 'answer') answering = run(() => answerUnanswered(turn, entry.user, chat.id));
            else if (waiting === 'limited') send({ type: 'error', message: CHAT_MESSAGES.rateLimited });
          }
          // Messages that came before this point (during admission or the check above: on Node 24 a fast
          // client's message arrived in that gap and was refused as busy) are handled after the first answer;
          // later ones are handled as they come (refused as busy while a turn runs).
          const queued = early.splice(0);
          onMessage = handleNow;
          await answering;
          for (const text of queued) handleNow(text);
        } catch (error) {
          request.log.error({ err: error, chatId: chat.id }, 'chat socket failed');
          close(socket, CHAT_CLOSE.internal);
        }
      })().catch((error: unknown) => {
        request.log.error({ err: error }, 'chat socket failed');
        close(socket, CHAT_CLOSE.internal);
      });
    },
  );
}
