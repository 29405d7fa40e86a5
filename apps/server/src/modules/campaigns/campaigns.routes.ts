import {
  BulkSendResponseSchema,
  SubmittalEmailRequestSchema,
  SubmittalEmailResponseSchema,
} from '@recruitdesk/contracts/campaigns';
import { IdParamSchema } from '@recruitdesk/contracts/common';
import { BulkSendSchema } from '@recruitdesk/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { bulkSend } from './bulk.service';
import { sendSubmittalEmail } from './submittal-email.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Issue 33: a template to many candidates, and the submittal email (both queue through the outbox). */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/messages/bulk/', {
    schema: { tags: ['messages'], body: BulkSendSchema, response: { 200: BulkSendResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      result: await bulkSend(deps, requireUser(request), request.body),
    }),
  });

  app.post('/api/pipelines/:id/submittal-email/', {
    schema: {
      tags: ['pipelines'],
      params: IdParamSchema,
      body: SubmittalEmailRequestSchema,
      response: { 201: SubmittalEmailResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const sent = await sendSubmittalEmail(deps, requireUser(request), request.params.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, message_id: sent.messageId, version: sent.version, stage: sent.stage });
    },
  });
};
