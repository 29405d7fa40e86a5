import multipart from '@fastify/multipart';
import {
  AgencyExportListQuerySchema,
  AgencyExportListResponseSchema,
  AgencyExportResponseSchema,
  ExportTokenParamSchema,
} from '@recruitdesk/contracts/agency-archive';
import { IdParamSchema } from '@recruitdesk/contracts/common';
import { ImportResponseSchema } from '@recruitdesk/contracts/imports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import {
  assertAgencyImportAllowed,
  claimExportDownload,
  getExport,
  importAgencyArchive,
  listExports,
  registerAgencyImport,
  registerExportJob,
  startExport,
  type AgencyArchiveFile,
} from './agency-archive.service';
import { ARCHIVE_LIMITS } from './archive-format';
import { ARCHIVE_MESSAGES } from './archive-reader';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 413, 415);

/**
 * Reads the one `file` part of a multipart upload to a temporary file (the archive may be gigabytes), then
 * runs `use` with its path and removes it.
 */
async function withUploadedArchive<T>(
  request: FastifyRequest,
  use: (file: AgencyArchiveFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the archive as multipart/form-data.');
  const dir = await mkdtemp(path.join(tmpdir(), 'rd-agency-upload-'));
  try {
    const filePath = path.join(dir, 'archive.zip');
    let received: AgencyArchiveFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, createWriteStream(filePath, { mode: 0o600 }));
        if (part.file.truncated) throw new AppError('ARCHIVE_TOO_LARGE', 413, ARCHIVE_MESSAGES.tooLarge);
        received = { path: filePath, filename: part.filename || 'agency.zip', size: part.file.bytesRead };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ARCHIVE_TOO_LARGE', 413, ARCHIVE_MESSAGES.tooLarge);
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
        throw new AppError('BAD_FORM', 400, 'Send one archive in the field "file".');
      throw error;
    }
    if (!received) throw new AppError('NO_FILE', 400, 'Send one archive in the field "file".');
    return await use(received);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The agency's data, whole (issue 31): exports (owner only) with their one-time download, and the
 * agency archive's import. The import's own route here is TEMPORARY until `POST /api/imports/` (kind
 * `agency`) dispatches to `importAgencyArchive`.
 */
export const agencyArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerExportJob(deps);
  registerAgencyImport(deps);
  const tags = ['exports'];

  await app.register(multipart, {
    limits: { fileSize: ARCHIVE_LIMITS.maxArchiveBytes, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
    throwFileSizeLimit: true,
  });

  app.post('/api/exports/', {
    schema: { tags, response: { 202: AgencyExportResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const created = await startExport(deps, requireUser(request));
      return reply.status(202).send({ success: true as const, export: created });
    },
  });

  app.get('/api/exports/', {
    schema: {
      tags,
      querystring: AgencyExportListQuerySchema,
      response: { 200: AgencyExportListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listExports(deps, requireUser(request), request.query)),
    }),
  });

  app.get('/api/exports/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: AgencyExportResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      export: await getExport(deps, requireUser(request), request.params.id),
    }),
  });

  app.get('/api/exports/download/:token/', {
    // The ZIP goes out byte for byte with its length (plugins/compression.ts).
    compress: false,
    schema: { tags, params: ExportTokenParamSchema, response: errors },
    handler: async (request, reply) => {
      const download = await claimExportDownload(deps, requireUser(request), request.params.token);
      reply.raw.once('finish', () => {
        download
          .done()
          .catch((error: unknown) => request.log.warn({ err: error }, 'Could not remove a downloaded export'));
      });
      void reply
        .header('content-type', 'application/zip')
        .header('content-length', String(download.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', download.disposition)
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'no-store');
      // A stream, not a JSON body: the schema declares only the error answers.
      return reply.send(download.stream as never);
    },
  });

  app.post('/api/imports/agency/', {
    schema: {
      tags: ['imports'],
      consumes: ['multipart/form-data'],
      response: { 201: ImportResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      await assertAgencyImportAllowed(deps, user);
      const started = await withUploadedArchive(request, (file) => importAgencyArchive(deps, user, file));
      return reply.status(201).send({ success: true as const, import: started });
    },
  });
};
