import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Responses smaller than this go out as they are: the encoding would save less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses JSON (and other text) responses of at least COMPRESS_THRESHOLD bytes by Accept-Encoding,
 * brotli at quality 4 (fast enough per request) or gzip, with Vary: Accept-Encoding. Register before the
 * routes: it attaches itself to each route as it is added. The built web assets are compressed at build
 * time instead (spa.ts serves those copies; a response that already has a Content-Encoding is left
 * alone), and stored files opt out (storage-links.ts) so they go out byte for byte with their length.
 * Request bodies are never decompressed: the body limit counts the bytes that arrive.
 */
export default fp(async function compression(app: FastifyInstance) {
  // Only the API: the web app's files are compressed at build time, and what has no copy is too small.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });
});
