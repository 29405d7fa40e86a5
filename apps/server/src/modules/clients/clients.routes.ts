import {
  ChangeClientStateInputSchema,
  ClientInputSchema,
  ClientListQuerySchema,
  ClientListResponseSchema,
  ClientResponseSchema,
} from '@recruitdesk/contracts/clients';
import { DeletionCheckResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  archiveClient,
  changeClientState,
  createClient,
  deleteClient,
  getClient,
  getClientDeletionCheck,
  listClients,
  restoreClient,
  updateClient,
} from './clients.service';
import { registerClientHooks } from './clients.hooks';

const errors = errorResponses(400, 401, 403, 404, 409);

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerClientHooks();
  const { deps } = app;
  const tags = ['clients'];

  app.get('/api/clients/', {
    schema: { tags, querystring: ClientListQuerySchema, response: { 200: ClientListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listClients(deps, requireUser(request), request.query)),
    }),
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
    handler: async (request) => ({
      success: true as const,
      client: await getClient(deps, requireUser(request), request.params.id),
    }),
  });

  app.patch('/api/clients/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ClientInputSchema,
      response: { 200: ClientResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      client: await updateClient(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post('/api/clients/:id/state/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ChangeClientStateInputSchema,
      response: { 200: ClientResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      client: await changeClientState(deps, requireUser(request), request.params.id, request.body.state),
    }),
  });

  app.post('/api/clients/:id/archive/', {
    schema: { tags, params: IdParamSchema, response: { 200: ClientResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      client: await archiveClient(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/clients/:id/restore/', {
    schema: { tags, params: IdParamSchema, response: { 200: ClientResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      client: await restoreClient(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/clients/:id/deletion/', {
    schema: { tags, params: IdParamSchema, response: { 200: DeletionCheckResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      check: await getClientDeletionCheck(deps, requireUser(request), request.params.id),
    }),
  });

  app.delete('/api/clients/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteClient(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The client was deleted.' };
    },
  });
};
