import multipart from '@fastify/multipart';
import { ParseResumeResponseSchema, RESUME_ERRORS, RESUME_PARSE_MAX_BYTES } from '@recruitdesk/contracts/resumes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { parseUploadedResume } from './resumes.service';

const errors = errorResponses(400, 401, 403, 413, 415);

export const resumesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['resumes'];

  // Multipart for this plugin's routes only: one file of 10 MB at most.
  await app.register(multipart, {
    limits: { fileSize: RESUME_PARSE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1_000, parts: 5, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post('/api/resumes/parse/', {
    schema: { tags, response: { 200: ParseResumeResponseSchema, ...errors } },
    handler: async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the resume as multipart/form-data.');
      let file: { buffer: Buffer; filename: string; contentType: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const buffer = await part.toBuffer();
          if (part.fieldname === 'file' && file === null)
            file = { buffer, filename: part.filename ?? 'resume', contentType: part.mimetype };
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', 413, RESUME_ERRORS.FILE_TOO_LARGE);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new AppError('TOO_MANY_FILES', 400, RESUME_ERRORS.TOO_MANY_FILES);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the resume as multipart/form-data.');
        throw error;
      }
      return { success: true as const, resume: await parseUploadedResume(deps, user, file) };
    },
  });
};
