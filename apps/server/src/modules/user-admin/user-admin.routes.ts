import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  UpdateUserRoleInputSchema,
  UserDetailResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserResponseSchema,
} from '@recruitdesk/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { changeUserRole, deleteUser, getUserDetail, listUsers, setUserActive } from './user-admin.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** User administration (owners and superusers; the service checks). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['users'];

  app.get('/api/users/', {
    schema: { tags, querystring: UserListQuerySchema, response: { 200: UserListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listUsers(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/users/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: UserDetailResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await getUserDetail(deps, requireUser(request), request.params.id)),
    }),
  });

  app.patch('/api/users/:id/role/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateUserRoleInputSchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      user: await changeUserRole(deps, requireUser(request), request.params.id, request.body.user_type),
    }),
  });

  app.post('/api/users/:id/deactivate/', {
    schema: { tags, params: IdParamSchema, response: { 200: UserResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      user: await setUserActive(deps, requireUser(request), request.params.id, false),
    }),
  });

  app.post('/api/users/:id/reactivate/', {
    schema: { tags, params: IdParamSchema, response: { 200: UserResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      user: await setUserActive(deps, requireUser(request), request.params.id, true),
    }),
  });

  app.delete('/api/users/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteUser(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The user was deleted.' };
    },
  });
};
