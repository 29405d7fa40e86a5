import { IdParamSchema, MessageResponseSchema } from '@recruitdesk/contracts/common';
import {
  ApplicationMatchingRolesQuerySchema,
  ApplicationMatchingRolesResponseSchema,
  ExplainMatchQuerySchema,
  ExplainMatchResponseSchema,
  MatchFeedbackInputSchema,
  MatchingRolesQuerySchema,
  MatchingRolesResponseSchema,
  MatchWeightsResponseSchema,
  RoleMatchesQuerySchema,
  RoleMatchesResponseSchema,
  UpdateMatchWeightsInputSchema,
} from '@recruitdesk/contracts/matching';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { requireUser } from '../users/users.service';
import { listApplicationMatchingRoles, listMatchingRoles } from './matching-roles.service';
import { refreshStaleProfiles } from './profile-refresh';
import { loadSkillTerms } from './skill-terms';
import { explainRoleMatch, listRoleMatches, recordMatchFeedback, updateMatchWeights } from './matching.service';

const errors = errorResponses(400, 401, 403, 404);

/** How often stale candidate profiles are rebuilt in the background. */
export const PROFILE_REFRESH_INTERVAL_MS = 5_000;

export const matchingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['matching'];
  // Profiles a write marked stale are rebuilt before each ranking (within a budget) and by this recurring job
  // of the one job runner (design §6: one server at a time, not a timer per process), so a bulk change (an
  // import, the demo data) is caught up without a ranking paying for it.
  deps.jobs.registerRecurring('matching.refresh-profiles', { everyMs: PROFILE_REFRESH_INTERVAL_MS }, async () => ({
    refreshed: await refreshStaleProfiles(deps.db, await loadSkillTerms(deps.db), { budgetMs: 1_000 }),
  }));

  app.get('/api/roles/:id/matches/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: RoleMatchesQuerySchema,
      response: { 200: RoleMatchesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listRoleMatches(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.get('/api/roles/:id/matches/explain/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: ExplainMatchQuerySchema,
      response: { 200: ExplainMatchResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await explainRoleMatch(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.post('/api/roles/:id/matches/feedback/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: MatchFeedbackInputSchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (request) => {
      await recordMatchFeedback(deps, requireUser(request), request.params.id, request.body);
      return { success: true as const, message: 'Marked not a fit.' };
    },
  });

  app.put('/api/roles/:id/match-weights/', {
    schema: {
      tags,
      params: IdParamSchema,
      body: UpdateMatchWeightsInputSchema,
      response: { 200: MatchWeightsResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await updateMatchWeights(deps, requireUser(request), request.params.id, request.body)),
    }),
  });

  app.get('/api/candidates/:id/matching-roles/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: MatchingRolesQuerySchema,
      response: { 200: MatchingRolesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listMatchingRoles(deps, requireUser(request), request.params.id, request.query)),
    }),
  });

  app.get('/api/applications/:id/matching-roles/', {
    schema: {
      tags,
      params: IdParamSchema,
      querystring: ApplicationMatchingRolesQuerySchema,
      response: { 200: ApplicationMatchingRolesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listApplicationMatchingRoles(deps, requireUser(request), request.params.id, request.query)),
    }),
  });
};
