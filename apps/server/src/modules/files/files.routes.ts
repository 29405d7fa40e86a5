import { ErrorResponseSchema, FILE_MESSAGES } from '@recruitdesk/contracts/common';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { forbidden } from '../../lib/permissions';
import { LocalStorage } from '../../lib/storage';
import type { LocalTokenPayload } from '../../lib/storage/local';
import { requireUser } from '../../plugins/auth';

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

/**
 * Signed links of the local storage (S3 links go straight to S3): PUT uploads and GET downloads. The link
 * names the user it was made for; another signed-in user gets 403, an expired link 410.
 */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const storage = deps.storage instanceof LocalStorage ? deps.storage : null;
  const tags = ['files'];

  // Encapsulated: these parsers hand the raw request stream to the upload handler only.
  app.addContentTypeParser(UPLOAD_TYPES, { bodyLimit: MAX_UPLOAD_BYTES }, (_request, payload, done) => done(null, payload));

  function check(request: FastifyRequest<{ Params: { token: string } }>, op: 'put' | 'get'): LocalTokenPayload {
    const user = requireUser(request);
    if (!storage) throw new AppError('NOT_FOUND', 404, FILE_MESSAGES.notFound);
    const result = storage.verify(request.params.token, op);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new AppError('LINK_EXPIRED', 410, FILE_MESSAGES.linkExpired)
        : new AppError('LINK_INVALID', 404, FILE_MESSAGES.linkInvalid);
    }
    if (result.payload.u !== user.id) throw forbidden();
    return result.payload;
  }

  app.put<{ Params: { token: string } }>('/api/files/upload/:token/', {
    schema: { tags, params: TokenParamSchema, response: { 200: z.object({ success: z.literal(true), key: z.string(), size: z.number().int() }), 403: ErrorResponseSchema, 410: ErrorResponseSchema, 413: ErrorResponseSchema, 415: ErrorResponseSchema } },
    handler: async (request) => {
      const payload = check(request, 'put');
      if (mediaType(request.headers['content-type']) !== payload.ct.toLowerCase()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, FILE_MESSAGES.wrongType);
      }
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > payload.max) throw new AppError('TOO_LARGE', 413, FILE_MESSAGES.tooLarge);
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, FILE_MESSAGES.wrongType);
      const size = await storage!.writeStream(payload.k, body, payload.ct, payload.max);
      return { success: true as const, key: payload.k, size };
    },
  });

  app.get<{ Params: { token: string } }>('/api/files/download/:token/', {
    schema: { tags, params: TokenParamSchema, response: { 403: ErrorResponseSchema, 404: ErrorResponseSchema, 410: ErrorResponseSchema } },
    handler: async (request, reply) => {
      const payload = check(request, 'get');
      const info = await storage!.head(payload.k);
      if (!info) throw new AppError('NOT_FOUND', 404, FILE_MESSAGES.notFound);
      const maxAge = Math.max(0, Math.min(payload.age ?? 0, payload.exp - Math.floor(deps.config.now().getTime() / 1000)));
      void reply
        .header('content-type', payload.ct)
        .header('content-length', String(info.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', payload.cd ?? 'attachment')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', `private, max-age=${maxAge}`);
      return reply.send(storage!.openRead(payload.k));
    },
  });
};
