import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute } from './auth';

/** Security §18/§20: CSP, nosniff, referrer and opener policies, HSTS behind HTTPS, no-store on the API. */
export default fp(async function securityHeaders(app: FastifyInstance) {
  // With S3 storage the browser uploads to the bucket's origin directly (downloads come from the app).
  const storageOrigin = app.deps.storage.browserOrigin;
  // With SENTRY_DSN the browser sends its error reports to the DSN's host.
  const sentryDsn = app.deps.config.sentryDsn;
  const extra = [...(storageOrigin ? [storageOrigin] : []), ...(sentryDsn ? [new URL(sentryDsn).origin] : [])];
  const { publicOrigin } = app.deps.config;
  // WebSockets to the app's own origin only: 'self' (CSP 3 matches ws/wss of the page's host) and,
  // for browsers that predate that, the ws(s) form of PUBLIC_URL; never any ws:/wss: host.
  const ownSocket = publicOrigin ? [publicOrigin.replace(/^http/, 'ws')] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...ownSocket, ...extra],
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
    // HSTS only when the app is served over https (PUBLIC_URL), never on plain http.
    strictTransportSecurity: publicOrigin?.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (isApiRoute(request)) void reply.header('cache-control', 'no-store');
  });
});
