import type {
  ApplicationListResponse,
  ApplicationResponse,
  ApplicationStatusFilter,
  ConvertApplicationInput,
  ConvertApplicationResponse,
  RejectApplicationInput,
} from '@recruitdesk/contracts/applications';
import type { DownloadUrlResponse } from '@recruitdesk/contracts/roles';
import { baseApi } from '@/lib/base-api';

const listTag = { type: 'Application' as const, id: 'LIST' };
const itemTag = (id: number) => ({ type: 'Application' as const, id });

export interface ApplicationListArgs {
  status: ApplicationStatusFilter;
  page: number;
  pageSize: number;
}

/** The agency-wide inbox's filters (issue 29 item k). */
export interface InboxArgs extends ApplicationListArgs {
  mine: boolean;
  search: string;
  role?: number | undefined;
  client?: number | undefined;
}

export const applicationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listRoleApplications: build.query<ApplicationListResponse, ApplicationListArgs & { roleId: number }>({
      query: ({ roleId, status, page, pageSize }) => ({
        url: `/api/roles/${roleId}/applications/`,
        params: { status, page, page_size: pageSize },
      }),
      providesTags: [listTag],
    }),
    listMyApplications: build.query<ApplicationListResponse, ApplicationListArgs>({
      query: ({ status, page, pageSize }) => ({
        url: '/api/applications/',
        params: { mine: 'true', status, page, page_size: pageSize },
      }),
      providesTags: [listTag],
    }),
    listApplications: build.query<ApplicationListResponse, InboxArgs>({
      query: ({ status, page, pageSize, mine, search, role, client }) => ({
        url: '/api/applications/',
        params: {
          status,
          page,
          page_size: pageSize,
          ...(mine ? { mine: 'true' } : {}),
          ...(search ? { search } : {}),
          ...(role ? { role } : {}),
          ...(client ? { client } : {}),
        },
      }),
      providesTags: [listTag],
    }),
    getApplication: build.query<ApplicationResponse, number>({
      query: (id) => `/api/applications/${id}/`,
      providesTags: (_result, _error, id) => [itemTag(id)],
    }),
    rejectApplication: build.mutation<ApplicationResponse, { id: number; body: RejectApplicationInput }>({
      query: ({ id, body }) => ({ url: `/api/applications/${id}/reject/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [itemTag(id), listTag, 'Role', 'Activity'],
    }),
    convertApplication: build.mutation<ConvertApplicationResponse, { id: number; body: ConvertApplicationInput }>({
      query: ({ id, body }) => ({ url: `/api/applications/${id}/convert/`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { id }) => [itemTag(id), listTag, 'Role', 'Pipeline', 'Candidate', 'Activity'],
    }),
    getResumeLink: build.query<DownloadUrlResponse, number>({
      query: (id) => `/api/applications/${id}/resume/download-url/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useListRoleApplicationsQuery,
  useListMyApplicationsQuery,
  useListApplicationsQuery,
  useGetApplicationQuery,
  useRejectApplicationMutation,
  useConvertApplicationMutation,
  useLazyGetResumeLinkQuery,
} = applicationsApi;
