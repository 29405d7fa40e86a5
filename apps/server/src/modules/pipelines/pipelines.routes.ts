import { ErrorResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  BookInterviewInputSchema,
  CandidateDetailQuerySchema,
  CandidateStatusConfirmResponseSchema,
  ClientInterviewOutcomeInputSchema,
  CandidateDetailResponseSchema,
  ClosePipelineInputSchema,
  CreatePipelineInputSchema,
  CreateRoleCandidateInputSchema,
  InternalInterviewOutcomeInputSchema,
  PipelineActionResponseSchema,
  PipelineConflictResponseSchema,
  PendingClientInterviewsResponseSchema,
  PipelineDetailResponseSchema,
  PipelineFormDataResponseSchema,
  PipelineHeadersResponseSchema,
  PipelineSaveResponseSchema,
  ReopenPipelineInputSchema,
  RoleCandidatesQuerySchema,
  RoleCandidatesResponseSchema,
  RolePipelinesQuerySchema,
  RolePipelinesResponseSchema,
  SubmitPendingInputSchema,
  SubmittalInputSchema,
  SubmittalOutcomeInputSchema,
  UpdatePipelineInputSchema,
} from '@recruitdesk/contracts/pipelines';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { exportRoleCandidates, XLSX_CONTENT_TYPE } from './role-export.service';
import { createPipeline, deletePipeline } from './pipeline-create-delete.service';
import {
  bookInterview,
  recordClientInterviewOutcome,
  recordInternalInterviewOutcome,
} from './pipeline-interviews.service';
import {
  closePipeline,
  markSubmitPending,
  recordSubmittal,
  reopenPipeline,
  updatePipeline,
} from './pipeline-stage-actions.service';
import { recordSubmittalOutcome } from './submittal-outcome.service';
import {
  getCandidateDetail,
  getPipeline,
  listRoleCandidates,
  listRolePipelines,
  pipelineFormData,
  rolePipelineHeaders,
} from './pipelines.service';
import { registerPipelineHooks } from './pipelines.hooks';

const errors = errorResponses(400, 401, 403, 404, 409);
/** Changing calls answer a stale version with 409 and the pipeline as it is now. */
const changeErrors = {
  ...errors,
  409: z.union([PipelineConflictResponseSchema, PendingClientInterviewsResponseSchema, ErrorResponseSchema]),
};
/** Adding a do-not-contact or archived candidate answers 409 naming them until the request confirms it. */
const createErrors = { ...errors, 409: z.union([CandidateStatusConfirmResponseSchema, ErrorResponseSchema]) };

export const pipelinesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerPipelineHooks();
  const { deps } = app;
  const tags = ['pipelines'];

  // A role's pipelines and candidates.
  app.get('/api/roles/:id/pipelines/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: RolePipelinesQuerySchema,
      response: { 200: RolePipelinesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listRolePipelines(deps, requireUser(request), request.params.id, request.query.state)),
    }),
  });

  app.post('/api/roles/:id/pipelines/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CreatePipelineInputSchema,
      response: { 201: PipelineSaveResponseSchema, ...createErrors },
    },
    handler: async (request, reply) => {
      const saved = await createPipeline(deps, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, ...saved });
    },
  });

  app.post('/api/roles/:id/candidates/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CreateRoleCandidateInputSchema,
      response: { 201: PipelineSaveResponseSchema, ...createErrors },
    },
    handler: async (request, reply) => {
      const { candidate, status_confirmation } = request.body;
      const saved = await createPipeline(deps, requireUser(request), request.params.id, {
        candidate,
        stage: 'sourced',
        ...(status_confirmation ? { status_confirmation } : {}),
      });
      return reply.status(201).send({ success: true as const, ...saved });
    },
  });

  app.get('/api/roles/:id/candidates/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: RoleCandidatesQuerySchema,
      response: { 200: RoleCandidatesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listRoleCandidates(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.get('/api/roles/:id/candidates/export/', {
    schema: { tags, params: IdParamSchema, response: { ...errors } },
    handler: async (request, reply) => {
      const file = await exportRoleCandidates(deps, requireUser(request), request.params.id);
      // Raw bytes: the typed reply only knows the JSON error bodies of this route.
      return (reply as FastifyReply)
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', file.contentDisposition)
        .send(file.body);
    },
  });

  app.get('/api/roles/:id/pipeline-headers/', {
    schema: { tags, params: IdParamSchema, response: { 200: PipelineHeadersResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await rolePipelineHeaders(deps, requireUser(request), request.params.id)),
    }),
  });

  // A candidate's pipelines (here, not in candidates: pipelines depend on candidates, never the reverse).
  app.get('/api/candidates/:id/detail/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: CandidateDetailQuerySchema,
      response: { 200: CandidateDetailResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      candidate: await getCandidateDetail(deps, requireUser(request), request.params.id, request.query.role_id),
    }),
  });

  // One pipeline. The static path first (find-my-way prefers it anyway; ids are numeric).
  app.get('/api/pipelines/form-data/', {
    schema: { tags, response: { 200: PipelineFormDataResponseSchema, ...errors } },
    handler: async (request) => ({ success: true as const, ...(await pipelineFormData(deps, requireUser(request))) }),
  });

  app.get('/api/pipelines/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: PipelineDetailResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      data: await getPipeline(deps, requireUser(request), request.params.id),
    }),
  });

  app.patch('/api/pipelines/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdatePipelineInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await updatePipeline(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.delete('/api/pipelines/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deletePipeline(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The pipeline was deleted.' };
    },
  });

  app.post('/api/pipelines/:id/close/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ClosePipelineInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await closePipeline(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/reopen/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ReopenPipelineInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await reopenPipeline(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/book-interview/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: BookInterviewInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await bookInterview(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/internal-interview-outcome/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: InternalInterviewOutcomeInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await recordInternalInterviewOutcome(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/client-interview-outcome/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ClientInterviewOutcomeInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await recordClientInterviewOutcome(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/submit-pending/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: SubmitPendingInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await markSubmitPending(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/submittal/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: SubmittalInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await recordSubmittal(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/pipelines/:id/actions/submittal-outcome/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: SubmittalOutcomeInputSchema,
      response: { 200: PipelineActionResponseSchema, ...changeErrors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await recordSubmittalOutcome(deps, requireUser(request), request.params.id, request.body)),
    }),
  });
};
