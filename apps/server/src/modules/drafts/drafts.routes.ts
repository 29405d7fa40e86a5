import { DraftRequestSchema, DraftResponseSchema } from '@recruitdesk/contracts/drafts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { draftMessage } from './drafts.service';

const errors = errorResponses(400, 401, 403, 404);

export const draftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.post('/api/messages/drafts/', {
    schema: { tags: ['messages'], body: DraftRequestSchema, response: { 200: DraftResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      draft: await draftMessage(deps, requireUser(request), request.body),
    }),
  });
};
