// Types only from the contracts: the candidates slice (in the main bundle) uses these endpoints' matchers,
// so this module must not pull zod in.
import type {
  CandidateDuplicateResponse,
  CandidateInputParsed,
  CandidateResponse,
  CandidateSaveResponse,
  SkillSuggestionsResponse,
} from '@recruitdesk/contracts/candidates';
import type { RestrictProcessingResponse } from '@recruitdesk/contracts/personal-data';
import type { ParseResumeResponse } from '@recruitdesk/contracts/resumes';
import type { DownloadUrlResponse } from '@recruitdesk/contracts/roles';
import { candidateRecordsApi } from '@/api/candidates';
import { candidateListTag, candidateTag } from '@/api/tags';
import { toApiQueryError } from '@/lib/base-api';
import { apiUpload } from '@/lib/api';
import { uploadThroughSignedUrl } from '@/lib/file-upload';

/** Reading a resume takes a few seconds for a long PDF: more than the API's usual timeout. */
export const PARSE_RESUME_TIMEOUT_MS = 60_000;

export type { CandidateListParams, CandidateListResult, CandidateOrdering } from '@/api/candidates';

/** CandidateDuplicateQuerySchema: what identifies a person, and the record being edited (left out). */
export interface CandidateDuplicateParams {
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
  current_company?: string;
  exclude_id?: number;
}

/** The resume calls answer with the candidate as it now is. */
export type ResumeResponse = CandidateResponse;

const listTag = candidateListTag;
/** A changed candidate shows on its page, in the list, on role boards (pipeline cards) and in the history. */
const changedTags = (id: number) => [candidateTag(id), listTag, 'Pipeline' as const, 'Activity' as const];

export const candidatesApi = candidateRecordsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The check before saving: existing records that look like the same person. */
    checkCandidateDuplicates: build.query<CandidateDuplicateResponse, CandidateDuplicateParams>({
      query: (params) => ({ url: '/api/candidates/duplicates/', params: { ...params } }),
      providesTags: [listTag],
      keepUnusedDataFor: 10,
    }),
    /** Known skills as the user types (any case, a small typo), most used first; the chosen ones left out. */
    suggestSkills: build.query<SkillSuggestionsResponse, { q: string; limit?: number; exclude?: string[] }>({
      query: ({ exclude, ...params }) => ({
        url: '/api/candidates/skills/',
        params: { ...params, exclude: exclude?.length ? exclude.join(',') : undefined },
      }),
      providesTags: [listTag],
      keepUnusedDataFor: 30,
    }),
    getCandidate: build.query<CandidateResponse, number>({
      query: (id) => `/api/candidates/${id}/`,
      providesTags: (_result, _error, id) => [candidateTag(id)],
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
    /** "Do not process" (issue 34): owners set or lift it; the page shows a banner while it holds. */
    restrictCandidate: build.mutation<RestrictProcessingResponse, { id: number; restricted: boolean }>({
      query: ({ id, restricted }) => ({ url: `/api/candidates/${id}/restrict/`, method: 'POST', body: { restricted } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changedTags(id)),
    }),
    /** Erasure (issue 34): irreversible; the page is left afterwards. */
    eraseCandidate: build.mutation<unknown, { id: number; confirmName: string }>({
      query: ({ id, confirmName }) => ({
        url: `/api/candidates/${id}/erase/`,
        method: 'POST',
        body: { confirm_name: confirmName },
      }),
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
    /** "Fill from resume": the fields read from a file (nothing is stored). */
    parseResume: build.mutation<ParseResumeResponse, File>({
      queryFn: async (file) => {
        try {
          const data = await apiUpload<ParseResumeResponse>(
            '/api/resumes/parse/',
            file,
            {},
            {
              timeoutMs: PARSE_RESUME_TIMEOUT_MS,
            },
          );
          return { data };
        } catch (error) {
          return { error: toApiQueryError(error) };
        }
      },
    }),
    renameResume: build.mutation<ResumeResponse, { id: number; filename: string }>({
      query: ({ id, filename }) => ({ url: `/api/candidates/${id}/resume/`, method: 'PATCH', body: { filename } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : changedTags(id)),
    }),
    removeResume: build.mutation<Partial<ResumeResponse> | undefined, number>({
      query: (id) => ({ url: `/api/candidates/${id}/resume/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : changedTags(id)),
    }),
    /** A short-lived signed link to the resume file (fetched on each click, not kept: it expires). */
    getResumeDownloadUrl: build.query<DownloadUrlResponse, number>({
      query: (id) => `/api/candidates/${id}/resume/download-url/`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export { useGetCandidateDetailQuery, useListCandidatesQuery } from '@/api/candidates';

export const {
  useCheckCandidateDuplicatesQuery,
  useSuggestSkillsQuery,
  useGetCandidateQuery,
  useCreateCandidateMutation,
  useUpdateCandidateMutation,
  useDeleteCandidateMutation,
  useRestrictCandidateMutation,
  useEraseCandidateMutation,
  useUploadResumeMutation,
  useParseResumeMutation,
  useRenameResumeMutation,
  useRemoveResumeMutation,
  useLazyGetResumeDownloadUrlQuery,
} = candidatesApi;
