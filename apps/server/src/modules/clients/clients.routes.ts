import {
  ChangeClientStateInputSchema,
  ClientInputSchema,
  ClientListQuerySchema,
  ClientListResponseSchema,
  ClientResponseSchema,
} from '@recruitdesk/contracts/clients';
import { ErrorResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import { RoleListResponseSchema } from '@recruitdesk/contracts/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { listRolesOfClient } from '../roles/roles.service';
import { changeClientState, createClient, deleteClient, getClient, listClients, updateClient } from './clients.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['clients'];

  app.get('/api/clients/', {
    schema: { tags, querystring: ClientListQuerySchema, response: { 200: ClientListResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, ...(await listClients(deps, requireUser(request), request.query)) }),
  });

  app.post('/api/clients/', {
    schema: { tags, body: ClientInputSchema, response: { 201: ClientResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const client = await createClient(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, client });
    },
  });

  app.get('/api/clients/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ClientResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, client: await getClient(deps, requireUser(request), request.params.id) }),
  });

  app.patch('/api/clients/:id/', {
    schema: { tags, params: IdParamSchema, body: ClientInputSchema, response: { 200: ClientResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, client: await updateClient(deps, requireUser(request), request.params.id, request.body) }),
  });

  app.post('/api/clients/:id/state/', {
    schema: { tags, params: IdParamSchema, body: ChangeClientStateInputSchema, response: { 200: ClientResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      client: await changeClientState(deps, requireUser(request), request.params.id, request.body.state),
    }),
  });

  app.delete('/api/clients/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteClient(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The client was deleted.' };
    },
  });

  app.get('/api/clients/:id/roles/', {
    schema: { tags, params: IdParamSchema, response: { 200: RoleListResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, ...(await listRolesOfClient(deps, requireUser(request), request.params.id)) }),
  });
};
