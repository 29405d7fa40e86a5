import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  AttachMessageResponseSchema,
  AttachMessageSchema,
  MailboxConnectSchema,
  MailboxListResponseSchema,
  MailboxResponseSchema,
  MailboxUpdateSchema,
  UnmatchedQuerySchema,
  UnmatchedResponseSchema,
} from '@recruitdesk/contracts/mailboxes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { registerMailboxJobs, stopAllWatchers } from './mailbox-sync';
import { connectMailbox, deleteMailbox, getMailbox, listMailboxes, updateMailbox } from './mailboxes.service';
import { attachMessage, listUnmatched } from './unmatched.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** /api/mailboxes/ (connect, status, disconnect), the Unmatched list and attaching (issue 33; docs/email.md). */
export const mailboxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['mailboxes'];
  registerMailboxJobs(deps);
  app.addHook('onClose', async () => stopAllWatchers(deps));

  app.get('/api/mailboxes/', {
    schema: { tags, response: { 200: MailboxListResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, results: await listMailboxes(deps, requireUser(request)) }),
  });

  app.post('/api/mailboxes/', {
    schema: { tags, body: MailboxConnectSchema, response: { 201: MailboxResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const mailbox = await connectMailbox(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, mailbox });
    },
  });

  app.get('/api/mailboxes/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MailboxResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      mailbox: await getMailbox(deps, requireUser(request), request.params.id),
    }),
  });

  app.patch('/api/mailboxes/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: MailboxUpdateSchema,
      response: { 200: MailboxResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      mailbox: await updateMailbox(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/mailboxes/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteMailbox(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The mailbox was disconnected.' };
    },
  });

  app.get('/api/messages/unmatched/', {
    schema: { tags, querystring: UnmatchedQuerySchema, response: { 200: UnmatchedResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listUnmatched(deps, requireUser(request), request.query)),
    }),
  });

  app.post('/api/messages/:id/attach/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: AttachMessageSchema,
      response: { 200: AttachMessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { message, candidateId } = await attachMessage(deps, requireUser(request), request.params.id, request.body);
      return { success: true as const, message, candidate_id: candidateId };
    },
  });
};
