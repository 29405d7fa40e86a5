import type { RoleListQuery, RoleListResponse } from '@recruitdesk/contracts/roles';
import { baseApi } from '@/lib/base-api';
import { roleListTag } from './tags';

export type RoleListParams = Omit<RoleListQuery, 'page' | 'page_size' | 'client' | 'recruiter'> & {
  client?: number;
  recruiter?: 'me' | number;
  page?: number;
  page_size?: number;
};

/** The role reads more than one feature uses (Active Jobs, the add-to-role picker): declared once here. */
export const roleRecordsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/roles/dashboard/: active roles (Active Jobs, and the picker with `{search, page_size: 10}`). */
    listActiveRoles: build.query<RoleListResponse, RoleListParams>({
      query: (params) => ({ url: '/api/roles/dashboard/', params: { ...params } }),
      providesTags: [roleListTag],
    }),
  }),
});

export const { useListActiveRolesQuery } = roleRecordsApi;
