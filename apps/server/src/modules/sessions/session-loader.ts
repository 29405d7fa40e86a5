import { primaryUserType } from '@recruitdesk/contracts/users';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import authGate from '../../plugins/auth';
import { SESSION_COOKIE } from '../../plugins/cookies';
import { userTypesOfRow } from '../users/users.service';
import { resolveSession } from './sessions.service';

/**
 * Loads the session (with its user, in one query) for every request and registers the platform's auth
 * gate with it, which then denies every /api route not marked public when nobody is signed in. The
 * platform only learns the user's id, type and session id (decision 007); handlers read `request.user`.
 */
export default fp(async function sessionLoader(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  await app.register(authGate, {
    identify: async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const found = await resolveSession(app.deps.db, token, app.deps.config.now());
      if (!found) return null;
      request.session = found.session;
      request.user = found.user;
      return {
        userId: found.user.id,
        userType: primaryUserType(userTypesOfRow(found.user)),
        sessionId: found.session.id,
      };
    },
  });
});
