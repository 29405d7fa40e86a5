import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_MESSAGES } from '../lib/errors';
import { sendError } from './error-handler';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>RecruitDesk</title></head>
<body><h1>RecruitDesk API is running</h1><p>The web app is not built yet. Run <code>npm run build</code> and restart the server.</p></body></html>`;

const SERVER_PATHS = /^\/(api|ws|healthz|readyz)(\/|\?|$)/;

/** The path as the router would see it (decoded, case and doubled slashes folded), for deciding only. */
function canonicalPath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // malformed escapes: judge the raw string
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

function wantsSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = canonicalPath(request.url);
  if (SERVER_PATHS.test(pathname)) return false;
  if (/\.[A-Za-z0-9]{1,8}$/.test(pathname)) return false; // a missing file, not a page
  return (request.headers.accept ?? '').includes('text/html');
}

/** Serves the built SPA with history fallback; unknown API paths get the JSON 404. */
export default fp(async function spa(app: FastifyInstance) {
  const root = app.deps.config.webDistDir;
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts); they go out by Accept-Encoding,
      // with Vary: Accept-Encoding, and the file itself to clients that accept neither.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const relative = path.relative(root, filePath).replace(/\.(?:br|gz)$/, '');
        if (relative.startsWith(`assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (relative === 'index.html') res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (wantsSpaPage(request)) {
      if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply
        .status(request.url === '/' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    return sendError(reply.header('cache-control', 'no-store'), 404, {
      success: false,
      error: ERROR_MESSAGES.notFound,
    });
  });
});
