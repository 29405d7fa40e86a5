import { AgencySettingsResponseSchema, AgencySettingsSchema } from '@recruitdesk/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { getAgencySettings, moneyVisibleTo, settingsForReader, updateAgencySettings } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['settings'];
  const errors = errorResponses(400, 401, 403);

  app.get('/api/settings/agency/', {
    schema: { tags, response: { 200: AgencySettingsResponseSchema, ...errors } },
    handler: async (request) => {
      const user = requireUser(request);
      const visible = await moneyVisibleTo(deps.db, user);
      return {
        success: true as const,
        money_visible: visible,
        settings: settingsForReader(await getAgencySettings(deps.db), visible),
      };
    },
  });

  app.put('/api/settings/agency/', {
    schema: { tags, body: AgencySettingsSchema, response: { 200: AgencySettingsResponseSchema, ...errors } },
    handler: async (request) => {
      const user = requireUser(request);
      const settings = await updateAgencySettings(deps, user, request.body);
      const visible = await moneyVisibleTo(deps.db, user);
      return { success: true as const, money_visible: visible, settings: settingsForReader(settings, visible) };
    },
  });
};
