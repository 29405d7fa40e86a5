import { z } from 'zod';
import { MAX_ID } from './common';

export const QUALIFICATION_KINDS = ['must_have', 'nice_to_have'] as const;
export const QUALIFICATION_KIND_LABELS: Record<(typeof QUALIFICATION_KINDS)[number], string> = {
  must_have: 'Must have',
  nice_to_have: 'Nice to have',
};

export const JobQualificationSchema = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(QUALIFICATION_KINDS),
  position: z.number().int(),
  created_at: z.string(),
});
export type JobQualification = z.infer<typeof JobQualificationSchema>;

/** POST /api/job-qualifications/ */
export const CreateJobQualificationInputSchema = z.object({
  role_id: z.coerce.number({ error: 'Choose a role.' }).int().positive('Choose a role.').max(MAX_ID, 'Choose a role.'),
  name: z.string().trim().min(1, 'Name the qualification.').max(200, 'Use at most 200 characters.'),
  description: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  kind: z.enum(QUALIFICATION_KINDS).default('must_have'),
});
export type CreateJobQualificationInput = z.input<typeof CreateJobQualificationInputSchema>;

/** PUT /api/job-qualifications/{id}/ */
export const UpdateJobQualificationInputSchema = CreateJobQualificationInputSchema.omit({ role_id: true });
export type UpdateJobQualificationInput = z.input<typeof UpdateJobQualificationInputSchema>;

/** POST /api/roles/{id}/qualifications/reorder/ with every id of the role in the new order. */
export const ReorderJobQualificationsInputSchema = z.object({
  ids: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(200),
});

export const JobQualificationResponseSchema = z.object({
  success: z.literal(true),
  qualification: JobQualificationSchema,
});
export const JobQualificationListResponseSchema = z.object({
  success: z.literal(true),
  qualifications: z.array(JobQualificationSchema),
});

export const JOB_QUALIFICATION_ERRORS = {
  QUALIFICATION_NOT_FOUND: 'Job qualification not found.',
  REORDER_MISMATCH: 'Send every qualification of the role exactly once.',
} as const;
