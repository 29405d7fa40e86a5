import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  RevokeOthersResponseSchema,
  SESSION_MESSAGES,
  SessionListResponseSchema,
} from '@recruitdesk/contracts/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { applySignOut } from '../../plugins/sign-in';
import { listOwnSessions, requireSession, revokeOtherSessions, revokeOwnSession } from './sessions.service';

const errors = errorResponses(400, 401, 403, 404);

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['sessions'];

  app.get('/api/sessions/', {
    schema: { tags, response: { 200: SessionListResponseSchema, ...errors } },
    handler: async (request) => {
      const { user, session } = requireSession(request);
      return { success: true as const, sessions: await listOwnSessions(deps, user, session) };
    },
  });

  app.delete('/api/sessions/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const { user, session } = requireSession(request);
      const result = await revokeOwnSession(deps, user, session, request.params.id);
      if (result.current) {
        applySignOut(reply, deps.config);
        return { success: true as const, message: SESSION_MESSAGES.revokedCurrent };
      }
      return { success: true as const, message: SESSION_MESSAGES.revoked };
    },
  });

  app.post('/api/sessions/revoke-others/', {
    schema: { tags, response: { 200: RevokeOthersResponseSchema, ...errors } },
    handler: async (request) => {
      const { user, session } = requireSession(request);
      return { success: true as const, revoked: await revokeOtherSessions(deps, user, session) };
    },
  });
};
