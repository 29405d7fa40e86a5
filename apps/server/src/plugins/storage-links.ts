import { FILE_MESSAGES } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, errorResponses } from '../lib/errors';
import { forbidden } from '../lib/permissions';
import { LocalStorage, type LinkPayload } from '../lib/storage';
import { requirePrincipal } from './auth';

/** The largest upload any signed link may allow (each link carries its own, smaller cap). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Types that may be uploaded through signed links: images, PDF, DOCX, plain text and raw bytes. */
const UPLOAD_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
];

const TokenParamSchema = z.object({ token: z.string().min(1).max(4096) });

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

export interface StorageLinkOptions {
  /**
   * Throws (410) when the upload link's file was confirmed or swept: the files module keeps that record
   * and hands this check over at start-up (app.ts), so the platform knows no module (decision 007).
   */
  assertUploadOpen: (key: string, userId: number) => Promise<void>;
}

/**
 * The storage backends' HTTP side, signed file links: PUT uploads of the local storage (S3 uploads go
 * straight to S3) and GET downloads in both modes (S3 objects are streamed through). The link names the
 * user it was made for; another signed-in user gets 403, an expired link 410, an upload link whose file
 * was confirmed 410.
 */
export const storageLinks: FastifyPluginAsync<StorageLinkOptions> = async (app, options) => {
  const { deps } = app;
  const local = deps.storage instanceof LocalStorage ? deps.storage : null;
  const tags = ['files'];

  // Encapsulated: these parsers hand the raw request stream to the upload handler only.
  app.addContentTypeParser(UPLOAD_TYPES, { bodyLimit: MAX_UPLOAD_BYTES }, (_request, payload, done) =>
    done(null, payload),
  );

  function check(request: FastifyRequest<{ Params: { token: string } }>, op: 'put' | 'get'): LinkPayload {
    const { userId } = requirePrincipal(request);
    if (op === 'put' && !local) throw new AppError('NOT_FOUND', 404, FILE_MESSAGES.notFound);
    const result = deps.storage.links.verify(request.params.token, op);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new AppError('LINK_EXPIRED', 410, FILE_MESSAGES.linkExpired)
        : new AppError('LINK_INVALID', 404, FILE_MESSAGES.linkInvalid);
    }
    if (result.payload.u !== userId) throw forbidden();
    return result.payload;
  }

  app.put<{ Params: { token: string } }>('/api/files/upload/:token/', {
    schema: {
      tags,
      params: TokenParamSchema,
      response: {
        200: z.object({ success: z.literal(true), key: z.string(), size: z.number().int() }),
        ...errorResponses(403, 404, 410, 413, 415),
      },
    },
    handler: async (request) => {
      const payload = check(request, 'put');
      // Once the file is confirmed (or swept) the link is used up: nothing can be written through it again.
      await options.assertUploadOpen(payload.k, payload.u);
      if (mediaType(request.headers['content-type']) !== payload.ct.toLowerCase()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, FILE_MESSAGES.wrongType);
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > payload.max) throw new AppError('TOO_LARGE', 413, FILE_MESSAGES.tooLarge);
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function')
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, FILE_MESSAGES.wrongType);
      const size = await local!.writeStream(payload.k, body, payload.ct, payload.max);
      return { success: true as const, key: payload.k, size };
    },
  });

  app.get<{ Params: { token: string } }>('/api/files/download/:token/', {
    // Stored files go out byte for byte with their length (plugins/compression.ts).
    compress: false,
    schema: { tags, params: TokenParamSchema, response: errorResponses(403, 404, 410) },
    handler: async (request, reply) => {
      const payload = check(request, 'get');
      const info = await deps.storage.head(payload.k);
      if (!info) throw new AppError('NOT_FOUND', 404, FILE_MESSAGES.notFound);
      const maxAge = Math.max(
        0,
        Math.min(payload.age ?? 0, payload.exp - Math.floor(deps.config.now().getTime() / 1000)),
      );
      void reply
        .header('content-type', payload.ct)
        .header('content-length', String(info.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', payload.cd ?? 'attachment')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', payload.ns ? 'no-store' : `private, max-age=${maxAge}`);
      return reply.send(await deps.storage.openRead(payload.k));
    },
  });
};
