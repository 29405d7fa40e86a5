import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  CreateJobPostingInputSchema,
  FormDataResponseSchema,
  ImportPreviewResponseSchema,
  ImportRefusalSchema,
  ImportResultResponseSchema,
  ImportRunInputSchema,
  ImportUploadInputSchema,
  ImportUploadResponseSchema,
  JobPostingResponseSchema,
  OverviewQuerySchema,
  OverviewResponseSchema,
  PerformanceQuerySchema,
  PerformanceResponseSchema,
  UpdateJobPostingInputSchema,
} from '@recruitdesk/contracts/job-postings';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { FEED_MAX_AGE_SECONDS, renderIndeedFeed } from './job-feed.service';
import { previewImport, runImport, uploadImport } from './job-posting-import.service';
import { postingPerformance } from './job-performance.service';
import { createPosting, postingFormData, postingOverview, updatePosting } from './job-postings.service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** The import's refusals carry every problem (row, column, message). */
const importErrors = { ...errorResponses(401, 403, 413), 400: ImportRefusalSchema };
/** The report's text travels as JSON (escaped), so the import routes take a larger body than the default. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;

/** Weekly job-board data (issue 14): the overview, entry, form data, performance, CSV import; the public feed. */
export const jobPostingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['job-postings'];
  const ok = { success: true as const };

  app.get('/api/job-postings/overview/', {
    schema: { tags, querystring: OverviewQuerySchema, response: { 200: OverviewResponseSchema, ...errors } },
    handler: async (request) => ({ ...ok, ...(await postingOverview(deps, requireUser(request), request.query.week)) }),
  });

  app.get('/api/job-postings/form-data/', {
    schema: { tags, response: { 200: FormDataResponseSchema, ...errors } },
    handler: async (request) => ({ ...ok, ...(await postingFormData(deps, requireUser(request))) }),
  });

  app.post('/api/job-postings/', {
    schema: { tags, body: CreateJobPostingInputSchema, response: { 201: JobPostingResponseSchema, ...errors } },
    handler: async (request, reply) =>
      reply.status(201).send({ ...ok, posting: await createPosting(deps, requireUser(request), request.body) }),
  });

  app.put('/api/job-postings/:id/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateJobPostingInputSchema,
      response: { 200: JobPostingResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ...ok,
      posting: await updatePosting(deps, requireUser(request), request.params.id, request.body),
    }),
  });

  app.get('/api/job-postings/performance/', {
    schema: { tags, querystring: PerformanceQuerySchema, response: { 200: PerformanceResponseSchema, ...errors } },
    handler: async (request) => ({ ...ok, ...(await postingPerformance(deps, requireUser(request), request.query)) }),
  });

  app.post('/api/job-postings/import/upload/', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { tags, body: ImportUploadInputSchema, response: { 200: ImportUploadResponseSchema, ...importErrors } },
    handler: async (request) => ({ ...ok, ...uploadImport(requireUser(request), request.body.csv) }),
  });

  app.post('/api/job-postings/import/preview/', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { tags, body: ImportRunInputSchema, response: { 200: ImportPreviewResponseSchema, ...importErrors } },
    handler: async (request) => ({ ...ok, ...(await previewImport(deps, requireUser(request), request.body)) }),
  });

  app.post('/api/job-postings/import/', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { tags, body: ImportRunInputSchema, response: { 200: ImportResultResponseSchema, ...importErrors } },
    handler: async (request) => ({ ...ok, ...(await runImport(deps, requireUser(request), request.body)) }),
  });

  // The job board reads this without a session: outside /api, and marked public for the route walk.
  app.get('/feeds/indeed.xml', {
    config: { public: true },
    schema: { tags: ['feeds'] },
    handler: async (_request, reply) => {
      const xml = await renderIndeedFeed(deps);
      return (reply as FastifyReply)
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${FEED_MAX_AGE_SECONDS}`)
        .send(xml);
    },
  });
};
