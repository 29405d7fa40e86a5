import { SearchQuerySchema, SearchResponseSchema } from '@recruitdesk/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { searchShell } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('/api/search/', {
    schema: {
      tags: ['search'],
      querystring: SearchQuerySchema,
      response: { 200: SearchResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await searchShell(deps, requireUser(request), request.query.q)),
    }),
  });
};
