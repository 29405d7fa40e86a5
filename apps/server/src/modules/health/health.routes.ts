import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A dependency that does not answer within this long counts as down (a proxy polls `/readyz` often). */
export const READINESS_TIMEOUT_MS = 3_000;

function withTimeout(work: Promise<unknown>, what: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${READINESS_TIMEOUT_MS} ms`)),
      READINESS_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/healthz`: the process answers (liveness). `/readyz`: the database answers and, with `REDIS_URL`, Redis
 * does too; a reverse proxy sends traffic only to servers that answer 200 here (docs/deployment.md).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    config: { public: true },
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ status: z.literal('unavailable') }) },
    },
    handler: async (request, reply) => {
      const checks = {
        database: withTimeout(app.deps.db.execute(sql`select 1`), 'the database'),
        // Memory counters always answer; Redis counters answer a PING.
        counters: withTimeout(app.deps.throttle.ping(), 'Redis'),
      };
      const results = await Promise.allSettled(Object.values(checks));
      const failed = Object.keys(checks).filter((_, index) => results[index]?.status === 'rejected');
      if (failed.length === 0) return { status: 'ready' as const };
      const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      request.log.error({ failed, err: errors[0] }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  });
};
