/** Adding a candidate to a role's pipeline, with the do-not-contact confirmation (part of ./pipelines). */
import { z } from 'zod';
import { IdSchema } from './common';
import { CandidateInputSchema, CandidateStatusSchema, DuplicateWarningSchema } from './candidates';
import { PipelineSummarySchema } from './pipeline-summary';

export { CONFIRM_CANDIDATE_STATUSES, needsStatusConfirmation } from './pipeline-constants';

/** "Add them anyway": why a do-not-contact or archived candidate goes into this role (kept in the history). */
export const StatusConfirmationSchema = z.object({
  reason: z
    .string({ error: 'Say why this candidate is added anyway.' })
    .trim()
    .min(1, 'Say why this candidate is added anyway.')
    .max(500, 'Use at most 500 characters.'),
});
export type StatusConfirmation = z.infer<typeof StatusConfirmationSchema>;

/**
 * 409 CANDIDATE_STATUS_CONFIRM: the candidates whose status needs a confirmation; send the same request
 * again with `status_confirmation: {reason}` to add them anyway.
 */
export const CandidateStatusConfirmResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('CANDIDATE_STATUS_CONFIRM'),
  candidates: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), status: CandidateStatusSchema })),
});
export type CandidateStatusConfirmResponse = z.infer<typeof CandidateStatusConfirmResponseSchema>;

/**
 * POST /api/roles/{id}/pipelines/: add an existing candidate (`candidate_id`) or a new one (`candidate`,
 * created under the role). POST /api/roles/{id}/candidates/ takes the `candidate` form only. A candidate
 * marked do not contact or archived needs `status_confirmation` (else 409 CANDIDATE_STATUS_CONFIRM).
 */
export const CreatePipelineInputSchema = z
  .object({
    candidate_id: IdSchema.optional(),
    candidate: CandidateInputSchema.optional(),
    stage: z.enum(['sourced', 'internal_interview', 'submit_pending']).default('sourced'),
    recruiter_id: IdSchema.nullable().optional(),
    status_confirmation: StatusConfirmationSchema.optional(),
  })
  .refine((value) => (value.candidate_id === undefined) !== (value.candidate === undefined), {
    message: 'Choose an existing candidate or enter a new one.',
    path: ['candidate_id'],
  });
export type CreatePipelineInput = z.input<typeof CreatePipelineInputSchema>;
export const CreateRoleCandidateInputSchema = z.object({
  candidate: CandidateInputSchema,
  status_confirmation: StatusConfirmationSchema.optional(),
});

export const PipelineSaveResponseSchema = z
  .object({ success: z.literal(true), pipeline: PipelineSummarySchema })
  .extend(DuplicateWarningSchema.shape);
export type PipelineSaveResponse = z.infer<typeof PipelineSaveResponseSchema>;
