/** A pipeline's stages, states and close reasons, and the pipeline as a board card (part of ./pipelines). */
import { z } from 'zod';
import { CandidateStatusSchema } from './candidates';

/** One candidate in one role moves through these stages in this order (design §3). */
export const PIPELINE_STAGES = ['sourced', 'internal_interview', 'submit_pending', 'submitted', 'client_interview', 'offer', 'placed'] as const;
export const PipelineStageNameSchema = z.enum(PIPELINE_STAGES);
export type PipelineStageName = z.infer<typeof PipelineStageNameSchema>;
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
export const PipelineStateSchema = z.enum(PIPELINE_STATES);
export type PipelineState = z.infer<typeof PipelineStateSchema>;

export const PIPELINE_CLOSE_REASONS = ['rejected_by_us', 'rejected_by_client', 'candidate_withdrew', 'offer_declined', 'role_closed', 'duplicate', 'other'] as const;
export const PipelineCloseReasonSchema = z.enum(PIPELINE_CLOSE_REASONS, { error: 'Choose why the pipeline is closing.' });
export type PipelineCloseReason = z.infer<typeof PipelineCloseReasonSchema>;
export const PIPELINE_CLOSE_REASON_LABELS: Record<PipelineCloseReason, string> = {
  rejected_by_us: 'Rejected by us',
  rejected_by_client: 'Rejected by the client',
  candidate_withdrew: 'Candidate withdrew',
  offer_declined: 'Offer declined',
  role_closed: 'Role closed',
  duplicate: 'Duplicate',
  other: 'Other',
};

/** Someone a pipeline names: the recruiter, an actor, an interviewer (id null once removed). */
export const PersonRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

/** Spec §3: a pipeline's stage is reported as `stage.name`. */
export const PipelineStageSchema = z.object({ name: PipelineStageNameSchema, label: z.string(), position: z.number().int() });

/**
 * A pipeline as a board card and in lists. `version` goes up with every change; every changing call
 * sends the version it saw, and a stale one gets 409 with the fresh pipeline.
 */
export const PipelineSummarySchema = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  candidate: z.object({
    id: z.number().int(),
    name: z.string(),
    current_title: z.string(),
    current_company: z.string(),
    email: z.string(),
    /** The board card warns about do not contact and archived candidates. */
    status: CandidateStatusSchema,
  }),
  stage: PipelineStageSchema,
  state: PipelineStateSchema,
  close_reason: PipelineCloseReasonSchema.nullable(),
  close_note: z.string(),
  recruiter: PersonRefSchema.nullable(),
  /** When the pipeline entered its current stage. */
  stage_changed_at: z.string(),
  closed_at: z.string().nullable(),
  /** The next internal or client interview not yet held, if any. */
  next_interview_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PipelineSummary = z.infer<typeof PipelineSummarySchema>;
