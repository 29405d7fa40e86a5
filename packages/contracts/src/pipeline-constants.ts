/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

import type { CandidateStatus } from './candidate-constants';

/** One candidate in one role moves through these stages in this order (design §3). */
export const PIPELINE_STAGES = [
  'sourced',
  'internal_interview',
  'submit_pending',
  'submitted',
  'client_interview',
  'offer',
  'placed',
] as const;
export type PipelineStageName = (typeof PIPELINE_STAGES)[number];
export const PIPELINE_STAGE_LABELS: Record<PipelineStageName, string> = {
  sourced: 'Sourced',
  internal_interview: 'Internal interview',
  submit_pending: 'Submit pending',
  submitted: 'Submitted',
  client_interview: 'Client interview',
  offer: 'Offer',
  placed: 'Placed',
};
export const stagePosition = (stage: PipelineStageName): number => PIPELINE_STAGES.indexOf(stage);

export const PIPELINE_STATES = ['open', 'closed'] as const;

export const PIPELINE_CLOSE_REASONS = [
  'rejected_by_us',
  'rejected_by_client',
  'candidate_withdrew',
  'offer_declined',
  'role_closed',
  'duplicate',
  'other',
] as const;
export type PipelineCloseReason = (typeof PIPELINE_CLOSE_REASONS)[number];
export const PIPELINE_CLOSE_REASON_LABELS: Record<PipelineCloseReason, string> = {
  rejected_by_us: 'Rejected by us',
  rejected_by_client: 'Rejected by the client',
  candidate_withdrew: 'Candidate withdrew',
  offer_declined: 'Offer declined',
  role_closed: 'Role closed',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** `rejected` and `rescheduled` are client interview outcomes; `failed` the internal one's "did not pass". */
export const INTERVIEW_OUTCOMES = [
  'pending',
  'passed',
  'failed',
  'rejected',
  'no_show',
  'rescheduled',
  'cancelled',
] as const;
export type InterviewOutcome = (typeof INTERVIEW_OUTCOMES)[number];
export const INTERVIEW_OUTCOME_LABELS: Record<InterviewOutcome, string> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Did not pass',
  rejected: 'Rejected by the client',
  no_show: 'No show',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
};

/** Candidates in these statuses join a role only with an explicit confirmation and a reason. */
export const CONFIRM_CANDIDATE_STATUSES = ['do_not_contact', 'archived'] as const satisfies readonly CandidateStatus[];
export const needsStatusConfirmation = (status: CandidateStatus) =>
  (CONFIRM_CANDIDATE_STATUSES as readonly string[]).includes(status);

/** A pipeline's detail carries its latest events only (the history's length is `events_total`). */
export const PIPELINE_EVENTS_SHOWN = 100;
