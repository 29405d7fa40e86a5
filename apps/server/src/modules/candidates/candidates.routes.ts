import {
  CandidateDuplicateQuerySchema,
  CandidateDuplicateResponseSchema,
  CandidateInputSchema,
  CandidateListQuerySchema,
  CandidateListResponseSchema,
  CandidateResponseSchema,
  CandidateSaveResponseSchema,
} from '@recruitdesk/contracts/candidates';
import { ErrorResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { createCandidate, deleteCandidate, findCandidateDuplicates, getCandidate, listCandidates, updateCandidate } from './candidates.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export const candidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['candidates'];

  app.get('/api/candidates/', {
    schema: { tags, querystring: CandidateListQuerySchema, response: { 200: CandidateListResponseSchema, ...errors } },
    handler: async (request) => listCandidates(deps, requireUser(request), request.query),
  });

  app.post('/api/candidates/', {
    schema: { tags, body: CandidateInputSchema, response: { 201: CandidateSaveResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const saved = await createCandidate(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, ...saved });
    },
  });

  app.get('/api/candidates/duplicates/', {
    schema: { tags, querystring: CandidateDuplicateQuerySchema, response: { 200: CandidateDuplicateResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, duplicates: await findCandidateDuplicates(deps, requireUser(request), request.query) }),
  });

  app.get('/api/candidates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: CandidateResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, candidate: await getCandidate(deps, requireUser(request), request.params.id) }),
  });

  app.put('/api/candidates/:id/', {
    schema: { tags, params: IdParamSchema, body: CandidateInputSchema, response: { 200: CandidateSaveResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, ...(await updateCandidate(deps, requireUser(request), request.params.id, request.body)) }),
  });

  app.delete('/api/candidates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteCandidate(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The candidate was deleted.' };
    },
  });
};
