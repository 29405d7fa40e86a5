import { z } from 'zod';
import { ErrorResponseSchema, MAX_ID } from './common';

/**
 * Weekly job-board posting data (issue 14, spec §3/§7, decisions 042 and 043): one row per role per week
 * (the week starts on Monday in the agency's time zone), entered by hand or imported from the board's CSV
 * traffic report, and the performance figures that join the spend to the agency's own outcomes.
 * Money travels as integer minor units (cents) with its currency; a ratio or cost of nothing is null.
 */

export const POSTING_STATUSES = ['active', 'paused', 'closed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
export const POSTING_STATUS_LABELS: Record<PostingStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
};

/** The largest count or amount a field takes (fits a PostgreSQL integer / bigint comfortably). */
export const POSTING_MAX_COUNT = 1_000_000_000;
export const POSTING_MAX_MINOR = 100_000_000_00;
/** The longest performance range, in weeks. */
export const PERFORMANCE_MAX_WEEKS = 104;

export const JOB_POSTING_MESSAGES = {
  notMonday: 'A week starts on a Monday.',
  futureWeek: 'This week has not started yet.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  duplicate: 'This role already has a row for that week.',
  roleNotFound: 'Role not found.',
  roleNotPosted: 'This role is not posted on the job board. Switch posting on from the role first.',
  notFound: 'Posting row not found.',
  rangeOrder: 'The end date must not be before the start date.',
  rangeTooLong: `Choose a range of at most ${PERFORMANCE_MAX_WEEKS} weeks.`,
} as const;

const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** A calendar date, YYYY-MM-DD. */
export const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, JOB_POSTING_MESSAGES.invalidDate)
  .refine(isCalendarDate, JOB_POSTING_MESSAGES.invalidDate);

/** Whether a calendar date is a Monday. */
export const isMonday = (value: string): boolean => new Date(`${value}T00:00:00Z`).getUTCDay() === 1;

/** The Monday of the week a calendar date falls in. */
export function mondayOf(value: string): string {
  const day = new Date(`${value}T00:00:00Z`);
  const back = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

export const WeekStartSchema = CalendarDateSchema.refine(isMonday, JOB_POSTING_MESSAGES.notMonday);

const count = z.coerce
  .number()
  .int('Enter a whole number.')
  .min(0, 'Enter 0 or more.')
  .max(POSTING_MAX_COUNT, 'This number is too large.');
const minor = z.coerce
  .number()
  .int('Enter an amount in cents.')
  .min(0, 'Enter 0 or more.')
  .max(POSTING_MAX_MINOR, 'This amount is too large.');

/** The board's funnel, in order (issue 29 item m): a week's applies ≤ clicks ≤ impressions. */
export const FUNNEL_MESSAGES = {
  clicks: 'Clicks cannot be more than impressions.',
  applies: 'Applies cannot be more than clicks.',
} as const;

/** What breaks the funnel in a week's figures (none: an empty object). */
export function postingFunnelProblems(figures: {
  impressions: number;
  clicks: number;
  applies: number;
}): Partial<Record<keyof typeof FUNNEL_MESSAGES, string>> {
  const problems: Partial<Record<keyof typeof FUNNEL_MESSAGES, string>> = {};
  if (figures.clicks > figures.impressions) problems.clicks = FUNNEL_MESSAGES.clicks;
  if (figures.applies > figures.clicks) problems.applies = FUNNEL_MESSAGES.applies;
  return problems;
}

const funnelInOrder = (figures: { impressions: number; clicks: number; applies: number }, ctx: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(postingFunnelProblems(figures)))
    ctx.addIssue({ code: 'custom', path: [field], message });
};

/** The figures of one week, as entered or imported. A daily budget not known is null ("Not set"). */
export const PostingFiguresSchema = z.object({
  status: z.enum(POSTING_STATUSES),
  daily_budget_minor: minor.nullable(),
  spend_minor: minor,
  impressions: count,
  clicks: count,
  apply_starts: count,
  applies: count,
});
export type PostingFigures = z.infer<typeof PostingFiguresSchema>;

export const CreateJobPostingInputSchema = PostingFiguresSchema.extend({
  role_id: z.coerce.number().int().positive().max(MAX_ID),
  week_start: WeekStartSchema,
})
  .strict()
  .superRefine(funnelInOrder);
export type CreateJobPostingInput = z.infer<typeof CreateJobPostingInputSchema>;

export const UpdateJobPostingInputSchema = PostingFiguresSchema.strict().superRefine(funnelInOrder);
export type UpdateJobPostingInput = z.infer<typeof UpdateJobPostingInputSchema>;

export const JobPostingSchema = PostingFiguresSchema.extend({
  id: z.number(),
  role_id: z.number(),
  week_start: z.string(),
  currency: z.string(),
  updated_at: z.string(),
});
export type JobPosting = z.infer<typeof JobPostingSchema>;

export const JobPostingResponseSchema = z.object({ success: z.literal(true), posting: JobPostingSchema });

/** The rates a set of figures gives; null where the divisor is zero. Costs in minor units, rounded. */
export const PostingRatesSchema = z.object({
  ctr: z.number().nullable(),
  cost_per_click_minor: z.number().nullable(),
  cost_per_apply_minor: z.number().nullable(),
});

export const PostingTotalsSchema = PostingRatesSchema.extend({
  spend_minor: z.number(),
  daily_budget_minor: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  apply_starts: z.number(),
  applies: z.number(),
});
export type PostingTotals = z.infer<typeof PostingTotalsSchema>;

export const OverviewRowSchema = z.object({
  role_id: z.number(),
  role_name: z.string(),
  role_state: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  indeed_posting: z.boolean(),
  /**
   * The country the job feed gives the role (its own, its location's, else the agency's); empty when none:
   * the board refuses such a job, so the page flags it (issue 29 item 7).
   */
  feed_country: z.string(),
  /** The week's row, or null when nothing was entered for this role yet. */
  posting: JobPostingSchema.nullable(),
});
export type OverviewRow = z.infer<typeof OverviewRowSchema>;

export const OverviewQuerySchema = z.object({ week: WeekStartSchema.optional() });

export const OverviewResponseSchema = z.object({
  success: z.literal(true),
  week_start: z.string(),
  week_end: z.string(),
  current_week: z.string(),
  currency: z.string(),
  rows: z.array(OverviewRowSchema),
  totals: PostingTotalsSchema,
});
export type OverviewResponse = z.infer<typeof OverviewResponseSchema>;

export const FormDataResponseSchema = z.object({
  success: z.literal(true),
  current_week: z.string(),
  currency: z.string(),
  statuses: z.array(z.object({ value: z.enum(POSTING_STATUSES), label: z.string() })),
  roles: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      state: z.string(),
      client_id: z.number(),
      client_name: z.string(),
      indeed_posting: z.boolean(),
    }),
  ),
  clients: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type FormDataResponse = z.infer<typeof FormDataResponseSchema>;

// ---- Performance ----

export const PerformanceQuerySchema = z
  .object({
    role: z.coerce.number().int().positive().max(MAX_ID).optional(),
    client: z.coerce.number().int().positive().max(MAX_ID).optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
  })
  .strict();
export type PerformanceQuery = z.infer<typeof PerformanceQuerySchema>;

export const PerformanceFiguresSchema = PostingTotalsSchema.extend({
  /** Applications for the role converted to a candidate, by the week they arrived. */
  qualified: z.number(),
  submittals: z.number(),
  placements: z.number(),
  cost_per_qualified_minor: z.number().nullable(),
  cost_per_submittal_minor: z.number().nullable(),
  cost_per_placement_minor: z.number().nullable(),
});
export type PerformanceFigures = z.infer<typeof PerformanceFiguresSchema>;

export const PerformanceResponseSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  weeks: z.array(PerformanceFiguresSchema.extend({ week_start: z.string() })),
  total: PerformanceFiguresSchema,
  by_role: z.array(
    PerformanceFiguresSchema.extend({
      role_id: z.number(),
      role_name: z.string(),
      client_id: z.number(),
      client_name: z.string(),
    }),
  ),
  by_client: z.array(PerformanceFiguresSchema.extend({ client_id: z.number(), client_name: z.string() })),
});
export type PerformanceResponse = z.infer<typeof PerformanceResponseSchema>;

// ---- CSV import of the board's traffic report ----

/** The fields a report column can fill; `role` matches our role's reference number (its id) or exact title. */
export const IMPORT_FIELDS = [
  'role',
  'week_start',
  'status',
  'daily_budget',
  'spend',
  'impressions',
  'clicks',
  'apply_starts',
  'applies',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  role: 'Role (reference number such as RD-12, or title)',
  week_start: 'Week (any date in it)',
  status: 'Status',
  daily_budget: 'Daily budget',
  spend: 'Spend',
  impressions: 'Impressions',
  clicks: 'Clicks',
  apply_starts: 'Apply starts',
  applies: 'Applies',
};
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['role', 'week_start'];
/** The largest report accepted, in characters, and its most rows. */
export const IMPORT_MAX_CHARS = 1_000_000;
export const IMPORT_MAX_ROWS = 5_000;

export const IMPORT_MESSAGES = {
  empty: 'The file has no rows under its header.',
  unreadable: 'The file could not be read as CSV.',
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS} rows.`,
  missingRequired: 'Map a column to every required field: role and week.',
  unknownColumn: 'The mapping names a column the file does not have.',
  duplicateField: 'Each field can be mapped from one column only.',
  refused: 'The file has errors; nothing was imported.',
} as const;

/** The file's text (the browser reads the upload; the server parses it). */
export const ImportUploadInputSchema = z
  .object({
    csv: z.string().min(1, IMPORT_MESSAGES.empty).max(IMPORT_MAX_CHARS, 'The file is too large (at most 1 MB).'),
  })
  .strict();

export const ImportUploadResponseSchema = z.object({
  success: z.literal(true),
  columns: z.array(z.string()),
  row_count: z.number(),
  sample: z.array(z.array(z.string())),
  /** The field each column most likely fills, by its header (column name → field). */
  suggested_mapping: z.record(z.string(), z.enum(IMPORT_FIELDS)),
});
export type ImportUploadResponse = z.infer<typeof ImportUploadResponseSchema>;

export const ImportRunInputSchema = z
  .object({
    csv: ImportUploadInputSchema.shape.csv,
    mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string().max(200)),
  })
  .strict();
export type ImportRunInput = z.infer<typeof ImportRunInputSchema>;

/** One problem in the file: the 1-based row (the header is row 1) and the column's header. */
export const ImportProblemSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportPreviewRowSchema = z.object({
  row: z.number(),
  role_id: z.number(),
  role_name: z.string(),
  week_start: z.string(),
  /** Whether the row replaces an existing week's figures or adds one. */
  action: z.enum(['create', 'update']),
  figures: PostingFiguresSchema,
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const ImportPreviewResponseSchema = z.object({
  success: z.literal(true),
  rows: z.array(ImportPreviewRowSchema),
  creates: z.number(),
  updates: z.number(),
});
export type ImportPreviewResponse = z.infer<typeof ImportPreviewResponseSchema>;

export const ImportResultResponseSchema = z.object({
  success: z.literal(true),
  created: z.number(),
  updated: z.number(),
});

/** The refusal of a bad file: 400 with every problem (at most 50), nothing written. */
export const ImportRefusalSchema = ErrorResponseSchema.extend({ problems: z.array(ImportProblemSchema).optional() });
