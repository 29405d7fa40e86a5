import {
  AnalyticsClientsResponseSchema,
  AnalyticsFilterOptionsResponseSchema,
  AnalyticsFiltersQuerySchema,
  AnalyticsOptimalWageRangeResponseSchema,
  AnalyticsRetainerTimePayoutResponseSchema,
  AnalyticsRoleWagesResponseSchema,
  AnalyticsRolesResponseSchema,
  AnalyticsSourcesResponseSchema,
  AnalyticsStagesResponseSchema,
  AnalyticsSummaryResponseSchema,
  AnalyticsTotalsResponseSchema,
  AnalyticsWagesResponseSchema,
  AttentionQuerySchema,
  AttentionResponseSchema,
} from '@recruitdesk/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import * as analytics from './analytics.service';
import { attentionList } from './attention.service';

const errors = errorResponses(400, 401, 403);

/** The ten analytics sets, where placements come from (issue 14) and the dashboard's attention list (issue 12). */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['analytics'];
  const querystring = AnalyticsFiltersQuerySchema;
  app.addHook('onReady', async () => {
    await analytics.useAgencyTimeZone(deps);
  });

  app.get('/api/analytics/summary/', {
    schema: { tags, querystring, response: { 200: AnalyticsSummaryResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.summary(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/totals/', {
    schema: { tags, querystring, response: { 200: AnalyticsTotalsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.totals(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/clients/', {
    schema: { tags, querystring, response: { 200: AnalyticsClientsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.clients(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/roles/', {
    schema: { tags, querystring, response: { 200: AnalyticsRolesResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.roles(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/stages/', {
    schema: { tags, querystring, response: { 200: AnalyticsStagesResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.stageFunnel(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/wages/', {
    schema: { tags, querystring, response: { 200: AnalyticsWagesResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.wages(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/role-wages/', {
    schema: { tags, querystring, response: { 200: AnalyticsRoleWagesResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.roleWages(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/optimal-wage-range/', {
    schema: {
      tags,
      querystring,
      response: { 200: AnalyticsOptimalWageRangeResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.optimalWageRange(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/retainer-time-payout/', {
    schema: {
      tags,
      querystring,
      response: { 200: AnalyticsRetainerTimePayoutResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.retainerTimePayout(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/sources/', {
    schema: { tags, querystring, response: { 200: AnalyticsSourcesResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.sources(deps, requireUser(request), request.query)),
    }),
  });
  app.get('/api/analytics/filter-options/', {
    schema: { tags, response: { 200: AnalyticsFilterOptionsResponseSchema, ...errors } },
    handler: async (request) => ({
      success: true as const,
      ...(await analytics.filterOptions(deps, requireUser(request))),
    }),
  });
  app.get('/api/dashboard/attention/', {
    schema: {
      tags: ['dashboard'],
      querystring: AttentionQuerySchema,
      response: { 200: AttentionResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await attentionList(deps, requireUser(request), request.query)),
    }),
  });
};
