import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './auth';

/** Security §18/§20: CSP, nosniff, referrer and opener policies, HSTS behind HTTPS, no-store on the API. */
export default fp(async function securityHeaders(app: FastifyInstance) {
  // With S3 storage the browser uploads to and loads pictures from the bucket's origin directly.
  const storageOrigin = app.deps.storage.browserOrigin;
  const extra = storageOrigin ? [storageOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        connectSrc: ["'self'", 'ws:', 'wss:', ...extra],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: app.deps.config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) void reply.header('cache-control', 'no-store');
  });
});
