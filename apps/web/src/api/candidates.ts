import type { ConsentFilter, LegalBasis } from '@recruitdesk/contracts/data-protection-constants';
// Types only from the contracts: the candidates slice (in the main bundle) uses these endpoints' matchers,
// so this module must not pull zod in.
import type {
  CANDIDATE_ORDERINGS,
  Candidate,
  CandidateListResponse,
  CandidateStatus,
  ExperienceRange,
} from '@recruitdesk/contracts/candidates';
import type { CandidateDetailResponse } from '@recruitdesk/contracts/pipelines';
import { baseApi } from '@/lib/base-api';
import { boardTag, candidateListTag, candidateTag, notesTag, pipelineTag } from './tags';

export type CandidateOrdering = (typeof CANDIDATE_ORDERINGS)[number];

/** The list's query (CandidateListQuerySchema) as the screen holds it: skills as a list, paging as numbers. */
export interface CandidateListParams {
  search?: string;
  status?: CandidateStatus;
  skills?: string[];
  experience?: ExperienceRange;
  /** Issue 34: the legal basis, and consent expiring in 30 days, expired or withdrawn. */
  legal_basis?: LegalBasis;
  consent?: ConsentFilter;
  ordering?: CandidateOrdering;
  page?: number;
  page_size?: number;
}

/** Spec §3: the list answer is `{results, count}` or a bare array. */
export type CandidateListResult = CandidateListResponse | Candidate[];

/**
 * The candidate reads more than one feature uses (the candidates list and page, the pipelines' pickers
 * and role-candidate page): declared once here, below the features.
 */
export const candidateRecordsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/candidates/: the candidates list, and the pickers (`{search, page_size: 10}`). */
    listCandidates: build.query<CandidateListResult, CandidateListParams>({
      query: ({ skills, ...params }) => ({
        url: '/api/candidates/',
        // `skills=a,b`: every listed skill must match (the contract accepts a comma list).
        params: { ...params, skills: skills?.length ? skills.join(',') : undefined },
      }),
      providesTags: (result) => [
        candidateListTag,
        ...(Array.isArray(result) ? result : (result?.results ?? [])).map((c) => candidateTag(c.id)),
      ],
    }),
    /**
     * GET /api/candidates/{id}/detail/: every pipeline, interviews, resume text preview; with `roleId`, that
     * role's pipeline in full (the role-candidate page).
     */
    getCandidateDetail: build.query<CandidateDetailResponse, { id: number; roleId?: number }>({
      query: ({ id, roleId }) => ({
        url: `/api/candidates/${id}/detail/`,
        params: { role_id: roleId },
      }),
      // Not the generic 'Pipeline' tag: every pipeline change already names its candidate, and deleting the
      // candidate invalidates 'Pipeline' (the boards) while this page is still open, which would refetch a
      // 404. In one role, that role's board and the pipeline shown.
      providesTags: (result, _error, { id, roleId }) => [
        candidateTag(id),
        notesTag('candidate', id),
        ...(roleId === undefined ? [] : [boardTag(roleId)]),
        ...(roleId !== undefined && result?.candidate.pipeline
          ? [pipelineTag(result.candidate.pipeline.pipeline.id)]
          : []),
      ],
    }),
  }),
});

export const { useListCandidatesQuery, useGetCandidateDetailQuery } = candidateRecordsApi;
