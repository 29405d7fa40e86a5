import {
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationsReadBodySchema,
  NotificationsReadResponseSchema,
} from '@recruitdesk/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { listNotifications, markNotificationsRead, unreadCount } from './notifications.service';

/** The bell: every signed-in user reads and clears only their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/api/notifications/', {
    schema: {
      tags: ['notifications'],
      querystring: NotificationListQuerySchema,
      response: { 200: NotificationListResponseSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const result = await listNotifications(db, requireUser(request).id, request.query);
      return { success: true as const, ...result };
    },
  });

  app.post('/api/notifications/read/', {
    schema: {
      tags: ['notifications'],
      body: NotificationsReadBodySchema,
      response: { 200: NotificationsReadResponseSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const ids = request.body.all ? 'all' : (request.body.ids ?? []);
      const changed = await markNotificationsRead(db, user.id, ids);
      return { success: true as const, changed, unread: await unreadCount(db, user.id) };
    },
  });
};
