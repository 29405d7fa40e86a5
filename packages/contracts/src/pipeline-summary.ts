/** A pipeline's stages, states and close reasons, and the pipeline as a board card (part of ./pipelines). */
import { z } from 'zod';
import { CandidateStatusSchema } from './candidates';
import { PIPELINE_CLOSE_REASONS, PIPELINE_STAGES, PIPELINE_STATES } from './pipeline-constants';

export {
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_CLOSE_REASONS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  PIPELINE_STATES,
  stagePosition,
} from './pipeline-constants';

export const PipelineStageNameSchema = z.enum(PIPELINE_STAGES);
export type PipelineStageName = z.infer<typeof PipelineStageNameSchema>;

export const PipelineStateSchema = z.enum(PIPELINE_STATES);
export type PipelineState = z.infer<typeof PipelineStateSchema>;

export const PipelineCloseReasonSchema = z.enum(PIPELINE_CLOSE_REASONS, {
  error: 'Choose why the pipeline is closing.',
});
export type PipelineCloseReason = z.infer<typeof PipelineCloseReasonSchema>;

/** Someone a pipeline names: the recruiter, an actor, an interviewer (id null once removed). */
export const PersonRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

/** Spec §3: a pipeline's stage is reported as `stage.name`. */
export const PipelineStageSchema = z.object({
  name: PipelineStageNameSchema,
  label: z.string(),
  position: z.number().int(),
});

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
