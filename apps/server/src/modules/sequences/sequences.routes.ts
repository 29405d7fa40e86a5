import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const sequencesRoutes: FastifyPluginAsyncZod = async () => {};
