import type { PublicConfigResponse } from '@recruitdesk/contracts/error-tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const PublicConfigResponseSchema = z.object({
  success: z.literal(true),
  sentry_dsn: z.string().nullable(),
  environment: z.string(),
});

/**
 * GET /api/config/: settings the browser reads at run time, so one SENTRY_DSN serves both sides without a
 * rebuild (decision 012). Public (the sign-in page reports errors too) and free of secrets: a DSN is a
 * public key by design.
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/config/', {
    config: { public: true },
    schema: { tags: ['config'], response: { 200: PublicConfigResponseSchema } },
    handler: async (): Promise<PublicConfigResponse> => ({
      success: true,
      sentry_dsn: app.deps.config.sentryDsn ?? null,
      environment: app.deps.config.nodeEnv,
    }),
  });
};
