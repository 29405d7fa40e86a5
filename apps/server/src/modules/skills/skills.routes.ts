import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  CreateSkillAliasInputSchema,
  SkillAliasListQuerySchema,
  SkillAliasListResponseSchema,
  SkillAliasResponseSchema,
} from '@recruitdesk/contracts/resumes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { createSkillAlias, deleteSkillAlias, listSkillAliases } from './skills.service';

const errors = errorResponses(400, 401, 403, 404, 409);

export const skillsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['skills'];

  app.get('/api/skills/aliases/', {
    schema: { tags, querystring: SkillAliasListQuerySchema, response: { 200: SkillAliasListResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await listSkillAliases(deps, requireUser(request), request.query)),
    }),
  });

  app.post('/api/skills/aliases/', {
    schema: { tags, body: CreateSkillAliasInputSchema, response: { 201: SkillAliasResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const alias = await createSkillAlias(deps, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, alias });
    },
  });

  app.delete('/api/skills/aliases/:id/', {
    schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema, ...errors } },
    handler: async (request) => {
      await deleteSkillAlias(deps, requireUser(request), request.params.id);
      return { success: true as const, message: 'Alias removed.' };
    },
  });
};
