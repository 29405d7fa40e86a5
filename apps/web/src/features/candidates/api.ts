// Types only from the contracts: the candidates slice (in the main bundle) uses these endpoints' matchers,
// so this module must not pull zod in.
import type {
  CANDIDATE_ORDERINGS,
  Candidate,
  CandidateDuplicateResponse,
  CandidateInputParsed,
  CandidateListResponse,
  CandidateResponse,
  CandidateSaveResponse,
  CandidateStatus,
  ExperienceRange,
} from '@recruitdesk/contracts/candidates';
import type { CandidateDetailResponse } from '@recruitdesk/contracts/pipelines';
import { api } from '@/lib/api';
import { baseApi, toApiQueryError } from '@/lib/base-api';
import { uploadThroughSignedUrl } from '@/lib/file-upload';

export type CandidateOrdering = (typeof CANDIDATE_ORDERINGS)[number];

/** The list's query (CandidateListQuerySchema) as the screen holds it: skills as a list, paging as numbers. */
export interface CandidateListParams {
  search?: string;
  status?: CandidateStatus;
  skills?: string[];
  experience?: ExperienceRange;
  ordering?: CandidateOrdering;
  page?: number;
  page_size?: number;
}

/** CandidateDuplicateQuerySchema: what identifies a person, and the record being edited (left out). */
export interface CandidateDuplicateParams {
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
  current_company?: string;
  exclude_id?: number;
}

/** Spec §3: the list answer is `{results, count}` or a bare array. */
export type CandidateListResult = CandidateListResponse | Candidate[];

/** The resume calls answer with the candidate as it now is. */
export type ResumeResponse = CandidateResponse;

const listTag = { type: 'Candidate' as const, id: 'LIST' };
/** A changed candidate shows on its page, in the list, on role boards (pipeline cards) and in the history. */
const changedTags = (id: number) => [{ type: 'Candidate' as const, id }, listTag, 'Pipeline' as const, 'Activity' as const];

export const candidatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCandidates: build.query<CandidateListResult, CandidateListParams>({
      query: ({ skills, ...params }) => ({
        url: '/api/candidates/',
        // `skills=a,b`: every listed skill must match (the contract accepts a comma list).
        params: { ...params, skills: skills?.length ? skills.join(',') : undefined },
      }),
      providesTags: (result) => [
        listTag,
        ...(Array.isArray(result) ? result : (result?.results ?? [])).map((c) => ({ type: 'Candidate' as const, id: c.id })),
      ],
    }),
    /** The check before saving: existing records that look like the same person. */
    checkCandidateDuplicates: build.query<CandidateDuplicateResponse, CandidateDuplicateParams>({
      query: (params) => ({ url: '/api/candidates/duplicates/', params: { ...params } }),
      providesTags: [listTag],
      keepUnusedDataFor: 10,
    }),
    getCandidate: build.query<CandidateResponse, number>({
      query: (id) => `/api/candidates/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Candidate', id }],
    }),
    /** The candidate page: every pipeline, interviews, resume text preview (and one role's pipeline in full). */
    getCandidateDetail: build.query<CandidateDetailResponse, { id: number; roleId?: number }>({
      query: ({ id, roleId }) => ({ url: `/api/candidates/${id}/detail/`, params: { role_id: roleId } }),
      providesTags: (_result, _error, { id }) => [{ type: 'Candidate', id }, 'Pipeline'],
    }),
    createCandidate: build.mutation<CandidateSaveResponse, CandidateInputParsed>({
      query: (body) => ({ url: '/api/candidates/', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Activity']),
    }),
    updateCandidate: build.mutation<CandidateSaveResponse, { id: number; body: CandidateInputParsed }>({
      query: ({ id, body }) => ({ url: `/api/candidates/${id}/`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changedTags(id)),
    }),
    deleteCandidate: build.mutation<unknown, number>({
      query: (id) => ({ url: `/api/candidates/${id}/`, method: 'DELETE' }),
      // Not the record's own tag: its page is being left, refetching it would only 404.
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Pipeline', 'Activity']),
    }),
    /**
     * Upload a resume: ask for a signed target, PUT the bytes there, then PATCH the resume with the key.
     * `contentType` is the file's checked type (see resume-rules.ts).
     */
    uploadResume: build.mutation<ResumeResponse, { id: number; file: File; contentType: string }>({
      queryFn: async ({ id, file, contentType }) => {
        try {
          const data = await uploadThroughSignedUrl<ResumeResponse>({
            file,
            uploadUrlPath: `/api/candidates/${id}/resume/upload-url/`,
            uploadUrlBody: { filename: file.name, content_type: contentType, size: file.size },
            confirmPath: `/api/candidates/${id}/resume/`,
            confirmBody: { filename: file.name },
            confirmMethod: 'PATCH',
          });
          return { data };
        } catch (error) {
          return { error: toApiQueryError(error) };
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : changedTags(id)),
    }),
    renameResume: build.mutation<ResumeResponse, { id: number; filename: string }>({
      query: ({ id, filename }) => ({ url: `/api/candidates/${id}/resume/`, method: 'PATCH', body: { filename } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changedTags(id)),
    }),
    removeResume: build.mutation<Partial<ResumeResponse> | undefined, number>({
      query: (id) => ({ url: `/api/candidates/${id}/resume/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changedTags(id)),
    }),
  }),
});

/** A short-lived signed link to the resume file (not cached: it expires). */
export async function fetchResumeDownloadUrl(id: number): Promise<string> {
  const { url } = await api.get<{ success: true; url: string }>(`/api/candidates/${id}/resume/download-url/`);
  return url;
}

export const {
  useListCandidatesQuery,
  useCheckCandidateDuplicatesQuery,
  useGetCandidateQuery,
  useGetCandidateDetailQuery,
  useCreateCandidateMutation,
  useUpdateCandidateMutation,
  useDeleteCandidateMutation,
  useUploadResumeMutation,
  useRenameResumeMutation,
  useRemoveResumeMutation,
} = candidatesApi;
