import { AgencySettingsResponseSchema, AgencySettingsSchema } from '@recruitdesk/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { getAgencySettings, updateAgencySettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['settings'];
  const errors = errorResponses(400, 401, 403);

  app.get('/api/settings/agency/', {
    schema: { tags, response: { 200: AgencySettingsResponseSchema, ...errors } },
    handler: async (request) => {
      requireUser(request);
      return { success: true as const, settings: await getAgencySettings(deps.db) };
    },
  });

  app.put('/api/settings/agency/', {
    schema: { tags, body: AgencySettingsSchema, response: { 200: AgencySettingsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      settings: await updateAgencySettings(deps, requireUser(request), request.body),
    }),
  });
};
