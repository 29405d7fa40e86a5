import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  CreateJobQualificationInputSchema,
  JobQualificationListResponseSchema,
  JobQualificationResponseSchema,
  ReorderJobQualificationsInputSchema,
  UpdateJobQualificationInputSchema,
} from '@recruitdesk/contracts/job-qualifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  createQualification,
  deleteQualification,
  getQualification,
  listQualifications,
  reorderQualifications,
  updateQualification,
} from './job-qualifications.service';

const errors = errorResponses(400, 401, 403, 404);

export const jobQualificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['job qualifications'];

  app.get('/api/roles/:id/qualifications/', {
    schema: { tags, params: IdParamSchema, response: { 200: JobQualificationListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      qualifications: await listQualifications(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/roles/:id/qualifications/reorder/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ReorderJobQualificationsInputSchema,
      response: { 200: JobQualificationListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      qualifications: await reorderQualifications(deps, requireUser(request), request.params.id, request.body.ids),
    }),
  });

  app.post('/api/job-qualifications/', {
    schema: {
      tags,
      body: CreateJobQualificationInputSchema,
      response: { 201: JobQualificationResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const qualification = await createQualification(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, qualification });
    },
  });

  app.get('/api/job-qualifications/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: JobQualificationResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      qualification: await getQualification(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/job-qualifications/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateJobQualificationInputSchema,
      response: { 200: JobQualificationResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      qualification: await updateQualification(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete('/api/job-qualifications/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteQualification(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The qualification was deleted.' };
    },
  });
};
