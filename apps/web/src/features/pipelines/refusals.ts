import type {
  CandidateStatusConfirmResponse,
  Interview,
  PendingClientInterviewsResponse,
  PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import type { ApiQueryError } from '@/lib/base-api';

// What a refused pipeline call says beyond its message: the shared query error keeps the 409's body.

/** The body of a refused pipeline call (kept in the shared query error's `data`). */
type RefusalBody = {
  pipeline?: PipelineSummary;
  interviews?: PendingClientInterviewsResponse['interviews'];
  upcoming_ids?: PendingClientInterviewsResponse['upcoming_ids'];
  candidates?: CandidateStatusConfirmResponse['candidates'];
};

/** The refusal's body when the error is the server's `code`, else undefined. */
function refusal(error: unknown, code: string): RefusalBody | undefined {
  const e = error as ApiQueryError | undefined;
  return e?.code === code ? ((e.data ?? {}) as RefusalBody) : undefined;
}

/** A stale version (409 PIPELINE_CONFLICT): the pipeline as it is now. */
export const conflictOf = (error: unknown): PipelineSummary | undefined =>
  refusal(error, 'PIPELINE_CONFLICT')?.pipeline;

/** The interviews a 409 PENDING_CLIENT_INTERVIEWS names, when that is the refusal. */
export const pendingInterviewsOf = (error: unknown): Interview[] | undefined => {
  const body = refusal(error, 'PENDING_CLIENT_INTERVIEWS');
  return body ? (body.interviews ?? []) : undefined;
};

/** Of the interviews a 409 PENDING_CLIENT_INTERVIEWS names, the ids of the ones still to come. */
export const upcomingInterviewIdsOf = (error: unknown): number[] =>
  refusal(error, 'PENDING_CLIENT_INTERVIEWS')?.upcoming_ids ?? [];

/** The candidates a 409 CANDIDATE_STATUS_CONFIRM names (a do-not-contact add), when that is the refusal. */
export const statusConfirmOf = (error: unknown): CandidateStatusConfirmResponse['candidates'] | undefined => {
  const body = refusal(error, 'CANDIDATE_STATUS_CONFIRM');
  return body ? (body.candidates ?? []) : undefined;
};
