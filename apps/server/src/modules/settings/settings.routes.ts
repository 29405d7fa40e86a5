import { AgencySettingsResponseSchema, AgencySettingsSchema } from '@recruitdesk/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { RetentionSettingsResponseSchema, RetentionSettingsSchema } from '@recruitdesk/contracts/data-protection';
import {
  getAgencySettings,
  moneyVisibleTo,
  readRetentionSettings,
  settingsForReader,
  updateAgencySettings,
  updateRetentionSettings,
} from './settings.service';

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
  // Retention (issue 34, docs/data-protection.md "Retention"): owners only, read and write.
  app.get('/api/settings/retention/', {
    schema: { tags, response: { 200: RetentionSettingsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      settings: await readRetentionSettings(deps, requireUser(request)),
    }),
  });

  app.put('/api/settings/retention/', {
    schema: { tags, body: RetentionSettingsSchema, response: { 200: RetentionSettingsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      settings: await updateRetentionSettings(deps, requireUser(request), request.body),
    }),
  });
};
