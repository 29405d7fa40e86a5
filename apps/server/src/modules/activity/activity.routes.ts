import { ActivityListQuerySchema, ActivityListResponseSchema } from '@recruitdesk/contracts/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { listActivity } from './activity.service';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/activity/', {
    schema: {
      tags: ['activity'],
      querystring: ActivityListQuerySchema,
      response: { 200: ActivityListResponseSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const result = await listActivity(app.deps.db, requireUser(request), request.query);
      return { success: true as const, ...result };
    },
  });
};
