import {
  CandidateDuplicateQuerySchema,
  CandidateDuplicateResponseSchema,
  CandidateInputSchema,
  CandidateListQuerySchema,
  CandidateListResponseSchema,
  CandidateResponseSchema,
  CandidateSaveResponseSchema,
  ResumeMetadataInputSchema,
  ResumeUploadUrlInputSchema,
  SkillSuggestionQuerySchema,
  SkillSuggestionsResponseSchema,
} from '@recruitdesk/contracts/candidates';
import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import { UploadTargetResponseSchema } from '@recruitdesk/contracts/profile';
import { DownloadUrlResponseSchema } from '@recruitdesk/contracts/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  createCandidate,
  deleteCandidate,
  findCandidateDuplicates,
  getCandidate,
  listCandidates,
  suggestCandidateSkills,
  updateCandidate,
} from './candidates.service';
import { createResumeUploadTarget, removeResume, resumeDownloadUrl, updateResume } from './resume.service';
import { registerCandidateHooks } from './candidates.hooks';

const errors = errorResponses(400, 401, 403, 404, 409);
const fileErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

export const candidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCandidateHooks();
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
    schema: {
      tags,
      querystring: CandidateDuplicateQuerySchema,
      response: { 200: CandidateDuplicateResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      duplicates: await findCandidateDuplicates(deps, requireUser(request), request.query),
    }),
  });

  app.get('/api/candidates/skills/', {
    schema: {
      tags,
      querystring: SkillSuggestionQuerySchema,
      response: { 200: SkillSuggestionsResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      skills: await suggestCandidateSkills(deps, requireUser(request), request.query),
    }),
  });

  app.get('/api/candidates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: CandidateResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      candidate: await getCandidate(deps, requireUser(request), request.params.id),
    }),
  });

  app.put('/api/candidates/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: CandidateInputSchema,
      response: { 200: CandidateSaveResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await updateCandidate(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.delete('/api/candidates/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteCandidate(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The candidate was deleted.' };
    },
  });

  // Resumes: upload-url, then the browser PUTs the file to the signed URL, then PATCH with the key.
  app.post('/api/candidates/:id/resume/upload-url/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ResumeUploadUrlInputSchema,
      response: { 200: UploadTargetResponseSchema, ...fileErrors },
    },
    handler: async (request) => ({
      success: true as const,
      upload: await createResumeUploadTarget(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.patch('/api/candidates/:id/resume/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ResumeMetadataInputSchema,
      response: { 200: CandidateResponseSchema, ...fileErrors },
    },
    handler: async (request) => ({
      success: true as const,
      candidate: await updateResume(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.get('/api/candidates/:id/resume/download-url/', {
    schema: { tags, params: IdParamSchema, response: { 200: DownloadUrlResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      url: await resumeDownloadUrl(deps, requireUser(request), request.params.id),
    }),
  });

  app.delete('/api/candidates/:id/resume/', {
    schema: { tags, params: IdParamSchema, response: { 200: CandidateResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      candidate: await removeResume(deps, requireUser(request), request.params.id),
    }),
  });
};
