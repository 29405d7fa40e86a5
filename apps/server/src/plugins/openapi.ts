import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI document generated from the routes' zod schemas: /api/openapi.json and /api/docs. Public
 * outside production; in production for signed-in users only (plugins/auth.ts).
 */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'RecruitDesk API', version: '0.1.0', description: 'Recruitment tracking API.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/openapi.json',
    { config: { public: app.deps.config.nodeEnv !== 'production' }, schema: { hide: true } },
    async () => app.swagger(),
  );
});
