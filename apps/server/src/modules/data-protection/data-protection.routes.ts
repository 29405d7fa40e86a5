import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  ConsentInputSchema,
  ConsentResponseSchema,
  CreateDataRequestInputSchema,
  DataProtectionDashboardSchema,
  DataRequestListResponseSchema,
  DataRequestResponseSchema,
  DecideDataRequestInputSchema,
} from '@recruitdesk/contracts/data-protection';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  createStaffRequest,
  dataProtectionDashboard,
  decideRequest,
  getConsent,
  listCandidateRequests,
  putConsent,
} from './data-protection.service';
import { registerRetentionJob } from './retention-job';
import { registerErasureStep } from '../personal-data/personal-data.service';
import { scrubRequestsOf } from './data-protection-erasure';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Consent, requests and the data protection page's API (issue 34, docs/data-protection.md). */
export const dataProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['data-protection'];
  registerRetentionJob(deps);
  // Erasure (issue 34): the requests' notes lose the erased person's name; an open erasure request is done.
  registerErasureStep('data-protection', ['data_protection_requests'], scrubRequestsOf);

  app.get('/api/candidates/:id/consent/', {
    schema: { tags, params: IdParamSchema, response: { 200: ConsentResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await getConsent(deps, requireUser(request), request.params.id)),
    }),
  });

  app.put('/api/candidates/:id/consent/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ConsentInputSchema,
      response: { 200: ConsentResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await putConsent(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.get('/api/candidates/:id/data-requests/', {
    schema: { tags, params: IdParamSchema, response: { 200: DataRequestListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      results: await listCandidateRequests(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/candidates/:id/data-requests/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CreateDataRequestInputSchema,
      response: { 201: DataRequestResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const created = await createStaffRequest(deps, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, request: created });
    },
  });

  app.get('/api/data-protection/', {
    schema: { tags, response: { 200: DataProtectionDashboardSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await dataProtectionDashboard(deps, requireUser(request))),
    }),
  });

  app.post('/api/data-protection/requests/:id/decide/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: DecideDataRequestInputSchema,
      response: { 200: DataRequestResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      request: await decideRequest(deps, requireUser(request), request.params.id, request.body),
    }),
  });
};
