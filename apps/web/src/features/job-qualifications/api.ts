import type {
  CreateJobQualificationInput,
  JobQualification,
  UpdateJobQualificationInput,
} from '@recruitdesk/contracts/job-qualifications';
import { baseApi } from '@/lib/base-api';

type One = { success: true; qualification: JobQualification };
type Many = { success: true; qualifications: JobQualification[] };

const listTag = (roleId: number) => ({ type: 'JobQualification' as const, id: `role:${roleId}` });

export const jobQualificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRoleQualifications: build.query<Many, number>({
      query: (roleId) => `/api/roles/${roleId}/qualifications/`,
      providesTags: (_result, _error, roleId) => [listTag(roleId)],
    }),
    getQualification: build.query<One, number>({
      query: (id) => `/api/job-qualifications/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'JobQualification', id }],
    }),
    createQualification: build.mutation<One, CreateJobQualificationInput>({
      query: (body) => ({ url: '/api/job-qualifications/', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => [
        listTag(Number(body.role_id)),
        { type: 'Role', id: Number(body.role_id) },
        'Activity',
      ],
    }),
    updateQualification: build.mutation<One, { id: number; roleId: number; body: UpdateJobQualificationInput }>({
      query: ({ id, body }) => ({ url: `/api/job-qualifications/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id, roleId }) => [
        listTag(roleId),
        { type: 'JobQualification', id },
        'Activity',
      ],
    }),
    deleteQualification: build.mutation<unknown, { id: number; roleId: number }>({
      query: ({ id }) => ({ url: `/api/job-qualifications/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { roleId }) => [listTag(roleId), { type: 'Role', id: roleId }, 'Activity'],
    }),
    reorderQualifications: build.mutation<Many, { roleId: number; ids: number[] }>({
      query: ({ roleId, ids }) => ({
        url: `/api/roles/${roleId}/qualifications/reorder/`,
        method: 'POST',
        body: { ids },
      }),
      // Show the new order at once; roll back if the server refuses.
      async onQueryStarted({ roleId, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          jobQualificationsApi.util.updateQueryData('listRoleQualifications', roleId, (draft) => {
            const byId = new Map(draft.qualifications.map((q) => [q.id, q]));
            draft.qualifications = ids.map((id, position) => ({ ...byId.get(id)!, position }));
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, _error, { roleId }) => [listTag(roleId)],
    }),
  }),
});

export const {
  useListRoleQualificationsQuery,
  useGetQualificationQuery,
  useCreateQualificationMutation,
  useUpdateQualificationMutation,
  useDeleteQualificationMutation,
  useReorderQualificationsMutation,
} = jobQualificationsApi;
