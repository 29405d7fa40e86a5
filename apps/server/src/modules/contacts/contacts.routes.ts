import {
  ClientContactsQuerySchema,
  ContactCreateInputSchema,
  ContactInputSchema,
  ContactListQuerySchema,
  ContactListResponseSchema,
  ContactResponseSchema,
} from '@recruitdesk/contracts/contacts';
import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { registerContactHooks } from './contacts.hooks';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  listContactsOfClient,
  updateContact,
} from './contacts.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerContactHooks();
  const { deps } = app;
  const tags = ['contacts'];

  app.get('/api/contacts/', {
    schema: { tags, querystring: ContactListQuerySchema, response: { 200: ContactListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listContacts(deps, requireUser(request), request.query)),
    }),
  });

  app.post('/api/contacts/', {
    schema: { tags, body: ContactCreateInputSchema, response: { 201: ContactResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const { client_id: clientId, ...input } = request.body;
      const contact = await createContact(deps, requireUser(request), clientId, input, true);
      return reply.status(201).send({ success: true as const, contact });
    },
  });

  app.get('/api/contacts/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ContactResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      contact: await getContact(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/contacts/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ContactInputSchema,
      response: { 200: ContactResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      contact: await updateContact(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/contacts/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteContact(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The contact was deleted.' };
    },
  });

  app.get('/api/clients/:id/contacts/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: ClientContactsQuerySchema,
      response: { 200: ContactListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listContactsOfClient(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.post('/api/clients/:id/contacts/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ContactInputSchema,
      response: { 201: ContactResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const contact = await createContact(deps, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, contact });
    },
  });
};
