import { ErrorResponseSchema } from '@recruitdesk/contracts/common';
import { AgencySettingsResponseSchema, AgencySettingsSchema } from '@recruitdesk/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { getAgencySettings, updateAgencySettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['settings'];
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

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
