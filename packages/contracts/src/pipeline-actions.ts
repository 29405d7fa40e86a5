/** The changing calls on one pipeline: move, close, reopen and the stage actions (part of ./pipelines). */
import { z } from 'zod';
import { IdSchema } from './common';
import { PipelineDetailSchema, InterviewSchema } from './pipeline-detail';
import { PipelineCloseReasonSchema, PipelineStageNameSchema, PipelineSummarySchema } from './pipeline-summary';

const VersionSchema = z.coerce.number({ error: 'Reload the pipeline and try again.' }).int().min(1);
const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const money = z.coerce
  .number({ error: 'Enter an amount.' })
  .min(0, 'Use a positive amount.')
  .max(100_000_000, 'The amount is too large.');

/**
 * What to do with the client interviews still pending when a move goes past them (Offer, Placed): they
 * went well (`passed`) or did not happen (`cancelled`). Without it such a move answers 409
 * PENDING_CLIENT_INTERVIEWS with the interviews.
 */
export const PENDING_INTERVIEW_RESOLUTIONS = ['passed', 'cancelled'] as const;
export const PendingInterviewResolutionSchema = z.enum(PENDING_INTERVIEW_RESOLUTIONS, {
  error: 'Choose what happened to the interview.',
});
export type PendingInterviewResolution = z.infer<typeof PendingInterviewResolutionSchema>;

/**
 * PATCH /api/pipelines/{id}/: move to another stage (the board's drag and keyboard moves) and/or change
 * the recruiter. Any open, not-yet-placed pipeline may move to any stage but `placed`, which needs the
 * placement details (submittal outcome `placed`).
 */
export const UpdatePipelineInputSchema = z.object({
  version: VersionSchema,
  stage: PipelineStageNameSchema.optional(),
  recruiter_id: IdSchema.nullable().optional(),
  /** Needed to move past (to Offer) while client interviews are pending. */
  pending_interviews: PendingInterviewResolutionSchema.optional(),
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
const durationMinutes = z.coerce
  .number({ error: 'Enter a duration in minutes.' })
  .int('Use whole minutes.')
  .min(5, 'At least 5 minutes.')
  .max(480, 'At most 8 hours.');
const meetingUrl = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, error: 'Enter a full address such as https://meet.example.com/abc.' }),
  ])
  .default('');

/** POST /api/pipelines/{id}/actions/book-interview/: an internal interview (from sourced or internal interview). */
export const BookInterviewInputSchema = z.object({
  version: VersionSchema,
  scheduled_at: scheduledAt,
  duration_minutes: durationMinutes.default(45),
  location: text(300).default(''),
  meeting_url: meetingUrl,
  interviewer_id: IdSchema.nullable().default(null),
});
export type BookInterviewInput = z.input<typeof BookInterviewInputSchema>;

/**
 * POST /api/pipelines/{id}/actions/internal-interview-outcome/: passed → submit pending; failed → closed
 * (rejected by us); no show → stays. Needs a pending internal interview.
 */
export const InternalInterviewOutcomeInputSchema = z.object({
  version: VersionSchema,
  interview_id: IdSchema.optional(),
  outcome: z.enum(['passed', 'failed', 'no_show'], { error: 'Choose the outcome.' }),
  feedback: text(5000).default(''),
});
export type InternalInterviewOutcomeInput = z.input<typeof InternalInterviewOutcomeInputSchema>;

/**
 * POST /api/pipelines/{id}/actions/client-interview-outcome/: the outcome of a pending client interview
 * (`interview_id`, else the earliest): passed (the pipeline stays, ready for an offer), rejected (closed,
 * rejected by the client), no show (stays), rescheduled (this one is marked rescheduled and a new one is
 * booked at the new time).
 */
const clientInterviewOutcomeBase = {
  version: VersionSchema,
  interview_id: IdSchema.optional(),
  feedback: text(5000).default(''),
};
export const CLIENT_INTERVIEW_OUTCOMES = ['passed', 'rejected', 'no_show', 'rescheduled'] as const;
export const ClientInterviewOutcomeInputSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({ ...clientInterviewOutcomeBase, outcome: z.literal('passed') }),
    z.object({ ...clientInterviewOutcomeBase, outcome: z.literal('rejected') }),
    z.object({ ...clientInterviewOutcomeBase, outcome: z.literal('no_show') }),
    z.object({
      ...clientInterviewOutcomeBase,
      outcome: z.literal('rescheduled'),
      scheduled_at: scheduledAt,
      duration_minutes: durationMinutes.default(60),
      location: text(300).default(''),
      meeting_url: meetingUrl,
      interviewer_name: text(200).default(''),
    }),
  ],
  { error: 'Choose the outcome.' },
);
export type ClientInterviewOutcomeInput = z.input<typeof ClientInterviewOutcomeInputSchema>;

/**
 * 409 PENDING_CLIENT_INTERVIEWS: the client interviews without an outcome that the move would pass. The
 * answer (`pending_interviews`) applies to the ones that took place; the ones still to come are cancelled.
 */
export const PendingClientInterviewsResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('PENDING_CLIENT_INTERVIEWS'),
  interviews: z.array(InterviewSchema),
  /** The ones still to come (booked for later): going on cancels them whatever the answer. */
  upcoming_ids: z.array(z.number().int()),
});
export type PendingClientInterviewsResponse = z.infer<typeof PendingClientInterviewsResponseSchema>;

/** POST /api/pipelines/{id}/actions/submit-pending/: ready to send to the client (from sourced or internal interview). */
export const SubmitPendingInputSchema = z.object({ version: VersionSchema, note: text(2000).default('') });
export type SubmitPendingInput = z.input<typeof SubmitPendingInputSchema>;

/** POST /api/pipelines/{id}/actions/submittal/: sent to the client (from any stage before submitted). */
export const SubmittalInputSchema = z.object({
  version: VersionSchema,
  submitted_on: z.iso.date({ error: 'Enter a date.' }),
  proposed_salary: money.nullable().default(null),
  note: text(5000).default(''),
});
export type SubmittalInput = z.input<typeof SubmittalInputSchema>;

/** The submittal outcome `placed` on its own: the placement dialog's form (salary, start date). */
export const PlacedOutcomeInputSchema = z.object({
  version: VersionSchema,
  outcome: z.literal('placed'),
  salary: money.positive('Enter the salary.'),
  start_date: z.iso.date({ error: 'Enter the start date.' }),
  pending_interviews: PendingInterviewResolutionSchema.optional(),
});

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
    z.object({
      version: VersionSchema,
      outcome: z.literal('offer'),
      offered_salary: money.nullable().default(null),
      note: text(2000).default(''),
      pending_interviews: PendingInterviewResolutionSchema.optional(),
    }),
    PlacedOutcomeInputSchema,
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
