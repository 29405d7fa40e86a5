import type { DeletionCheckResponse } from '@recruitdesk/contracts/common';
import type {
  CloseRoleInput,
  RoleFieldUpdateInput,
  RoleFormDataResponse,
  RoleInputParsed,
  RoleListResponse,
  RolePayout,
  RoleResponse,
  RoleStatsResponse,
  DownloadUrlResponse,
} from '@recruitdesk/contracts/roles';
import type { RolePublicPreviewInput, RolePublicPreviewResponse } from '@recruitdesk/contracts/role-public-text';
import { fileTypeOf, uploadThroughSignedUrl } from '@/lib/file-upload';
import { roleRecordsApi, type RoleListParams } from '@/api/roles';
import { toApiQueryError } from '@/lib/base-api';
import { JOB_DESCRIPTION_RULES } from './job-description-rules';

export type { RoleListParams } from '@/api/roles';

interface JobDescriptionResponse {
  success: true;
  job_description: { text: string; file: RoleResponse['role']['description_file'] };
}

const roleTags = (id: number) => [
  { type: 'Role' as const, id },
  { type: 'Role' as const, id: 'LIST' },
  { type: 'Client' as const, id: 'LIST' },
  'Activity' as const,
];

export const rolesApi = roleRecordsApi.injectEndpoints({
  endpoints: (build) => ({
    listClosedRoles: build.query<RoleListResponse, RoleListParams>({
      query: (params) => ({ url: '/api/roles/closed/', params: { ...params } }),
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    getRoleFormData: build.query<RoleFormDataResponse, void>({
      query: () => '/api/roles/form-data/',
      providesTags: [{ type: 'Client', id: 'LIST' }],
    }),
    getRoleStats: build.query<RoleStatsResponse, void>({
      query: () => '/api/roles/stats/',
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),
    getRole: build.query<RoleResponse, number>({
      query: (id) => `/api/roles/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Role', id }],
    }),
    getRolePayout: build.query<{ success: true; money_visible: boolean; payout?: RolePayout }, number>({
      query: (id) => `/api/roles/${id}/payout/`,
      providesTags: (_result, _error, id) => [{ type: 'Role', id }],
    }),
    createRole: build.mutation<RoleResponse, RoleInputParsed>({
      query: (body) => ({ url: '/api/roles/', method: 'POST', body }),
      invalidatesTags: [{ type: 'Role', id: 'LIST' }, { type: 'Client', id: 'LIST' }, 'Client', 'Activity'],
    }),
    updateRole: build.mutation<RoleResponse, { id: number; body: RoleInputParsed }>({
      query: ({ id, body }) => ({ url: `/api/roles/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [...roleTags(id), 'Client'],
    }),
    updateRoleField: build.mutation<RoleResponse, { id: number } & RoleFieldUpdateInput>({
      query: ({ id, field, value }) => ({ url: `/api/roles/${id}/field/`, method: 'PATCH', body: { field, value } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : roleTags(id)),
    }),
    closeRole: build.mutation<RoleResponse, { id: number; body: CloseRoleInput }>({
      query: ({ id, body }) => ({ url: `/api/roles/${id}/close/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [...roleTags(id), 'Client'],
    }),
    reopenRole: build.mutation<RoleResponse, number>({
      query: (id) => ({ url: `/api/roles/${id}/reopen/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...roleTags(id), 'Client'],
    }),
    /** What a delete would meet (asked each time the confirmation opens, never cached). */
    getRoleDeletionCheck: build.query<DeletionCheckResponse, number>({
      query: (id) => `/api/roles/${id}/deletion/`,
      keepUnusedDataFor: 0,
    }),
    deleteRole: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/roles/${id}/`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Role', id: 'LIST' }, 'Client', 'Activity'],
    }),
    archiveRole: build.mutation<RoleResponse, number>({
      query: (id) => ({ url: `/api/roles/${id}/archive/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...roleTags(id), 'Client'],
    }),
    restoreRole: build.mutation<RoleResponse, number>({
      query: (id) => ({ url: `/api/roles/${id}/restore/`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...roleTags(id), 'Client'],
    }),
    updateJobDescriptionText: build.mutation<JobDescriptionResponse, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/api/roles/${id}/job-description/`, method: 'PUT', body: { text } }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Role', id }, 'Activity'],
    }),
    uploadJobDescription: build.mutation<JobDescriptionResponse, { id: number; file: File }>({
      queryFn: async ({ id, file }) => {
        try {
          const data = await uploadThroughSignedUrl<JobDescriptionResponse>({
            file,
            uploadUrlPath: `/api/roles/${id}/job-description/upload-url/`,
            uploadUrlBody: {
              filename: file.name,
              content_type: fileTypeOf(file, JOB_DESCRIPTION_RULES),
              size: file.size,
            },
            confirmPath: `/api/roles/${id}/job-description/confirm/`,
            confirmBody: { filename: file.name },
          });
          return { data };
        } catch (error) {
          return { error: toApiQueryError(error) };
        }
      },
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Role', id }, 'Activity'],
    }),
    removeJobDescriptionFile: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/roles/${id}/job-description/file/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Role', id }, 'Activity'],
    }),
    /** The title and description as the public will read them, from the form's unsaved values. */
    previewPublicText: build.query<RolePublicPreviewResponse, RolePublicPreviewInput>({
      query: (body) => ({ url: '/api/roles/public-preview/', method: 'POST', body }),
      keepUnusedDataFor: 30,
    }),
    /** A short-lived signed link to the job description file (fetched on each click, not kept: it expires). */
    getJobDescriptionDownloadUrl: build.query<DownloadUrlResponse, number>({
      query: (id) => `/api/roles/${id}/job-description/download-url/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export { useListActiveRolesQuery } from '@/api/roles';

export const {
  useGetRoleDeletionCheckQuery,
  useDeleteRoleMutation,
  useArchiveRoleMutation,
  useRestoreRoleMutation,
  useListClosedRolesQuery,
  useGetRoleFormDataQuery,
  useGetRoleStatsQuery,
  useGetRoleQuery,
  useGetRolePayoutQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useUpdateRoleFieldMutation,
  useCloseRoleMutation,
  useReopenRoleMutation,
  useUpdateJobDescriptionTextMutation,
  useUploadJobDescriptionMutation,
  useRemoveJobDescriptionFileMutation,
  useLazyGetJobDescriptionDownloadUrlQuery,
  usePreviewPublicTextQuery,
  useLazyPreviewPublicTextQuery,
} = rolesApi;
