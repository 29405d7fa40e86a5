import type {
  BookInterviewInput,
  ClientInterviewOutcomeInput,
  ClosePipelineInput,
  CreatePipelineInput,
  InternalInterviewOutcomeInput,
  PendingInterviewResolution,
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
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { boardTag, candidateListTag, candidateTag, headersTag, notesTag, pipelineTag as detailTag } from '@/api/tags';
import { baseApi } from '@/lib/base-api';
import { conflictOf } from './refusals';

export { conflictOf, pendingInterviewsOf, statusConfirmOf, upcomingInterviewIdsOf } from './refusals';

export type BoardState = 'open' | 'closed' | 'all';
const BOARD_STATES: readonly BoardState[] = ['open', 'closed', 'all'];

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
  | 'client-interview-outcome'
  | 'submit-pending'
  | 'submittal'
  | 'submittal-outcome';

/** Omit over each member of a union (the submittal outcome is one). */
export type WithoutVersion<T> = T extends unknown ? Omit<T, 'version'> : never;

export type PipelineActionBody = {
  'book-interview': BookInterviewInput;
  'internal-interview-outcome': InternalInterviewOutcomeInput;
  'client-interview-outcome': ClientInterviewOutcomeInput;
  'submit-pending': { version: number; note?: string };
  submittal: SubmittalInput;
  'submittal-outcome': SubmittalOutcomeInput;
};

/** The pipeline a change is about (the card or the detail), for its version and the caches to update. */
export type PipelineTarget = Pick<PipelineSummary, 'id' | 'role_id' | 'version' | 'stage' | 'state'> & {
  candidate: { id: number };
};

/** The pipeline summary a change answered with, if any. */
export const freshSummaryOf = (response: PipelineChangeResponse | undefined): PipelineSummary | undefined =>
  response?.data?.pipeline ?? response?.pipeline;

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
      providesTags: (_result, _error, id) => [detailTag(id), notesTag('pipeline', id)],
    }),
    getPipelineFormData: build.query<PipelineFormDataResponse, void>({
      query: () => '/api/pipelines/form-data/',
    }),
    createPipeline: build.mutation<PipelineSaveResponse, { roleId: number; body: CreatePipelineInput }>({
      query: ({ roleId, body }) => ({
        url: `/api/roles/${roleId}/pipelines/`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (result, _error, { roleId }) =>
        result
          ? [
              boardTag(roleId),
              headersTag(roleId),
              candidateTag(result.pipeline.candidate.id),
              candidateListTag,
              { type: 'Role', id: roleId },
              'Activity',
            ]
          : [],
    }),

    /** A board move (drag, keyboard or "Move to…"): optimistic, rolled back on refusal. */
    movePipeline: build.mutation<
      PipelineChangeResponse,
      {
        pipeline: PipelineTarget;
        stage: PipelineStageName;
        pendingInterviews?: PendingInterviewResolution | undefined;
      }
    >({
      query: ({ pipeline, stage, pendingInterviews }) => ({
        url: `/api/pipelines/${pipeline.id}/`,
        method: 'PATCH',
        body: {
          version: pipeline.version,
          stage,
          ...(pendingInterviews ? { pending_interviews: pendingInterviews } : {}),
        },
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
      query: ({ pipeline, body }) => ({
        url: `/api/pipelines/${pipeline.id}/close/`,
        method: 'POST',
        body: { ...body, version: pipeline.version },
      }),
      onQueryStarted: (_arg, api) => followChange(api),
      invalidatesTags: (_result, _error, { pipeline }) => changedTags(pipeline),
    }),
    reopenPipeline: build.mutation<PipelineChangeResponse, { pipeline: PipelineTarget }>({
      query: ({ pipeline }) => ({
        url: `/api/pipelines/${pipeline.id}/reopen/`,
        method: 'POST',
        body: { version: pipeline.version },
      }),
      onQueryStarted: (_arg, api) => followChange(api),
      invalidatesTags: (_result, _error, { pipeline }) => changedTags(pipeline),
    }),
    deletePipeline: build.mutation<unknown, { pipeline: PipelineTarget }>({
      query: ({ pipeline }) => ({ url: `/api/pipelines/${pipeline.id}/`, method: 'DELETE' }),
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
              candidateListTag,
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
      query: ({ pipeline, action, body }) => ({
        url: `/api/pipelines/${pipeline.id}/actions/${action}/`,
        method: 'POST',
        body: { ...body, version: pipeline.version },
      }),
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
      pipelinesApi.util.updateQueryData('listRolePipelines', { roleId: fresh.role_id, state }, (draft) => {
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
      }),
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
      pipelinesApi.util.updateQueryData('listRolePipelines', { roleId: pipeline.role_id, state }, (draft) => {
        const card = draft.pipelines.find((p) => p.id === pipeline.id);
        if (!card) return;
        card.stage = {
          name: stage,
          label: to.label,
          position: to.position ?? card.stage.position,
        };
        card.stage_changed_at = now;
      }),
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
  useCreatePipelineMutation,
  useMovePipelineMutation,
  useClosePipelineMutation,
  useReopenPipelineMutation,
  useDeletePipelineMutation,
  usePipelineActionMutation,
} = pipelinesApi;
