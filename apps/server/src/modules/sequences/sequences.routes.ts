import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  EnrolmentListQuerySchema,
  EnrolmentListResponseSchema,
  EnrolmentParamsSchema,
  EnrolmentResponseSchema,
  EnrolResponseSchema,
  EnrolSchema,
  SequenceInputSchema,
  SequenceListResponseSchema,
  SequenceResponseSchema,
} from '@recruitdesk/contracts/sequences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { registerSequenceJob } from './sequence-runner';
import { createSequence, deleteSequence, getSequence, listSequences, updateSequence } from './sequences.service';
import { enrolCandidates, listEnrolments, stopEnrolment } from './enrolments.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const sequencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['sequences'];
  registerSequenceJob(deps);

  app.get('/api/sequences/', {
    schema: { tags, response: { 200: SequenceListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      sequences: await listSequences(deps, requireUser(request)),
    }),
  });

  app.post('/api/sequences/', {
    schema: { tags, body: SequenceInputSchema, response: { 201: SequenceResponseSchema, ...errors } },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, sequence: await createSequence(deps, requireUser(request), request.body) }),
  });

  app.get('/api/sequences/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: SequenceResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      sequence: await getSequence(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/sequences/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: SequenceInputSchema,
      response: { 200: SequenceResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      sequence: await updateSequence(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/sequences/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteSequence(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The sequence was deleted.' };
    },
  });

  app.post('/api/sequences/:id/enrol/', {
    schema: { tags, params: IdParamSchema, body: EnrolSchema, response: { 200: EnrolResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      result: await enrolCandidates(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.get('/api/sequences/:id/enrolments/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: EnrolmentListQuerySchema,
      response: { 200: EnrolmentListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      enrolments: await listEnrolments(deps, requireUser(request), request.params.id, request.query.state),
    }),
  });

  app.post('/api/sequences/:id/enrolments/:enrolmentId/stop/', {
    schema: { tags, params: EnrolmentParamsSchema, response: { 200: EnrolmentResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      enrolment: await stopEnrolment(deps, requireUser(request), request.params.id, request.params.enrolmentId),
    }),
  });
};
