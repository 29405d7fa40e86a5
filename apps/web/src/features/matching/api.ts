import type {
  ApplicationMatchingRolesResponse,
  ExplainMatchResponse,
  MatchFeedbackInput,
  MatchingRolesResponse,
  MatchWeights,
  RoleMatchesResponse,
} from '@recruitdesk/contracts/matching';
import type { MessageResponse } from '@recruitdesk/contracts/common';
import { baseApi } from '@/lib/base-api';

/** A role's matches are tagged with the role (a pipeline added to the role refreshes `in_pipeline`). */
const roleTag = (roleId: number) => ({ type: 'Role' as const, id: roleId });

export const matchingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRoleMatches: build.query<
      RoleMatchesResponse,
      { roleId: number; limit: number; offset?: number; includeExcluded: boolean }
    >({
      query: ({ roleId, limit, offset = 0, includeExcluded }) => ({
        url: `/api/roles/${roleId}/matches/`,
        params: { limit, offset, include_excluded: includeExcluded },
      }),
      providesTags: (_result, _error, { roleId }) => [roleTag(roleId), { type: 'Candidate', id: 'LIST' }],
    }),
    explainMatch: build.query<ExplainMatchResponse, { roleId: number; name?: string; candidateId?: number }>({
      query: ({ roleId, name, candidateId }) => ({
        url: `/api/roles/${roleId}/matches/explain/`,
        params: candidateId ? { candidate_id: candidateId } : { name },
      }),
      providesTags: (_result, _error, { roleId }) => [roleTag(roleId)],
    }),
    markNotAFit: build.mutation<MessageResponse, { roleId: number; body: MatchFeedbackInput }>({
      query: ({ roleId, body }) => ({ url: `/api/roles/${roleId}/matches/feedback/`, method: 'POST', body }),
      invalidatesTags: (result, _error, { roleId }) => (result ? [roleTag(roleId), 'Activity'] : []),
    }),
    updateMatchWeights: build.mutation<
      { success: true; weights: MatchWeights; must_skills: string[] },
      { roleId: number; weights: MatchWeights; mustSkills: string[] }
    >({
      query: ({ roleId, weights, mustSkills }) => ({
        url: `/api/roles/${roleId}/match-weights/`,
        method: 'PUT',
        body: { weights, must_skills: mustSkills },
      }),
      invalidatesTags: (result, _error, { roleId }) => (result ? [roleTag(roleId), 'Activity'] : []),
    }),
    getMatchingRoles: build.query<
      MatchingRolesResponse,
      { candidateId: number; limit?: number; excludeRoleId?: number | undefined }
    >({
      query: ({ candidateId, limit = 5, excludeRoleId }) => ({
        url: `/api/candidates/${candidateId}/matching-roles/`,
        params: excludeRoleId ? { limit, exclude_role_id: excludeRoleId } : { limit },
      }),
      providesTags: (_result, _error, { candidateId }) => [
        { type: 'Candidate', id: candidateId },
        { type: 'Role', id: 'LIST' },
      ],
    }),
    getApplicationMatchingRoles: build.query<
      ApplicationMatchingRolesResponse,
      { applicationId: number; limit?: number }
    >({
      query: ({ applicationId, limit = 5 }) => ({
        url: `/api/applications/${applicationId}/matching-roles/`,
        params: { limit },
      }),
      providesTags: (result, _error, { applicationId }) => [
        { type: 'Application', id: applicationId },
        ...(result?.candidate_id ? [{ type: 'Candidate' as const, id: result.candidate_id }] : []),
        { type: 'Role', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetRoleMatchesQuery,
  useLazyExplainMatchQuery,
  useMarkNotAFitMutation,
  useUpdateMatchWeightsMutation,
  useGetMatchingRolesQuery,
  useGetApplicationMatchingRolesQuery,
} = matchingApi;
