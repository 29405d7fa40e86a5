import type { SessionListResponse } from '@recruitdesk/contracts/sessions';
import { baseApi } from '@/lib/base-api';

export const sessionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionListResponse, void>({
      query: () => '/api/sessions/',
      providesTags: ['Session'],
    }),
    revokeSession: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/sessions/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Session'],
    }),
    revokeOtherSessions: build.mutation<{ success: true; revoked: number }, void>({
      query: () => ({ url: '/api/sessions/revoke-others/', method: 'POST' }),
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useListSessionsQuery, useRevokeSessionMutation, useRevokeOtherSessionsMutation } = sessionsApi;
