import { z } from 'zod';
import { IdSchema } from './common';
import { MAX_ID } from './common-constants';

// Outreach sequences (issue 33): up to 5 templated steps with delays in days, stopped by a reply, a placement
// or do-not-contact.

export const MAX_SEQUENCE_STEPS = 5;
export const ENROLMENT_STATES = ['active', 'stopped', 'finished'] as const;
export type EnrolmentState = (typeof ENROLMENT_STATES)[number];
export const ENROLMENT_STOP_REASONS = [
  'replied',
  'placed',
  'do_not_contact',
  'unsubscribed',
  'no_email',
  'missing_fields',
  'stopped_by_user',
  'restricted',
] as const;
export type EnrolmentStopReason = (typeof ENROLMENT_STOP_REASONS)[number];

const id = z.number().int().min(1).max(MAX_ID);

export const SequenceStepSchema = z.object({
  template: z.object({ id: z.number().int(), name: z.string() }),
  /** Days after the previous step (the first: after enrolling); working days when the sequence skips weekends. */
  delay_days: z.number().int(),
});
export const SequenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  skip_weekends: z.boolean(),
  steps: z.array(SequenceStepSchema),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active_enrolments: z.number().int(),
  can_edit: z.boolean(),
  updated_at: z.string(),
});
export type Sequence = z.infer<typeof SequenceSchema>;

export const SequenceInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  skip_weekends: z.boolean().default(true),
  steps: z
    .array(z.object({ template_id: id, delay_days: z.number().int().min(0).max(365) }))
    .min(1, 'Add at least one step.')
    .max(MAX_SEQUENCE_STEPS, `A sequence has at most ${MAX_SEQUENCE_STEPS} steps.`),
});
export type SequenceInput = z.input<typeof SequenceInputSchema>;

export const SequenceResponseSchema = z.object({ success: z.literal(true), sequence: SequenceSchema });
export const SequenceListResponseSchema = z.object({ success: z.literal(true), sequences: z.array(SequenceSchema) });

/** POST /api/sequences/{id}/enrol/ — same left-out rules as a bulk send. */
export const EnrolSchema = z.object({
  candidate_ids: z.array(id).min(1).max(200, 'Enrol at most 200 candidates at once.'),
  role_id: id.optional(),
});
export const EnrolResultSchema = z.object({
  enrolled: z.number().int(),
  left_out: z.array(
    z.object({
      candidate_id: z.number().int(),
      name: z.string(),
      reason: z.enum([
        'do_not_contact',
        'unsubscribed',
        'no_email',
        'missing_fields',
        'already_enrolled',
        'restricted',
      ]),
      detail: z.string(),
    }),
  ),
});
export const EnrolResponseSchema = z.object({ success: z.literal(true), result: EnrolResultSchema });

export const EnrolmentSchema = z.object({
  id: z.number().int(),
  sequence_id: z.number().int(),
  candidate: z.object({ id: z.number().int(), name: z.string() }),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(ENROLMENT_STATES),
  stop_reason: z.enum(ENROLMENT_STOP_REASONS).nullable(),
  stop_detail: z.string(),
  /** The next step's position (0-based); equals the step count when finished. */
  next_step: z.number().int(),
  next_run_at: z.string().nullable(),
  enrolled_at: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;
export const EnrolmentListQuerySchema = z.object({ state: z.enum(ENROLMENT_STATES).optional() });
export const EnrolmentListResponseSchema = z.object({ success: z.literal(true), enrolments: z.array(EnrolmentSchema) });
export const EnrolmentResponseSchema = z.object({ success: z.literal(true), enrolment: EnrolmentSchema });
export const EnrolmentParamsSchema = z.object({ id: IdSchema, enrolmentId: IdSchema });
