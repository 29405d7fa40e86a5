import { z } from 'zod';
import { CandidateInputSchema, CandidateSchema, DuplicateWarningSchema } from './candidates';
import { ClientTypeSchema } from './clients';

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

const PersonRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

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

export const PIPELINE_EVENT_KINDS = ['created', 'stage_changed', 'closed', 'reopened', 'interview_booked', 'interview_outcome', 'submitted', 'submittal_outcome', 'placed'] as const;
export const PipelineEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PIPELINE_EVENT_KINDS),
  from_stage: PipelineStageNameSchema.nullable(),
  to_stage: PipelineStageNameSchema.nullable(),
  /** A close reason, an interview outcome, ... */
  detail: z.string(),
  actor: PersonRefSchema.nullable(),
  created_at: z.string(),
});
export type PipelineEvent = z.infer<typeof PipelineEventSchema>;

export const INTERVIEW_KINDS = ['internal', 'client'] as const;
export const INTERVIEW_OUTCOMES = ['pending', 'passed', 'failed', 'no_show', 'cancelled'] as const;
export const INTERVIEW_OUTCOME_LABELS: Record<(typeof INTERVIEW_OUTCOMES)[number], string> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Did not pass',
  no_show: 'No show',
  cancelled: 'Cancelled',
};
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
  fee: z.number(),
  fee_percent: z.number().nullable(),
  /** How the fee was computed from the client's terms, in one sentence. */
  fee_explanation: z.string(),
  /** YYYY-MM-DD; null when the client has no guarantee period. */
  guarantee_end: z.string().nullable(),
  created_by: PersonRefSchema.nullable(),
  created_at: z.string(),
});
export type Placement = z.infer<typeof PlacementSchema>;

export const PipelineRoleRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  openings: z.number().int(),
  client: z.object({ id: z.number().int(), name: z.string(), client_type: ClientTypeSchema }),
});

/** GET /api/pipelines/{id}/ → {success, data} (spec §7). */
export const PipelineDetailSchema = z.object({
  pipeline: PipelineSummarySchema,
  role: PipelineRoleRefSchema,
  candidate: CandidateSchema,
  events: z.array(PipelineEventSchema),
  interviews: z.array(InterviewSchema),
  submittals: z.array(SubmittalSchema),
  placement: PlacementSchema.nullable(),
  notes_count: z.number().int(),
});
export type PipelineDetail = z.infer<typeof PipelineDetailSchema>;
export const PipelineDetailResponseSchema = z.object({ success: z.literal(true), data: PipelineDetailSchema });
export type PipelineDetailResponse = z.infer<typeof PipelineDetailResponseSchema>;

/** GET /api/roles/{id}/pipelines/?state=open|closed|all → every pipeline of the role (the board). */
export const RolePipelinesQuerySchema = z.object({
  state: z.enum(['open', 'closed', 'all']).default('open'),
});
export const RolePipelinesResponseSchema = z.object({
  success: z.literal(true),
  pipelines: z.array(PipelineSummarySchema),
  count: z.number().int(),
});
export type RolePipelinesResponse = z.infer<typeof RolePipelinesResponseSchema>;

/** GET /api/roles/{id}/pipeline-headers/: one column per stage, in order, with counts. */
export const PipelineHeaderSchema = z.object({
  name: PipelineStageNameSchema,
  label: z.string(),
  position: z.number().int(),
  open_count: z.number().int(),
  closed_count: z.number().int(),
});
export type PipelineHeader = z.infer<typeof PipelineHeaderSchema>;
export const PipelineHeadersResponseSchema = z.object({
  success: z.literal(true),
  headers: z.array(PipelineHeaderSchema),
  open_count: z.number().int(),
  closed_count: z.number().int(),
});
export type PipelineHeadersResponse = z.infer<typeof PipelineHeadersResponseSchema>;

/** GET /api/roles/{id}/candidates/: the role's candidates (one row per pipeline), searchable and paged. */
export const RoleCandidatesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  stage: z.preprocess((value) => (value === '' ? undefined : value), PipelineStageNameSchema.optional()),
  state: z.enum(['open', 'closed', 'all']).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const RoleCandidatesResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(PipelineSummarySchema),
  count: z.number().int(),
});
export type RoleCandidatesResponse = z.infer<typeof RoleCandidatesResponseSchema>;

/**
 * POST /api/roles/{id}/pipelines/: add an existing candidate (`candidate_id`) or a new one (`candidate`,
 * created under the role). POST /api/roles/{id}/candidates/ takes the `candidate` form only.
 */
export const CreatePipelineInputSchema = z
  .object({
    candidate_id: z.coerce.number().int().positive().optional(),
    candidate: CandidateInputSchema.optional(),
    stage: z.enum(['sourced', 'internal_interview', 'submit_pending']).default('sourced'),
    recruiter_id: z.coerce.number().int().positive().nullable().optional(),
  })
  .refine((value) => (value.candidate_id === undefined) !== (value.candidate === undefined), {
    message: 'Choose an existing candidate or enter a new one.',
    path: ['candidate_id'],
  });
export type CreatePipelineInput = z.input<typeof CreatePipelineInputSchema>;
export const CreateRoleCandidateInputSchema = z.object({ candidate: CandidateInputSchema });

export const PipelineSaveResponseSchema = z
  .object({ success: z.literal(true), pipeline: PipelineSummarySchema })
  .extend(DuplicateWarningSchema.shape);
export type PipelineSaveResponse = z.infer<typeof PipelineSaveResponseSchema>;

const VersionSchema = z.coerce.number({ error: 'Reload the pipeline and try again.' }).int().min(1);
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const money = z.coerce.number({ error: 'Enter an amount.' }).min(0, 'Use a positive amount.').max(100_000_000, 'The amount is too large.');

/**
 * PATCH /api/pipelines/{id}/: move to another stage (the board's drag and keyboard moves) and/or change
 * the recruiter. Any open, not-yet-placed pipeline may move to any stage but `placed`, which needs the
 * placement details (submittal outcome `placed`).
 */
export const UpdatePipelineInputSchema = z.object({
  version: VersionSchema,
  stage: PipelineStageNameSchema.optional(),
  recruiter_id: z.coerce.number().int().positive().nullable().optional(),
});
export type UpdatePipelineInput = z.input<typeof UpdatePipelineInputSchema>;

export const ClosePipelineInputSchema = z.object({
  version: VersionSchema,
  reason: PipelineCloseReasonSchema,
  note: text(2000).default(''),
});
export type ClosePipelineInput = z.input<typeof ClosePipelineInputSchema>;
export const ReopenPipelineInputSchema = z.object({ version: VersionSchema });

const scheduledAt = z.iso.datetime({ offset: true, error: 'Enter a date and time.' });
const durationMinutes = z.coerce.number({ error: 'Enter a duration in minutes.' }).int('Use whole minutes.').min(5, 'At least 5 minutes.').max(480, 'At most 8 hours.');
const meetingUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter a full address such as https://meet.example.com/abc.' })]).default('');

/** POST /api/pipelines/{id}/actions/book-interview/: an internal interview (from sourced or internal interview). */
export const BookInterviewInputSchema = z.object({
  version: VersionSchema,
  scheduled_at: scheduledAt,
  duration_minutes: durationMinutes.default(45),
  location: text(300).default(''),
  meeting_url: meetingUrl,
  interviewer_id: z.coerce.number().int().positive().nullable().default(null),
});
export type BookInterviewInput = z.input<typeof BookInterviewInputSchema>;

/**
 * POST /api/pipelines/{id}/actions/internal-interview-outcome/: passed → submit pending; failed → closed
 * (rejected by us); no show → stays. Needs a pending internal interview.
 */
export const InternalInterviewOutcomeInputSchema = z.object({
  version: VersionSchema,
  interview_id: z.coerce.number().int().positive().optional(),
  outcome: z.enum(['passed', 'failed', 'no_show'], { error: 'Choose the outcome.' }),
  feedback: text(5000).default(''),
});
export type InternalInterviewOutcomeInput = z.input<typeof InternalInterviewOutcomeInputSchema>;

/** POST /api/pipelines/{id}/actions/submit-pending/: ready to send to the client (from sourced or internal interview). */
export const SubmitPendingInputSchema = z.object({ version: VersionSchema, note: text(2000).default('') });

/** POST /api/pipelines/{id}/actions/submittal/: sent to the client (from any stage before submitted). */
export const SubmittalInputSchema = z.object({
  version: VersionSchema,
  submitted_on: z.iso.date({ error: 'Enter a date.' }),
  proposed_salary: money.nullable().default(null),
  note: text(5000).default(''),
});
export type SubmittalInput = z.input<typeof SubmittalInputSchema>;

/**
 * POST /api/pipelines/{id}/actions/submittal-outcome/ (from submitted, client interview or offer):
 * client_interview books a client interview; rejected closes (rejected by client); offer moves to offer;
 * placed records the placement (salary, start date), computes the fee and the guarantee end.
 */
export const SubmittalOutcomeInputSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      version: VersionSchema,
      outcome: z.literal('client_interview'),
      scheduled_at: scheduledAt,
      duration_minutes: durationMinutes.default(60),
      location: text(300).default(''),
      meeting_url: meetingUrl,
      interviewer_name: text(200).default(''),
    }),
    z.object({ version: VersionSchema, outcome: z.literal('rejected'), feedback: text(5000).default('') }),
    z.object({ version: VersionSchema, outcome: z.literal('offer'), offered_salary: money.nullable().default(null), note: text(2000).default('') }),
    z.object({
      version: VersionSchema,
      outcome: z.literal('placed'),
      salary: money.positive('Enter the salary.'),
      start_date: z.iso.date({ error: 'Enter the start date.' }),
    }),
  ],
  { error: 'Choose the outcome.' },
);
export type SubmittalOutcomeInput = z.input<typeof SubmittalOutcomeInputSchema>;

/** Every action answers with the fresh detail; a placement also says whether every opening is now filled. */
export const PipelineActionResponseSchema = z.object({
  success: z.literal(true),
  data: PipelineDetailSchema,
  /** True when the role is still active and its placements now fill all its openings: offer to close it. */
  offer_close_role: z.boolean(),
});
export type PipelineActionResponse = z.infer<typeof PipelineActionResponseSchema>;

/** 409 for a stale version: the error and the pipeline as it is now. */
export const PipelineConflictResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('PIPELINE_CONFLICT'),
  pipeline: PipelineSummarySchema,
});
export type PipelineConflictResponse = z.infer<typeof PipelineConflictResponseSchema>;

/** GET /api/pipelines/form-data/ */
export const PipelineFormDataResponseSchema = z.object({
  success: z.literal(true),
  stages: z.array(z.object({ value: PipelineStageNameSchema, label: z.string() })),
  close_reasons: z.array(z.object({ value: PipelineCloseReasonSchema, label: z.string() })),
  interview_outcomes: z.array(z.object({ value: z.string(), label: z.string() })),
  interviewers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PipelineFormDataResponse = z.infer<typeof PipelineFormDataResponseSchema>;

/** GET /api/candidates/{id}/detail/?role_id= → {success, candidate}: every pipeline, and the role's in full. */
export const CandidateDetailQuerySchema = z.object({ role_id: z.coerce.number().int().positive().optional() });
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

/** Fixed refusal texts: every refused move says why. */
export const PIPELINE_ERRORS = {
  NOT_FOUND: 'Pipeline not found.',
  CONFLICT: 'Someone else changed this pipeline a moment ago. It now shows their change; check it and try again.',
  ALREADY_IN_ROLE: 'This candidate is already in this role’s pipeline.',
  ROLE_CLOSED: 'This role is closed. Reopen it to add candidates.',
  CLOSED: 'This pipeline is closed. Reopen it first.',
  NOT_CLOSED: 'Only a closed pipeline can be reopened.',
  PLACED: 'This candidate is already placed in this role; a placed pipeline cannot move.',
  PLACE_NEEDS_DETAILS: 'Record the placement with the salary and start date to move to Placed.',
  SAME_STAGE: 'The pipeline is already in that stage.',
  BOOK_INTERVIEW_STAGE: 'Internal interviews are booked from Sourced or Internal interview.',
  NO_PENDING_INTERVIEW: 'There is no pending internal interview to record an outcome for.',
  OUTCOME_STAGE: 'Record an internal interview outcome while the pipeline is in Internal interview.',
  SUBMIT_PENDING_STAGE: 'Only a pipeline in Sourced or Internal interview can become Submit pending.',
  SUBMITTAL_STAGE: 'This candidate has already been submitted to the client.',
  SUBMITTAL_OUTCOME_STAGE: 'Record a submittal outcome after the candidate has been submitted to the client.',
  INTERVIEWER_NOT_FOUND: 'Choose an interviewer from the list.',
} as const;

/** Spreadsheet columns of GET /api/roles/{id}/candidates/export/, in order. */
export const ROLE_EXPORT_COLUMNS = [
  'Candidate',
  'Email',
  'Phone',
  'Current title',
  'Current company',
  'Stage',
  'State',
  'Close reason',
  'Added',
  'Stage changed',
  'Submitted on',
  'Proposed salary',
  'Placement salary',
  'Start date',
  'Fee',
  'Recruiter',
] as const;
