import { z } from 'zod';
import { ArchivedFilterSchema, IdSchema, MAX_ID, pageQueryShape } from './common';
import { ClientTypeSchema } from './clients';
import { CountryCodeSchema, PostalCodeSchema } from './settings';
import {
  JOB_DESCRIPTION_MAX_BYTES,
  JOB_DESCRIPTION_TYPES,
  ROLE_CLOSE_REASONS,
  ROLE_ORDERINGS,
  ROLE_STATES,
} from './role-constants';

export {
  JOB_DESCRIPTION_MAX_BYTES,
  JOB_DESCRIPTION_TYPES,
  ROLE_CLOSE_REASON_LABELS,
  ROLE_CLOSE_REASONS,
  ROLE_ORDERINGS,
  ROLE_STATE_LABELS,
  ROLE_STATES,
} from './role-constants';

export const RoleStateSchema = z.enum(ROLE_STATES);
export type RoleState = z.infer<typeof RoleStateSchema>;

export const REMOTE_TYPES = ['onsite', 'hybrid', 'remote'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export const ROLE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

const PersonRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const JobDescriptionFileSchema = z.object({
  filename: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
});

export const RoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: RoleStateSchema,
  /** Spec §3: client {id, name}; the type decides the payout basis. */
  client: z.object({ id: z.number().int(), name: z.string(), client_type: ClientTypeSchema }),
  close_reason: z.enum(ROLE_CLOSE_REASONS).nullable(),
  close_note: z.string(),
  openings: z.number().int(),
  location: z.string(),
  /** Overrides the agency's country and postal code in the job-board feed; empty: the default. */
  country: z.string(),
  postal_code: z.string(),
  remote_type: z.enum(REMOTE_TYPES),
  employment_type: z.enum(EMPLOYMENT_TYPES),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  salary_currency: z.string(),
  /** Overrides the client's finder's fee % for this role; absent for whoever may not see fees (decision 071). */
  fee_percent_override: z.number().nullable().optional(),
  priority: z.enum(ROLE_PRIORITIES),
  recruiter: PersonRefSchema.nullable(),
  /** The client's contact who hires for the role (issue 33), and the role's other contacts at its client. */
  hiring_manager: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  contact_ids: z.array(z.number().int()).optional(),
  opened_at: z.string(),
  /** When the client wants the role filled (ISO date), or null. */
  target_fill_date: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** When the (closed) role was archived (out of the default lists, restorable), else null. */
  archived_at: z.string().nullable(),
  description_text: z.string(),
  description_file: JobDescriptionFileSchema.nullable(),
  indeed_posting: z.boolean(),
  /** Whether the client's name may appear in public (the job feed, the careers pages). */
  show_client_publicly: z.boolean(),
  qualifications_count: z.number().int(),
  notes_count: z.number().int(),
  /** Inbound applications to the role (issue 14): all of them, and the undecided ones (the badge). */
  applications_count: z.number().int(),
  new_applications_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const money = z.coerce.number().min(0, 'Use a positive amount.').max(100_000_000, 'The amount is too large.');

const RoleFieldsSchema = z.object({
  client_id: z.coerce
    .number({ error: 'Choose a client.' })
    .int()
    .positive('Choose a client.')
    .max(MAX_ID, 'Choose a client.'),
  name: text(200).min(1, 'Enter the job title.'),
  state: z.enum(['open', 'on_hold']).default('open'),
  openings: z.coerce
    .number()
    .int('Use a whole number.')
    .min(1, 'At least one opening.')
    .max(500, 'At most 500 openings.')
    .default(1),
  location: text(200).default(''),
  country: CountryCodeSchema,
  postal_code: PostalCodeSchema,
  remote_type: z.enum(REMOTE_TYPES).default('onsite'),
  employment_type: z.enum(EMPLOYMENT_TYPES).default('full_time'),
  salary_min: money.nullable().default(null),
  salary_max: money.nullable().default(null),
  salary_currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')
    .optional(),
  fee_percent_override: z.coerce
    .number()
    .min(0, 'Use 0 to 100 %.')
    .max(100, 'Use 0 to 100 %.')
    .nullable()
    .default(null),
  priority: z.enum(ROLE_PRIORITIES).default('medium'),
  recruiter_id: IdSchema.nullable().default(null),
  opened_at: z.iso.date({ error: 'Enter a date.' }).optional(),
  target_fill_date: z.iso.date({ error: 'Enter a date.' }).nullable().default(null),
  description_text: text(50_000).default(''),
  indeed_posting: z.boolean().default(false),
  show_client_publicly: z.boolean().default(false),
});

const salaryOrder = (
  value: {
    salary_min?: number | null;
    salary_max?: number | null;
    opened_at?: string | undefined;
    target_fill_date?: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (value.salary_min != null && value.salary_max != null && value.salary_min > value.salary_max) {
    ctx.addIssue({ code: 'custom', path: ['salary_max'], message: 'The maximum must be at least the minimum.' });
  }
  if (value.opened_at && value.target_fill_date && value.target_fill_date < value.opened_at) {
    ctx.addIssue({
      code: 'custom',
      path: ['target_fill_date'],
      message: 'The target fill date cannot come before the opening date.',
    });
  }
};

/**
 * POST /api/roles/ and PUT /api/roles/{id}/. Without `recruiter_id` a new role's recruiter is its creator
 * when they are a recruiter (else nobody); `null` says nobody.
 */
export const RoleInputSchema = RoleFieldsSchema.extend({
  recruiter_id: IdSchema.nullable().optional(),
  /** One of the client's contacts (else 400); left out: kept on an edit (cleared when the client changes). */
  hiring_manager_contact_id: IdSchema.nullable().optional(),
  /** Other contacts at the role's client; left out: kept on an edit (cleared when the client changes). */
  contact_ids: z.array(IdSchema).max(50, 'Choose at most 50 contacts.').optional(),
}).superRefine(salaryOrder);
export type RoleInput = z.input<typeof RoleInputSchema>;
export type RoleInputParsed = z.output<typeof RoleInputSchema>;

/** PATCH /api/roles/{id}/field/: one field edited in place. */
export const ROLE_INLINE_FIELDS = [
  'name',
  'openings',
  'location',
  'remote_type',
  'employment_type',
  'salary_min',
  'salary_max',
  'fee_percent_override',
  'priority',
  'recruiter_id',
  'description_text',
  'indeed_posting',
  'show_client_publicly',
] as const;
export const RoleFieldUpdateInputSchema = z.object({
  field: z.enum(ROLE_INLINE_FIELDS),
  value: z.unknown(),
});
export type RoleFieldUpdateInput = z.infer<typeof RoleFieldUpdateInputSchema>;
/** The server validates `value` with the matching field of this schema. */
export const RoleInlineFieldSchemas = RoleFieldsSchema.pick({
  name: true,
  openings: true,
  location: true,
  remote_type: true,
  employment_type: true,
  salary_min: true,
  salary_max: true,
  fee_percent_override: true,
  priority: true,
  recruiter_id: true,
  description_text: true,
  indeed_posting: true,
  show_client_publicly: true,
}).shape;

export const CloseRoleInputSchema = z.object({
  reason: z.enum(ROLE_CLOSE_REASONS, { error: 'Choose why the role is closing.' }),
  note: text(2000).default(''),
});
export type CloseRoleInput = z.input<typeof CloseRoleInputSchema>;

export const RoleResponseSchema = z.object({ success: z.literal(true), role: RoleSchema });
export type RoleResponse = z.infer<typeof RoleResponseSchema>;

/** GET /api/roles/dashboard/ (active roles) and GET /api/roles/closed/ */
export const RoleListQuerySchema = z.object({
  client: IdSchema.optional(),
  search: z.string().trim().max(200).optional(),
  state: z.enum(['open', 'on_hold']).optional(),
  recruiter: z.union([z.literal('me'), IdSchema]).optional(),
  priority: z.enum(ROLE_PRIORITIES).optional(),
  /** `this_month`: opened on or after the first of the month in the caller's profile time zone (the dashboard card). */
  opened: z.enum(['this_month']).optional(),
  /** Archived roles are left out unless asked for (`true`: only them, `all`: both); only closed roles are archived. */
  archived: ArchivedFilterSchema,
  ordering: z.enum(ROLE_ORDERINGS).default('-opened_at'),
  ...pageQueryShape(50),
});
export type RoleListQuery = z.input<typeof RoleListQuerySchema>;

export const RoleListResponseSchema = z.object({
  success: z.literal(true),
  roles: z.array(RoleSchema),
  count: z.number().int(),
});
export type RoleListResponse = z.infer<typeof RoleListResponseSchema>;

/** GET /api/roles/form-data/ */
export const RoleFormDataResponseSchema = z.object({
  success: z.literal(true),
  clients: z.array(
    z.object({ id: z.number().int(), name: z.string(), client_type: ClientTypeSchema, state: z.string() }),
  ),
  recruiters: z.array(z.object({ id: z.number().int(), name: z.string() })),
  remote_types: z.array(z.string()),
  employment_types: z.array(z.string()),
  priorities: z.array(z.string()),
  close_reasons: z.array(z.object({ value: z.string(), label: z.string() })),
  default_currency: z.string(),
  /** The recruiter a new role starts with: the caller when they are a recruiter, else null. */
  default_recruiter_id: z.number().int().nullable(),
  /** Whether the caller sees (and so may set) fees: the fee % override field is shown only then (decision 071). */
  money_visible: z.boolean(),
});
export type RoleFormDataResponse = z.infer<typeof RoleFormDataResponseSchema>;

/**
 * GET /api/roles/{id}/payout/: finder's fee = fee % × salary basis per opening (the role's override or
 * the client's %; basis = salary_max, else salary_min); retainer = the role's share of the client's
 * retainer (the retainer split evenly over the client's roles that are not closed-as-cancelled).
 */
export const RolePayoutSchema = z.object({
  basis: ClientTypeSchema,
  currency: z.string(),
  fee_percent: z.number().nullable(),
  salary_basis: z.number().nullable(),
  per_opening: z.number().nullable(),
  openings: z.number().int(),
  total: z.number().nullable(),
  explanation: z.string(),
  /**
   * Once the role has placements: what they really earn (the fees stored with them), beside the estimate
   * above; one total per currency (normally one). Null before the first placement.
   */
  placed: z
    .object({
      placements: z.number().int(),
      fees: z.array(z.object({ currency: z.string(), total: z.number() })),
    })
    .nullable(),
});
export type RolePayout = z.infer<typeof RolePayoutSchema>;
/** `payout` is absent, and `money_visible` false, for whoever may not see fees (decision 071). */
export const RolePayoutResponseSchema = z.object({
  success: z.literal(true),
  money_visible: z.boolean(),
  payout: RolePayoutSchema.optional(),
});

/** GET /api/roles/stats/: the dashboard cards. */
export const RoleStatsResponseSchema = z.object({
  success: z.literal(true),
  stats: z.object({
    open_roles: z.number().int(),
    active_clients: z.number().int(),
    /** Active roles opened this month (the caller's time zone): what /jobs/active?opened=this_month lists. */
    roles_opened_this_month: z.number().int(),
    my_roles: z.number().int(),
  }),
});
export type RoleStatsResponse = z.infer<typeof RoleStatsResponseSchema>;

export const JobDescriptionSchema = z.object({ text: z.string(), file: JobDescriptionFileSchema.nullable() });
export const JobDescriptionResponseSchema = z.object({
  success: z.literal(true),
  job_description: JobDescriptionSchema,
});
export const UpdateJobDescriptionInputSchema = z.object({ text: text(50_000) });
export const JobDescriptionUploadUrlInputSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  content_type: z.enum(JOB_DESCRIPTION_TYPES, { error: 'Use a PDF, DOCX or TXT file.' }),
  size: z.number().int().positive().max(JOB_DESCRIPTION_MAX_BYTES, 'The file must be 10 MB or smaller.'),
});
export const ConfirmJobDescriptionInputSchema = z.object({
  key: z.string().min(1).max(500),
  filename: z.string().trim().min(1).max(255),
});
/** GET …/download-url/ (a resume, a job description file): a short-lived signed link. */
export const DownloadUrlResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export type DownloadUrlResponse = z.infer<typeof DownloadUrlResponseSchema>;

export const ROLE_ERRORS = {
  ROLE_NOT_FOUND: 'Role not found.',
  ROLE_ALREADY_CLOSED: 'This role is already closed.',
  ROLE_NOT_CLOSED: 'Only a closed role can be reopened.',
  CLIENT_NOT_ACTIVE: 'Roles can only be added to a client that is not closed or archived.',
  ROLE_ARCHIVED: 'This role is archived. Restore it first.',
  ROLE_NOT_ARCHIVED: 'This role is not archived.',
  ROLE_ALREADY_ARCHIVED: 'This role is already archived.',
  ROLE_ARCHIVE_NOT_CLOSED: 'Close the role before archiving it.',
  ROLE_HAS_PIPELINES: 'This role has candidates in its pipeline, so it cannot be deleted. Archive it instead.',
} as const;

/** Texts of the job description file endpoints (413, 415, 404). */
export const JOB_DESCRIPTION_ERRORS = {
  missing: 'The uploaded file was not found. Upload it again.',
  tooLarge: 'The file must be 10 MB or smaller.',
  type: 'Use a PDF, DOCX or TXT file.',
  noFile: 'This role has no job description file.',
} as const;
