import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  ChatHistoryResponseSchema,
  ChatListQuerySchema,
  ChatListResponseSchema,
  CreateChatBodySchema,
  CreateChatResponseSchema,
} from '@recruitdesk/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { registerErasureStep } from '../personal-data/personal-data.service';
import { scrubChatsOf } from './chat-erasure';
import { createChat, getChat, listChats } from './chat.service';

const errors = errorResponses(400, 401, 403, 404);

/** The chat's REST side (spec §7): owners only; each chat is its creator's alone. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['chat'];
  // Erasure (issue 34): the erased person's name leaves the assistant's transcripts (decision 008: at start-up).
  registerErasureStep('chat', ['chats', 'chat_messages'], scrubChatsOf);

  app.post('/api/chat/create/', {
    schema: { tags, body: CreateChatBodySchema, response: { 200: CreateChatResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      chat_id: await createChat(deps, requireUser(request), request.body.initial_message),
    }),
  });

  app.get('/api/chat/user/chats/', {
    schema: { tags, querystring: ChatListQuerySchema, response: { 200: ChatListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listChats(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/chat/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ChatHistoryResponseSchema, ...errors } },
    handler: async (request) => {
      const { chat, history } = await getChat(deps, requireUser(request), request.params.id);
      return { success: true as const, chat_id: chat.id, title: chat.title, chat_history: history };
    },
  });
};
