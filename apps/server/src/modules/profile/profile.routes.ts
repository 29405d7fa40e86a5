import { ErrorResponseSchema } from '@recruitdesk/contracts/common';
import { UpdateProfileInputSchema, UpdateProfileResponseSchema } from '@recruitdesk/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { toApiUser } from '../users/users.service';
import { updateOwnProfile } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch('/api/profile/', {
    schema: {
      tags: ['profile'],
      body: UpdateProfileInputSchema,
      response: { 200: UpdateProfileResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
    },
    handler: async (request) => {
      const user = await updateOwnProfile(app.deps, requireUser(request), request.body);
      return { success: true as const, user: toApiUser(user) };
    },
  });
};
