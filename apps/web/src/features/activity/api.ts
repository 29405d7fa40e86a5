import type { ActivityListResponse } from '@recruitdesk/contracts/activity';
import { baseApi } from '@/lib/base-api';

export interface ActivityQuery {
  mine?: boolean;
  limit?: number;
  model_type?: string;
  before?: number;
}

export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityListResponse, ActivityQuery>({
      query: ({ mine, limit = 20, model_type, before }) => ({
        url: '/api/activity/',
        params: { mine, limit, model_type, before },
      }),
      providesTags: ['Activity'],
    }),
  }),
});

export const { useGetActivityQuery } = activityApi;
