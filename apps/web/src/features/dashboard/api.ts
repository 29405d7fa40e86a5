import type { AttentionResponse } from '@recruitdesk/contracts/analytics';
import { baseApi } from '@/lib/base-api';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/dashboard/attention/: what needs the signed-in user's attention (owners: everyone's). */
    getAttention: build.query<AttentionResponse, { page?: number } | void>({
      query: (arg) =>
        arg?.page && arg.page > 1 ? `/api/dashboard/attention/?page=${arg.page}` : '/api/dashboard/attention/',
      // Moves with pipelines, roles, interviews and invoices anywhere: asked again on each visit after a minute.
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetAttentionQuery } = dashboardApi;
