import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { ErrorResponseSchema, IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  IMPORT_ERRORS,
  ImportListQuerySchema,
  ImportListResponseSchema,
  ImportMappingInputSchema,
  ImportMappingListQuerySchema,
  ImportMappingListResponseSchema,
  ImportMappingResponseSchema,
  ImportPreviewResponseSchema,
  ImportResponseSchema,
  ImportRunInputSchema,
  ImportUploadFieldsSchema,
} from '@recruitdesk/contracts/imports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/storage';
import { AppError, errorResponses, fieldsError } from '../../lib/errors';
import { assertUserType } from '../../lib/permissions';
import { nulError, nulFieldOf } from '../../lib/text-input';
import { requireUser } from '../users/users.service';
import { newUploadPath, removeUpload } from './import-file';
import {
  createMapping,
  deleteMapping,
  getImport,
  IMPORT_JOB_KIND,
  importReport,
  listImports,
  listMappings,
  previewImport,
  runImport,
  startImport,
  undoImport,
  uploadImport,
  type ReceivedFile,
} from './imports.service';
import { IMPORT_JOB_ATTEMPTS } from './import-run';
import { IMPORT_FILE_MAX_BYTES } from './reading';

const errors = errorResponses(400, 401, 403, 404);
/** 409: started twice, or an undo refused (`changed` names the records changed since). */
const ConflictSchema = ErrorResponseSchema.extend({
  changed: z.array(z.object({ kind: z.string(), id: z.number().int(), name: z.string() })).optional(),
});

const tooLarge = () =>
  new AppError(
    'FILE_TOO_LARGE',
    413,
    `The file is larger than ${Math.round(IMPORT_FILE_MAX_BYTES / 1024 / 1024)} MB, the most an import takes.`,
  );

/** Reads the form: `kind` and the one `file`, written to DATA_DIR/imports as it arrives (never held in memory). */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
  const deps = request.server.deps;
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          continue;
        }
        const path = await newUploadPath(deps);
        file = { path, filename: part.filename || 'import', size: 0 };
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw tooLarge();
        file.size = part.file.bytesRead;
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (file) await removeUpload(file.path);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('BAD_FORM', 400, 'Send one file and its kind.');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the file as multipart/form-data.');
    throw error;
  }
  const nulField = nulFieldOf(fields);
  if (nulField !== null || file?.filename.includes('\0')) {
    if (file) await removeUpload(file.path);
    throw nulError(nulField ?? 'file');
  }
  return { fields, file };
}

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['imports'];

  deps.jobs.register(IMPORT_JOB_KIND, (ctx) => runImport(deps, ctx as Parameters<typeof runImport>[1]), {
    maxAttempts: IMPORT_JOB_ATTEMPTS,
    leaseMs: 60_000,
  });

  // Only this plugin (and the public application form's) parses multipart: one file of at most 50 MB.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1_000, parts: 5, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post('/api/imports/', {
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      response: { 201: ImportResponseSchema, ...errors, 413: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request);
      // The permission first: nobody else's upload is even read to the disk.
      assertUserType(actor, 'superuser');
      const { fields, file } = await readUpload(request);
      const parsed = ImportUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        if (file) await removeUpload(file.path);
        throw fieldsError({ kind: [parsed.error.issues[0]?.message ?? 'Choose what to import.'] });
      }
      if (!file) throw fieldsError({ file: [IMPORT_ERRORS.NO_FILE] }, 'NO_FILE');
      const view = await uploadImport(deps, actor, parsed.data.kind, file);
      return reply.status(201).send({ success: true as const, import: view });
    },
  });

  app.get('/api/imports/', {
    schema: { tags, querystring: ImportListQuerySchema, response: { 200: ImportListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listImports(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/imports/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: ImportResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      import: await getImport(deps, requireUser(request), request.params.id),
    }),
  });

  app.post('/api/imports/:id/preview/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ImportRunInputSchema,
      response: { 200: ImportPreviewResponseSchema, ...errors, 409: ConflictSchema },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await previewImport(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.post('/api/imports/:id/start/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: ImportRunInputSchema,
      response: { 202: ImportResponseSchema, ...errors, 409: ConflictSchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send({
        success: true as const,
        import: await startImport(deps, requireUser(request), request.params.id, request.body),
      }),
  });

  app.post('/api/imports/:id/undo/', {
    schema: { tags, params: IdParamSchema, response: { 200: ImportResponseSchema, ...errors, 409: ConflictSchema } },
    handler: async (request) => ({
      success: true as const,
      import: await undoImport(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/imports/:id/report.csv', {
    schema: { tags, params: IdParamSchema, response: { ...errors } },
    handler: async (request, reply) => {
      const report = await importReport(deps, requireUser(request), request.params.id);
      // Raw bytes: the typed reply only knows the JSON error bodies of this route.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', report.filename))
        .send(report.body);
    },
  });

  app.get('/api/import-mappings/', {
    schema: {
      tags,
      querystring: ImportMappingListQuerySchema,
      response: { 200: ImportMappingListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      mappings: await listMappings(deps, requireUser(request), request.query.kind),
    }),
  });

  app.post('/api/import-mappings/', {
    schema: {
      tags,
      body: ImportMappingInputSchema,
      response: { 201: ImportMappingResponseSchema, ...errors, 409: ErrorResponseSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        mapping: await createMapping(deps, requireUser(request), request.body),
      }),
  });

  app.delete('/api/import-mappings/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteMapping(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'The mapping was deleted.' };
    },
  });
};
