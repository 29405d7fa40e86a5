import type { ActivityListResponse } from '@recruitdesk/contracts/activity';
import { baseApi } from '@/lib/base-api';

export interface ActivityQuery {
  mine?: boolean;
  /** Another user's activity (owners and superusers). */
  actor_id?: number;
  object_id?: number;
  limit?: number;
  model_type?: string;
  before?: number;
}

export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityListResponse, ActivityQuery>({
      query: ({ mine, actor_id, limit = 20, model_type, object_id, before }) => ({
        url: '/api/activity/',
        params: { mine, actor_id, limit, model_type, object_id, before },
      }),
      providesTags: ['Activity'],
    }),
  }),
});

export const { useGetActivityQuery } = activityApi;
