import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  EraseCandidateInputSchema,
  RestrictProcessingInputSchema,
  RestrictProcessingResponseSchema,
} from '@recruitdesk/contracts/personal-data';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { eraseCandidate, exportPersonalData, setProcessingRestriction } from './personal-data.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A candidate's personal data (issue 34, docs/data-protection.md): the access export, restriction, erasure. Owners only. */
export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['personal-data'];

  app.post('/api/candidates/:id/export-personal-data/', {
    schema: { tags, params: IdParamSchema, response: { ...errors } },
    handler: async (request, reply) => {
      const { zip, filename } = await exportPersonalData(deps, requireUser(request), request.params.id);
      // Raw bytes: the typed reply only knows the JSON error bodies of this route.
      return (reply as FastifyReply)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(zip);
    },
  });

  app.post('/api/candidates/:id/restrict/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: RestrictProcessingInputSchema,
      response: { 200: RestrictProcessingResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await setProcessingRestriction(deps, requireUser(request), request.params.id, request.body.restricted)),
    }),
  });

  app.post('/api/candidates/:id/erase/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: EraseCandidateInputSchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await eraseCandidate(deps, requireUser(request), request.params.id, request.body.confirm_name);
      return { success: true as const, message: 'The candidate has been erased.' };
    },
  });
};
