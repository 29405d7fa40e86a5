import { z } from 'zod';
import { CandidateDuplicateSchema, RESUME_MAX_BYTES } from './candidates';
import { EmailSchema, IdSchema, pageQueryShape } from './common';
import { APPLICATION_SOURCES, APPLICATION_STATUSES } from './application-constants';

// Inbound applications (issue 14): sent through the public careers page, decided in the inbox.

export {
  APPLICATION_SOURCE_LABELS,
  APPLICATION_SOURCES,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
} from './application-constants';

export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

export const ApplicationSourceSchema = z.enum(APPLICATION_SOURCES);
export type ApplicationSource = z.infer<typeof ApplicationSourceSchema>;

/** The candidate's `source` a converted application sets (the analytics' source of placed candidates). */
export const CANDIDATE_SOURCE_OF_APPLICATION: Record<ApplicationSource, string> = {
  careers_page: 'Careers page',
  indeed: 'Indeed',
  other: 'Job application',
};

export const APPLICATION_RESUME_MAX_BYTES = RESUME_MAX_BYTES;

export const APPLICATION_ERRORS = {
  APPLICATION_NOT_FOUND: 'Application not found.',
  ALREADY_DECIDED: 'This application has already been decided.',
  ROLE_NOT_OPEN: 'This role is no longer accepting applications.',
  ALREADY_IN_ROLE: 'This candidate is already in this role.',
  noResume: 'This application has no resume.',
  tooLarge: 'The resume must be 10 MB or smaller.',
  type: 'Use a PDF or DOCX file.',
  missingResume: 'Attach your resume (PDF or DOCX).',
  consent: 'Please agree to the processing of your data to apply.',
  refused: 'Your application could not be sent. Please check the form and try again.',
  tooMany: 'Too many applications were sent from here. Please try again later.',
} as const;

export const APPLICATION_RECEIVED =
  'Thank you! Your application has been received. We have sent a confirmation to your email address.';

const name = (what: string) =>
  z
    .string({ error: `Enter your ${what}.` })
    .trim()
    .min(1, `Enter your ${what}.`)
    .max(100, 'Use at most 100 characters.');

/**
 * The fields of the public form (multipart, with the `resume` file). `website` is the honeypot: hidden from
 * people, filled by bots; any value refuses the application.
 */
export const PublicApplicationFieldsSchema = z.object({
  role_id: IdSchema,
  first_name: name('first name'),
  last_name: name('last name'),
  email: EmailSchema,
  phone: z.string().trim().max(50, 'Use at most 50 characters.').default(''),
  consent: z.enum(['on', 'true', 'yes', '1'], { error: APPLICATION_ERRORS.consent }),
  website: z.string().max(500).default(''),
});
export type PublicApplicationFields = z.infer<typeof PublicApplicationFieldsSchema>;

export const PublicApplicationResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const ApplicationResumeSchema = z.object({
  filename: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});

export const ApplicationSummarySchema = z.object({
  id: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string(), state: z.string() }),
  client: z.object({ id: z.number().int(), name: z.string() }),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.string(),
  status: ApplicationStatusSchema,
  has_resume: z.boolean(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>;

export const ApplicationDetailSchema = ApplicationSummarySchema.extend({
  resume: ApplicationResumeSchema.nullable(),
  consent_at: z.string(),
  reject_reason: z.string().nullable(),
  reject_email_sent: z.boolean(),
  candidate_id: z.number().int().nullable(),
  pipeline_id: z.number().int().nullable(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  duplicates: z.array(CandidateDuplicateSchema),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;

export const ApplicationStatusFilterSchema = z.enum(['new', 'rejected', 'converted', 'all']).default('new');
export type ApplicationStatusFilter = z.infer<typeof ApplicationStatusFilterSchema>;

/** GET /api/roles/{id}/applications/ */
export const RoleApplicationsQuerySchema = z.object({ ...pageQueryShape(), status: ApplicationStatusFilterSchema });
/**
 * GET /api/applications/ — the agency-wide inbox (issue 29 item k): `mine=true` keeps the roles the caller
 * recruits for; `role`, `client` and `search` (applicant's name or email) narrow it.
 */
export const ApplicationsQuerySchema = z.object({
  ...pageQueryShape(),
  status: ApplicationStatusFilterSchema,
  mine: z.enum(['true', 'false']).default('false'),
  role: IdSchema.optional(),
  client: IdSchema.optional(),
  search: z.string().trim().max(200, 'Use at most 200 characters.').optional(),
});
export type ApplicationsQuery = z.input<typeof ApplicationsQuerySchema>;

export const ApplicationListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(ApplicationSummarySchema),
  count: z.number().int(),
});
export type ApplicationListResponse = z.infer<typeof ApplicationListResponseSchema>;

export const ApplicationResponseSchema = z.object({ success: z.literal(true), application: ApplicationDetailSchema });
export type ApplicationResponse = z.infer<typeof ApplicationResponseSchema>;

export const REJECT_REASONS = [
  'not_qualified',
  'location',
  'salary',
  'role_filled',
  'duplicate',
  'spam',
  'other',
] as const;
export const REJECT_REASON_LABELS: Record<(typeof REJECT_REASONS)[number], string> = {
  not_qualified: 'Does not meet the requirements',
  location: 'Location or work permit',
  salary: 'Salary expectations',
  role_filled: 'Role filled',
  duplicate: 'Duplicate application',
  spam: 'Spam',
  other: 'Other',
};

export const RejectApplicationInputSchema = z.object({
  reason: z.string({ error: 'Give a reason.' }).trim().min(1, 'Give a reason.').max(500, 'Use at most 500 characters.'),
  send_email: z.boolean().default(false),
});
export type RejectApplicationInput = z.input<typeof RejectApplicationInputSchema>;

export const ConvertApplicationInputSchema = z.object({ merge_into_candidate_id: IdSchema.optional() });
export type ConvertApplicationInput = z.input<typeof ConvertApplicationInputSchema>;

export const ConvertApplicationResponseSchema = ApplicationResponseSchema.extend({
  candidate_id: z.number().int(),
  pipeline_id: z.number().int(),
});
export type ConvertApplicationResponse = z.infer<typeof ConvertApplicationResponseSchema>;
