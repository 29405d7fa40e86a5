import type { CandidateListResponse } from '@recruitdesk/contracts/candidates';
import type {
  BookInterviewInput,
  CandidateDetailResponse,
  ClosePipelineInput,
  CreatePipelineInput,
  InternalInterviewOutcomeInput,
  PipelineActionResponse,
  PipelineDetail,
  PipelineDetailResponse,
  PipelineFormDataResponse,
  PipelineHeadersResponse,
  PipelineSaveResponse,
  PipelineStageName,
  PipelineSummary,
  RolePipelinesResponse,
  SubmittalInput,
  SubmittalOutcomeInput,
} from '@recruitdesk/contracts/pipelines';
import type { RoleListResponse } from '@recruitdesk/contracts/roles';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { ApiError, apiRequest } from '@/lib/api';
import { baseApi, toApiQueryError, type ApiQueryError } from '@/lib/base-api';

export type BoardState = 'open' | 'closed' | 'all';
const BOARD_STATES: readonly BoardState[] = ['open', 'closed', 'all'];

/** A refused pipeline call; a stale version (409 PIPELINE_CONFLICT) carries the pipeline as it is now. */
export interface PipelineQueryError extends ApiQueryError {
  pipeline?: PipelineSummary;
}

/**
 * What a changing pipeline call answers: the actions answer `{data, offer_close_role}` (the fresh detail);
 * a plain update may answer `{pipeline}`. Both are read, whichever comes.
 */
export interface PipelineChangeResponse {
  success: true;
  data?: PipelineDetail;
  pipeline?: PipelineSummary;
  offer_close_role?: boolean;
}

export type PipelineActionName =
  | 'book-interview'
  | 'internal-interview-outcome'
  | 'submit-pending'
  | 'submittal'
  | 'submittal-outcome';

/** Omit over each member of a union (the submittal outcome is one). */
export type WithoutVersion<T> = T extends unknown ? Omit<T, 'version'> : never;

export type PipelineActionBody = {
  'book-interview': BookInterviewInput;
  'internal-interview-outcome': InternalInterviewOutcomeInput;
  'submit-pending': { version: number; note?: string };
  submittal: SubmittalInput;
  'submittal-outcome': SubmittalOutcomeInput;
};

/** The pipeline a change is about (the card or the detail), for its version and the caches to update. */
export type PipelineTarget = Pick<
  PipelineSummary,
  'id' | 'role_id' | 'version' | 'stage' | 'state'
> & { candidate: { id: number } };

// The board's list and headers are tagged per role; the detail per pipeline. A move patches the list
// in place (no refetch of 500 cards) and refetches only the small headers and the detail.
const boardTag = (roleId: number) => ({ type: 'Pipeline' as const, id: `role-${roleId}` });
const headersTag = (roleId: number) => ({ type: 'Pipeline' as const, id: `headers-${roleId}` });
const detailTag = (id: number) => ({ type: 'Pipeline' as const, id });
const candidateTag = (id: number) => ({ type: 'Candidate' as const, id });

/** Calls the API and keeps the fresh pipeline of a 409 conflict (RTK Query's base query drops the body). */
async function pipelineCall<T>(url: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) {
  try {
    return { data: await apiRequest<T>(url, body === undefined ? { method } : { method, body }) };
  } catch (error) {
    const out: PipelineQueryError = toApiQueryError(error);
    if (error instanceof ApiError && error.code === 'PIPELINE_CONFLICT') {
      const fresh = (error.data as { pipeline?: PipelineSummary } | undefined)?.pipeline;
      if (fresh) out.pipeline = fresh;
    }
    return { error: out };
  }
}

export const conflictOf = (error: unknown): PipelineSummary | undefined =>
  (error as PipelineQueryError | undefined)?.pipeline;

/** The pipeline summary a change answered with, if any. */
export const freshSummaryOf = (
  response: PipelineChangeResponse | undefined,
): PipelineSummary | undefined => response?.data?.pipeline ?? response?.pipeline;

// RTK Query's util thunks are typed against its own root state; its dispatch in onQueryStarted is this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dispatch = ThunkDispatch<any, any, UnknownAction>;

/** Newest stage change first (a moved card lands on top of its new column); closed after open. */
export function compareCards(a: PipelineSummary, b: PipelineSummary): number {
  if (a.state !== b.state) return a.state === 'open' ? -1 : 1;
  return b.stage_changed_at.localeCompare(a.stage_changed_at) || b.id - a.id;
}

export const pipelinesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPipelineHeaders: build.query<PipelineHeadersResponse, number>({
      query: (roleId) => `/api/roles/${roleId}/pipeline-headers/`,
      providesTags: (_result, _error, roleId) => [headersTag(roleId)],
    }),
    listRolePipelines: build.query<RolePipelinesResponse, { roleId: number; state: BoardState }>({
      query: ({ roleId, state }) => ({ url: `/api/roles/${roleId}/pipelines/`, params: { state } }),
      providesTags: (_result, _error, { roleId }) => [boardTag(roleId)],
    }),
    getPipeline: build.query<PipelineDetailResponse, number>({
      query: (id) => `/api/pipelines/${id}/`,
      // The notes feature tags a target's notes 'Note' `pipeline:{id}`: a new note refreshes notes_count.
      providesTags: (_result, _error, id) => [
        detailTag(id),
        { type: 'Note', id: `pipeline:${id}` },
      ],
    }),
    getPipelineFormData: build.query<PipelineFormDataResponse, void>({
      query: () => '/api/pipelines/form-data/',
    }),
    /** GET /api/candidates/{id}/detail/?role_id=: the candidate and, in full, their pipeline in that role. */
    getRoleCandidateDetail: build.query<
      CandidateDetailResponse,
      { candidateId: number; roleId: number }
    >({
      query: ({ candidateId, roleId }) => ({
        url: `/api/candidates/${candidateId}/detail/`,
        params: { role_id: roleId },
      }),
      providesTags: (result, _error, { candidateId, roleId }) => [
        candidateTag(candidateId),
        boardTag(roleId),
        { type: 'Note', id: `candidate:${candidateId}` },
        ...(result?.candidate.pipeline ? [detailTag(result.candidate.pipeline.pipeline.id)] : []),
      ],
    }),
    /** Existing candidates to pick from (the add-candidate page). */
    searchCandidatesToAdd: build.query<CandidateListResponse, string>({
      query: (search) => ({ url: '/api/candidates/', params: { search, page_size: 10 } }),
      providesTags: [{ type: 'Candidate', id: 'LIST' }],
    }),
    /** Active roles to add a candidate to (the add-to-role dialog). */
    searchRolesToJoin: build.query<RoleListResponse, string>({
      query: (search) => ({ url: '/api/roles/dashboard/', params: { search, page_size: 10 } }),
      providesTags: [{ type: 'Role', id: 'LIST' }],
    }),

    createPipeline: build.mutation<
      PipelineSaveResponse,
      { roleId: number; body: CreatePipelineInput }
    >({
      queryFn: ({ roleId, body }) =>
        pipelineCall<PipelineSaveResponse>(`/api/roles/${roleId}/pipelines/`, 'POST', body),
      invalidatesTags: (result, _error, { roleId }) =>
        result
          ? [
              boardTag(roleId),
              headersTag(roleId),
              candidateTag(result.pipeline.candidate.id),
              { type: 'Candidate', id: 'LIST' },
              { type: 'Role', id: roleId },
              'Activity',
            ]
          : [],
    }),

    /** A board move (drag, keyboard or "Move to…"): optimistic, rolled back on refusal. */
    movePipeline: build.mutation<
      PipelineChangeResponse,
      { pipeline: PipelineTarget; stage: PipelineStageName }
    >({
      queryFn: ({ pipeline, stage }) =>
        pipelineCall<PipelineChangeResponse>(`/api/pipelines/${pipeline.id}/`, 'PATCH', {
          version: pipeline.version,
          stage,
        }),
      async onQueryStarted({ pipeline, stage }, { dispatch, getState, queryFulfilled }) {
        // The column's label and position come from the role's headers (no contract values here: this
        // module is also loaded by the app shell for breadcrumb names).
        const header = pipelinesApi.endpoints.getPipelineHeaders
          .select(pipeline.role_id)(getState() as never)
          .data?.headers.find((h) => h.name === stage);
        const undo = optimisticMove(dispatch, pipeline, {
          name: stage,
          label: header?.label ?? stage,
          position: header?.position,
        });
        try {
          const { data } = await queryFulfilled;
          const fresh = freshSummaryOf(data);
          if (fresh) applyFreshPipeline(dispatch, fresh);
        } catch (rejection) {
          undo();
          const fresh = conflictOf((rejection as { error?: unknown }).error);
          if (fresh) applyFreshPipeline(dispatch, fresh);
        }
      },
      invalidatesTags: (_result, _error, { pipeline }) => [
        headersTag(pipeline.role_id),
        detailTag(pipeline.id),
        candidateTag(pipeline.candidate.id),
        'Activity',
      ],
    }),

    closePipeline: build.mutation<
      PipelineChangeResponse,
      { pipeline: PipelineTarget; body: Omit<ClosePipelineInput, 'version'> }
    >({
      queryFn: ({ pipeline, body }) =>
        pipelineCall<PipelineChangeResponse>(`/api/pipelines/${pipeline.id}/close/`, 'POST', {
          ...body,
          version: pipeline.version,
        }),
      onQueryStarted: (_arg, api) => followChange(api),
      invalidatesTags: (_result, _error, { pipeline }) => changedTags(pipeline),
    }),
    reopenPipeline: build.mutation<PipelineChangeResponse, { pipeline: PipelineTarget }>({
      queryFn: ({ pipeline }) =>
        pipelineCall<PipelineChangeResponse>(`/api/pipelines/${pipeline.id}/reopen/`, 'POST', {
          version: pipeline.version,
        }),
      onQueryStarted: (_arg, api) => followChange(api),
      invalidatesTags: (_result, _error, { pipeline }) => changedTags(pipeline),
    }),
    deletePipeline: build.mutation<unknown, { pipeline: PipelineTarget }>({
      queryFn: ({ pipeline }) => pipelineCall<unknown>(`/api/pipelines/${pipeline.id}/`, 'DELETE'),
      async onQueryStarted({ pipeline }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          removeFromBoard(dispatch, pipeline.role_id, pipeline.id);
        } catch {
          /* the caller shows the message */
        }
      },
      invalidatesTags: (_result, error, { pipeline }) =>
        error
          ? []
          : [
              headersTag(pipeline.role_id),
              candidateTag(pipeline.candidate.id),
              { type: 'Candidate', id: 'LIST' },
              { type: 'Role', id: pipeline.role_id },
              'Activity',
            ],
    }),

    /** POST /api/pipelines/{id}/actions/{action}/ with the version the caller saw. */
    pipelineAction: build.mutation<
      PipelineActionResponse,
      {
        [K in PipelineActionName]: {
          pipeline: PipelineTarget;
          action: K;
          body: WithoutVersion<PipelineActionBody[K]>;
        };
      }[PipelineActionName]
    >({
      queryFn: ({ pipeline, action, body }) =>
        pipelineCall<PipelineActionResponse>(
          `/api/pipelines/${pipeline.id}/actions/${action}/`,
          'POST',
          { ...body, version: pipeline.version },
        ),
      onQueryStarted: (_arg, api) => followChange(api),
      // A placement changes the role lists' figures (filled openings) as well.
      invalidatesTags: (_result, _error, { pipeline, action }) =>
        action === 'submittal-outcome'
          ? [...changedTags(pipeline), { type: 'Role', id: 'LIST' }]
          : changedTags(pipeline),
    }),
  }),
});

/** After a close, reopen or action: the fresh state into the caches, answered or from a 409. */
async function followChange({
  dispatch,
  queryFulfilled,
}: {
  dispatch: Dispatch;
  queryFulfilled: Promise<{ data: PipelineChangeResponse }>;
}) {
  try {
    const { data } = await queryFulfilled;
    if (data.data)
      dispatch(
        pipelinesApi.util.upsertQueryData('getPipeline', data.data.pipeline.id, {
          success: true,
          data: data.data,
        }),
      );
    const fresh = freshSummaryOf(data);
    if (fresh) applyFreshPipeline(dispatch, fresh);
  } catch (rejection) {
    const fresh = conflictOf((rejection as { error?: unknown }).error);
    if (fresh) applyFreshPipeline(dispatch, fresh);
  }
}

/** Headers, detail, the candidate, the role (counts, placements) and the activity feed. */
const changedTags = (pipeline: PipelineTarget) => [
  headersTag(pipeline.role_id),
  detailTag(pipeline.id),
  candidateTag(pipeline.candidate.id),
  { type: 'Role' as const, id: pipeline.role_id },
  'Activity' as const,
];

/** Puts a pipeline as it is now into every board list of its role (and the open detail). */
export function applyFreshPipeline(dispatch: Dispatch, fresh: PipelineSummary) {
  for (const state of BOARD_STATES) {
    dispatch(
      pipelinesApi.util.updateQueryData(
        'listRolePipelines',
        { roleId: fresh.role_id, state },
        (draft) => {
          const index = draft.pipelines.findIndex((p) => p.id === fresh.id);
          const belongs = state === 'all' || fresh.state === state;
          if (index >= 0 && belongs) draft.pipelines[index] = fresh;
          else if (index >= 0) {
            draft.pipelines.splice(index, 1);
            draft.count -= 1;
          } else if (belongs) {
            draft.pipelines.push(fresh);
            draft.count += 1;
          }
        },
      ),
    );
  }
  dispatch(
    pipelinesApi.util.updateQueryData('getPipeline', fresh.id, (draft) => {
      draft.data.pipeline = fresh;
    }),
  );
}

function removeFromBoard(dispatch: Dispatch, roleId: number, id: number) {
  for (const state of BOARD_STATES) {
    dispatch(
      pipelinesApi.util.updateQueryData('listRolePipelines', { roleId, state }, (draft) => {
        const index = draft.pipelines.findIndex((p) => p.id === id);
        if (index >= 0) {
          draft.pipelines.splice(index, 1);
          draft.count -= 1;
        }
      }),
    );
  }
}

/** Moves the card and the column counts at once; returns the undo. */
function optimisticMove(
  dispatch: Dispatch,
  pipeline: PipelineTarget,
  to: { name: PipelineStageName; label: string; position: number | undefined },
) {
  const stage = to.name;
  const now = new Date().toISOString();
  const patches = BOARD_STATES.map((state) =>
    dispatch(
      pipelinesApi.util.updateQueryData(
        'listRolePipelines',
        { roleId: pipeline.role_id, state },
        (draft) => {
          const card = draft.pipelines.find((p) => p.id === pipeline.id);
          if (!card) return;
          card.stage = {
            name: stage,
            label: to.label,
            position: to.position ?? card.stage.position,
          };
          card.stage_changed_at = now;
        },
      ),
    ),
  );
  patches.push(
    dispatch(
      pipelinesApi.util.updateQueryData('getPipelineHeaders', pipeline.role_id, (draft) => {
        const key = pipeline.state === 'closed' ? 'closed_count' : 'open_count';
        const from = draft.headers.find((h) => h.name === pipeline.stage.name);
        const into = draft.headers.find((h) => h.name === stage);
        if (from) from[key] = Math.max(0, from[key] - 1);
        if (into) into[key] += 1;
      }),
    ),
  );
  return () => patches.forEach((patch) => patch.undo());
}

export const {
  useGetPipelineHeadersQuery,
  useListRolePipelinesQuery,
  useGetPipelineQuery,
  useGetPipelineFormDataQuery,
  useGetRoleCandidateDetailQuery,
  useSearchCandidatesToAddQuery,
  useSearchRolesToJoinQuery,
  useCreatePipelineMutation,
  useMovePipelineMutation,
  useClosePipelineMutation,
  useReopenPipelineMutation,
  useDeletePipelineMutation,
  usePipelineActionMutation,
} = pipelinesApi;
