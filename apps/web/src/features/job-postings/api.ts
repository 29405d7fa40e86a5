import type {
  CreateJobPostingInput,
  FormDataResponse,
  ImportPreviewResponse,
  ImportRunInput,
  ImportUploadResponse,
  JobPosting,
  OverviewResponse,
  PerformanceQuery,
  PerformanceResponse,
  UpdateJobPostingInput,
} from '@recruitdesk/contracts/job-postings';
import { baseApi } from '@/lib/base-api';

const listTag = { type: 'JobPosting' as const, id: 'LIST' };

/** Weekly job-board data (GET/POST/PUT /api/job-postings/...): a write refreshes the overview and performance. */
export const jobPostingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostingOverview: build.query<OverviewResponse, string | undefined>({
      query: (week) => ({ url: '/api/job-postings/overview/', params: week ? { week } : {} }),
      providesTags: [listTag],
    }),
    getPostingFormData: build.query<FormDataResponse, void>({
      query: () => '/api/job-postings/form-data/',
      providesTags: [listTag],
    }),
    getPostingPerformance: build.query<PerformanceResponse, PerformanceQuery>({
      query: (params) => ({ url: '/api/job-postings/performance/', params: { ...params } }),
      providesTags: [listTag],
    }),
    createPosting: build.mutation<{ success: true; posting: JobPosting }, CreateJobPostingInput>({
      query: (body) => ({ url: '/api/job-postings/', method: 'POST', body }),
      invalidatesTags: [listTag],
    }),
    updatePosting: build.mutation<{ success: true; posting: JobPosting }, { id: number; body: UpdateJobPostingInput }>({
      query: ({ id, body }) => ({ url: `/api/job-postings/${id}/`, method: 'PUT', body }),
      invalidatesTags: [listTag],
    }),
    uploadPostingReport: build.mutation<ImportUploadResponse, { csv: string }>({
      query: (body) => ({ url: '/api/job-postings/import/upload/', method: 'POST', body }),
    }),
    previewPostingImport: build.mutation<ImportPreviewResponse, ImportRunInput>({
      query: (body) => ({ url: '/api/job-postings/import/preview/', method: 'POST', body }),
    }),
    runPostingImport: build.mutation<{ success: true; created: number; updated: number }, ImportRunInput>({
      query: (body) => ({ url: '/api/job-postings/import/', method: 'POST', body }),
      invalidatesTags: [listTag],
    }),
  }),
});

export const {
  useGetPostingOverviewQuery,
  useGetPostingFormDataQuery,
  useGetPostingPerformanceQuery,
  useCreatePostingMutation,
  useUpdatePostingMutation,
  useUploadPostingReportMutation,
  usePreviewPostingImportMutation,
  useRunPostingImportMutation,
} = jobPostingsApi;
