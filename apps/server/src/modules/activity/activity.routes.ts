import { ActivityListQuerySchema, ActivityListResponseSchema } from '@recruitdesk/contracts/activity';
import { ErrorResponseSchema } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { listActivity } from './activity.service';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/activity/', {
    schema: {
      tags: ['activity'],
      querystring: ActivityListQuerySchema,
      response: { 200: ActivityListResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => {
      const result = await listActivity(app.deps.db, requireUser(request), request.query);
      return { success: true as const, ...result };
    },
  });
};
