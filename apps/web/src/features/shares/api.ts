// The shortlist shares of a role (issue 35): share with client contacts, list, revoke, renew.
import type {
  CreateSharesInput,
  CreateSharesResponse,
  RenewShareResponse,
  Share,
  ShareListResponse,
} from '@recruitdesk/contracts/shares';
import { baseApi } from '@/lib/base-api';

const sharesTag = (roleId: number) => ({ type: 'Share' as const, id: `role-${roleId}` });

export const sharesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listShares: build.query<ShareListResponse, number>({
      query: (roleId) => `/api/roles/${roleId}/shares/`,
      providesTags: (_result, _error, roleId) => [sharesTag(roleId)],
    }),
    createShares: build.mutation<CreateSharesResponse, { roleId: number; body: CreateSharesInput }>({
      query: ({ roleId, body }) => ({ url: `/api/roles/${roleId}/shares/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { roleId }) => [sharesTag(roleId), 'Activity'],
    }),
    revokeShare: build.mutation<{ success: true; share: Share }, Share>({
      query: (share) => ({ url: `/api/shares/${share.id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, share) => [sharesTag(share.role_id), 'Activity'],
    }),
    renewShare: build.mutation<RenewShareResponse, Share>({
      query: (share) => ({ url: `/api/shares/${share.id}/renew/`, method: 'POST', body: {} }),
      invalidatesTags: (_result, _error, share) => [sharesTag(share.role_id), 'Activity'],
    }),
  }),
});

export const { useListSharesQuery, useCreateSharesMutation, useRevokeShareMutation, useRenewShareMutation } = sharesApi;
