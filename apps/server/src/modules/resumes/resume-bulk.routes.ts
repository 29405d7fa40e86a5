import multipart from '@fastify/multipart';
import { IdParamSchema } from '@recruitdesk/contracts/common';
import {
  RESUME_BULK_ERRORS,
  RESUME_BULK_MAX_BYTES,
  RESUME_BULK_MAX_FILES,
  ResumeBatchResponseSchema,
  ResumeBulkConfirmInputSchema,
  ResumeBulkConfirmResponseSchema,
} from '@recruitdesk/contracts/resume-bulk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../lib/errors';
import { deleteStoredFile } from '../files/document-upload.service';
import { requireUser } from '../users/users.service';
import {
  assertCanBulkUpload,
  BULK_PARSE_JOB,
  confirmDrafts,
  createBatch,
  discardBatch,
  getBatch,
  runBulkParse,
  storeBatchFile,
  type BulkParsePayload,
  type StoredBatchFile,
} from './resume-bulk.service';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** Bulk resume upload (decision 097): the batch, its review, confirm and discard; the job that reads the files. */
export const resumeBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['resumes'];

  deps.jobs.register<BulkParsePayload>(BULK_PARSE_JOB, (ctx) => runBulkParse(deps, ctx), { maxAttempts: 3 });

  // Multipart for this plugin's routes only: up to 200 files of 10 MB (a larger one is cut and refused).
  await app.register(multipart, {
    limits: {
      fileSize: RESUME_BULK_MAX_BYTES,
      files: RESUME_BULK_MAX_FILES,
      fields: 5,
      fieldSize: 1_000,
      parts: RESUME_BULK_MAX_FILES + 5,
      headerPairs: 50,
    },
    throwFileSizeLimit: false,
  });

  app.post('/api/resumes/bulk/', {
    schema: { tags, response: { 201: ResumeBatchResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Before any byte is read or stored.
      assertCanBulkUpload(user);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the resumes as multipart/form-data.');
      const stored: StoredBatchFile[] = [];
      const refused: Array<{ filename: string; reason: string }> = [];
      const forget = async () => {
        for (const file of stored) await deleteStoredFile(deps, file.key, 'refused bulk resume');
      };
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          const result = await storeBatchFile(deps, user, {
            filename: part.filename ?? 'resume',
            bytes,
            truncated: part.file.truncated,
          });
          if ('stored' in result) stored.push(result.stored);
          else refused.push(result.refused);
        }
      } catch (error) {
        await forget();
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new AppError('TOO_MANY_FILES', 413, RESUME_BULK_ERRORS.TOO_MANY_FILES, {
            fields: { files: [RESUME_BULK_ERRORS.TOO_MANY_FILES] },
          });
        if (code === 'FST_FIELDS_LIMIT') throw new AppError('BAD_FORM', 400, RESUME_BULK_ERRORS.NO_FILES);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the resumes as multipart/form-data.');
        throw error;
      }
      try {
        const batch = await createBatch(deps, user, stored, refused);
        return reply.status(201).send({ success: true as const, batch });
      } catch (error) {
        await forget();
        throw error;
      }
    },
  });

  app.get('/api/resumes/bulk/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ResumeBatchResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      batch: await getBatch(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/resumes/bulk/:id/confirm/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ResumeBulkConfirmInputSchema,
      response: { 200: ResumeBulkConfirmResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await confirmDrafts(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/resumes/bulk/:id/discard/', {
    schema: { tags, params: IdParamSchema, response: { 200: ResumeBatchResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      batch: await discardBatch(deps, requireUser(request), request.params.id),
    }),
  });
};
