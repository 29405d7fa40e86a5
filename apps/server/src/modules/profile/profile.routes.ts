import { MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  ChangePasswordInputSchema,
  ConfirmPictureInputSchema,
  PictureUploadUrlInputSchema,
  PROFILE_MESSAGES,
  TimeZonesResponseSchema,
  UpdateProfileInputSchema,
  UpdateProfileResponseSchema,
  UploadTargetResponseSchema,
} from '@recruitdesk/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireSession } from '../sessions/sessions.service';
import { requireUser } from '../users/users.service';
import { changePassword } from '../auth/auth.service';
import { presentUser } from '../users/users.service';
import {
  confirmPicture,
  createPictureUploadTarget,
  listTimeZones,
  removePicture,
  updateOwnProfile,
} from './profile.service';

const errors = errorResponses(400, 401, 403, 404, 413, 415, 429);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['profile'];

  app.patch('/api/profile/', {
    schema: { tags, body: UpdateProfileInputSchema, response: { 200: UpdateProfileResponseSchema, ...errors } },
    handler: async (request) => {
      const user = await updateOwnProfile(deps, requireUser(request), request.body);
      return { success: true as const, user: await presentUser(deps, user) };
    },
  });

  app.get('/api/profile/time-zones/', {
    schema: { tags, response: { 200: TimeZonesResponseSchema, ...errorResponses(401) } },
    handler: async (request) => {
      requireUser(request);
      return { success: true as const, time_zones: listTimeZones() };
    },
  });

  app.post('/api/profile/picture/upload-url/', {
    schema: { tags, body: PictureUploadUrlInputSchema, response: { 200: UploadTargetResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      upload: await createPictureUploadTarget(deps, requireUser(request), request.body),
    }),
  });

  app.post('/api/profile/picture/confirm/', {
    schema: { tags, body: ConfirmPictureInputSchema, response: { 200: UpdateProfileResponseSchema, ...errors } },
    handler: async (request) => {
      const user = await confirmPicture(deps, requireUser(request), request.body.key);
      return { success: true as const, user: await presentUser(deps, user) };
    },
  });

  app.delete('/api/profile/picture/', {
    schema: { tags, response: { 200: UpdateProfileResponseSchema, ...errors } },
    handler: async (request) => {
      const user = await removePicture(deps, requireUser(request));
      return { success: true as const, user: await presentUser(deps, user) };
    },
  });

  app.post('/api/profile/password/', {
    schema: { tags, body: ChangePasswordInputSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      const { user, session } = requireSession(request);
      await changePassword(deps, user, session, request.body, request.ip);
      return { success: true as const, message: PROFILE_MESSAGES.passwordChanged };
    },
  });
};
