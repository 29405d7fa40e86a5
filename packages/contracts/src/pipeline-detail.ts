/** What happens in a pipeline (events, interviews, submittals, the placement) and its detail (part of ./pipelines). */
import { z } from 'zod';
import { IdSchema } from './common';
import { CandidateSchema } from './candidates';
import { ClientTypeSchema } from './clients';
import { INTERVIEW_OUTCOMES } from './pipeline-constants';
import { PersonRefSchema, PipelineStageNameSchema, PipelineSummarySchema } from './pipeline-summary';

export { INTERVIEW_OUTCOME_LABELS, INTERVIEW_OUTCOMES, PIPELINE_EVENTS_SHOWN } from './pipeline-constants';
export type { InterviewOutcome } from './pipeline-constants';

export const PIPELINE_EVENT_KINDS = [
  'created',
  'stage_changed',
  'closed',
  'reopened',
  'interview_booked',
  'interview_outcome',
  'submitted',
  'submittal_outcome',
  'placed',
  // A client contact's comment on the shortlist portal (issue 35)
  'client_comment',
] as const;
export const PipelineEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PIPELINE_EVENT_KINDS),
  from_stage: PipelineStageNameSchema.nullable(),
  to_stage: PipelineStageNameSchema.nullable(),
  /** A close reason, an interview outcome, ... */
  detail: z.string(),
  actor: PersonRefSchema.nullable(),
  /** The client's contact who did it on the shortlist portal (then `actor` is null; decision 122). */
  contact: PersonRefSchema.nullable(),
  created_at: z.string(),
});
export type PipelineEvent = z.infer<typeof PipelineEventSchema>;

export const INTERVIEW_KINDS = ['internal', 'client'] as const;
export const InterviewSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  candidate: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(INTERVIEW_KINDS),
  scheduled_at: z.string(),
  duration_minutes: z.number().int(),
  location: z.string(),
  meeting_url: z.string(),
  /** An agency user for internal interviews; client interviews name the client's interviewer as text. */
  interviewer: PersonRefSchema.nullable(),
  interviewer_name: z.string(),
  outcome: z.enum(INTERVIEW_OUTCOMES),
  feedback: z.string(),
  created_at: z.string(),
});
export type Interview = z.infer<typeof InterviewSchema>;

export const SUBMITTAL_OUTCOMES = ['pending', 'client_interview', 'rejected', 'offer', 'placed'] as const;
export const SubmittalSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  /** YYYY-MM-DD */
  submitted_on: z.string(),
  submitted_by: PersonRefSchema.nullable(),
  proposed_salary: z.number().nullable(),
  note: z.string(),
  outcome: z.enum(SUBMITTAL_OUTCOMES),
  outcome_at: z.string().nullable(),
  created_at: z.string(),
});
export type Submittal = z.infer<typeof SubmittalSchema>;

export const PlacementSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  salary: z.number(),
  currency: z.string(),
  /** YYYY-MM-DD */
  start_date: z.string(),
  /** The fee and how it was computed: absent for whoever may not see fees (decision 071). */
  fee: z.number().optional(),
  fee_percent: z.number().nullable().optional(),
  /** How the fee was computed from the client's terms, in one sentence. */
  fee_explanation: z.string().optional(),
  /** YYYY-MM-DD; null when the client has no guarantee period. */
  guarantee_end: z.string().nullable(),
  created_by: PersonRefSchema.nullable(),
  created_at: z.string(),
});
export type Placement = z.infer<typeof PlacementSchema>;

/**
 * The pipeline's latest offer (decision 035): its salary (null when recorded without one) in `currency`,
 * when it was made, and the candidate's answer (null while pending).
 */
export const PipelineOfferSchema = z.object({
  salary: z.number().nullable(),
  currency: z.string().nullable(),
  offered_at: z.string(),
  answer: z.enum(['accepted', 'declined', 'withdrawn']).nullable(),
});
export type PipelineOffer = z.infer<typeof PipelineOfferSchema>;

export const PipelineRoleRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  openings: z.number().int(),
  /** The currency of the role's salaries: submittals, offers and placements in this role use it. */
  salary_currency: z.string(),
  client: z.object({ id: z.number().int(), name: z.string(), client_type: ClientTypeSchema }),
});

/** GET /api/pipelines/{id}/ → {success, data} (spec §7). */
export const PipelineDetailSchema = z.object({
  pipeline: PipelineSummarySchema,
  role: PipelineRoleRefSchema,
  candidate: CandidateSchema,
  /** The latest PIPELINE_EVENTS_SHOWN events, newest first. */
  events: z.array(PipelineEventSchema),
  /** How many events the pipeline has in all. */
  events_total: z.number().int(),
  interviews: z.array(InterviewSchema),
  submittals: z.array(SubmittalSchema),
  /** The latest offer; null when none was recorded. */
  offer: PipelineOfferSchema.nullable(),
  placement: PlacementSchema.nullable(),
  notes_count: z.number().int(),
});
export type PipelineDetail = z.infer<typeof PipelineDetailSchema>;
export const PipelineDetailResponseSchema = z.object({ success: z.literal(true), data: PipelineDetailSchema });
export type PipelineDetailResponse = z.infer<typeof PipelineDetailResponseSchema>;

/** GET /api/candidates/{id}/detail/?role_id= → {success, candidate}: every pipeline, and the role's in full. */
export const CandidateDetailQuerySchema = z.object({ role_id: IdSchema.optional() });
export const CandidateDetailSchema = CandidateSchema.extend({
  resume_text_preview: z.string(),
  pipelines: z.array(PipelineSummarySchema.extend({ role: PipelineRoleRefSchema })),
  interviews: z.array(InterviewSchema),
  /** The pipeline in `role_id`, in full; null without role_id or when the candidate is not in that role. */
  pipeline: PipelineDetailSchema.nullable(),
  notes_count: z.number().int(),
});
export type CandidateDetail = z.infer<typeof CandidateDetailSchema>;
export const CandidateDetailResponseSchema = z.object({ success: z.literal(true), candidate: CandidateDetailSchema });
export type CandidateDetailResponse = z.infer<typeof CandidateDetailResponseSchema>;
