// Over 400 lines: one domain's whole API (the ten analytics sets, their filters and answers, the attention list) kept in one contract file, each schema short.
import { z } from 'zod';
import { ApplicationSourceSchema } from './applications';
import { MAX_ID, pageQueryShape } from './common';

/*
 * Analytics (issue 12, spec §2/§3) and the dashboard's attention list. Definitions: docs/analytics.md.
 *
 * Endpoints (session required; owner, superuser, recruiter and viewer may read; decision 034):
 *   GET /api/analytics/summary/               AnalyticsFiltersQuery -> AnalyticsSummaryResponse
 *   GET /api/analytics/totals/                AnalyticsFiltersQuery -> AnalyticsTotalsResponse (date range ignored: all time)
 *   GET /api/analytics/clients/               AnalyticsFiltersQuery -> AnalyticsClientsResponse
 *   GET /api/analytics/roles/                 AnalyticsFiltersQuery -> AnalyticsRolesResponse
 *   GET /api/analytics/stages/                AnalyticsFiltersQuery -> AnalyticsStagesResponse
 *   GET /api/analytics/wages/                 AnalyticsFiltersQuery -> AnalyticsWagesResponse
 *   GET /api/analytics/role-wages/            AnalyticsFiltersQuery -> AnalyticsRoleWagesResponse
 *   GET /api/analytics/optimal-wage-range/    AnalyticsFiltersQuery -> AnalyticsOptimalWageRangeResponse
 *   GET /api/analytics/retainer-time-payout/  AnalyticsFiltersQuery -> AnalyticsRetainerTimePayoutResponse
 *   GET /api/analytics/filter-options/                              -> AnalyticsFilterOptionsResponse
 *   GET /api/dashboard/attention/                                   -> AttentionResponse
 *
 * Money travels as decimal strings with two places ("26000.00"), like the invoices contract. Fields marked
 * MONEY (revenue booked and collected, fees, outstanding retainer amounts) are present only for owners:
 * the server leaves them out for every other user type (`money_visible: false` says so). Salaries (placed,
 * offered, posted ranges) are not agency money and are shown to everyone who may read analytics.
 *
 * Ratios (fill rate, conversion, acceptance rate) are numbers from 0 to 1 with up to 4 decimals; durations
 * are days (numbers, up to 1 decimal); null when there is nothing to measure.
 */

export const AnalyticsMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
export type AnalyticsMoney = z.infer<typeof AnalyticsMoneySchema>;

export const ANALYTICS_SETS = [
  'summary',
  'clients',
  'roles',
  'stages',
  'wages',
  'role-wages',
  'optimal-wage-range',
  'retainer-time-payout',
  'filter-options',
  'totals',
  'sources',
] as const;
export type AnalyticsSet = (typeof ANALYTICS_SETS)[number];

export const ANALYTICS_CLIENT_TYPES = ['finders_fee', 'retainer'] as const;
/** The longest date range a set answers: 10 years. */
export const ANALYTICS_MAX_RANGE_DAYS = 3660;

export const ANALYTICS_MESSAGES = {
  dateFrom: 'Give the start date as YYYY-MM-DD.',
  dateTo: 'Give the end date as YYYY-MM-DD.',
  dateOrder: 'The start date must not come after the end date.',
  rangeTooLong: 'The date range may span at most 10 years.',
  client: 'Choose a client from the list.',
  clientType: 'Choose the client type: finders_fee or retainer.',
  recruiter: 'Choose a recruiter from the list.',
  roleFamily: 'Choose a role family from the list (at most 100 characters).',
} as const;

const isoDate = (message: string) => z.iso.date({ error: message });
const optionalId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).optional();

/**
 * The filters every set takes (filter-options lists their values). Dates are inclusive calendar dates (UTC);
 * with neither given the range is the last 12 months: date_to = today, date_from = the same day a year
 * earlier plus one day. Given only one, the other is 12 months from it. Invalid → 400 with the field named.
 */
export const AnalyticsFiltersQuerySchema = z
  .object({
    date_from: isoDate(ANALYTICS_MESSAGES.dateFrom).optional(),
    date_to: isoDate(ANALYTICS_MESSAGES.dateTo).optional(),
    client: optionalId(ANALYTICS_MESSAGES.client),
    client_type: z.enum(ANALYTICS_CLIENT_TYPES, { error: ANALYTICS_MESSAGES.clientType }).optional(),
    recruiter: optionalId(ANALYTICS_MESSAGES.recruiter),
    /** A role family key as filter-options lists it (the normalised title, e.g. "software engineer"). */
    role_family: z
      .string({ error: ANALYTICS_MESSAGES.roleFamily })
      .trim()
      .min(1, ANALYTICS_MESSAGES.roleFamily)
      .max(100, ANALYTICS_MESSAGES.roleFamily)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.date_from && value.date_to) {
      if (value.date_from > value.date_to)
        ctx.addIssue({ code: 'custom', path: ['date_to'], message: ANALYTICS_MESSAGES.dateOrder });
      else if ((Date.parse(value.date_to) - Date.parse(value.date_from)) / 86_400_000 > ANALYTICS_MAX_RANGE_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: ANALYTICS_MESSAGES.rangeTooLong,
        });
    }
  });
export type AnalyticsFiltersQuery = z.infer<typeof AnalyticsFiltersQuerySchema>;

/** The filters as the server applied them (defaults filled in). */
export const AppliedFiltersSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  client: z.number().int().nullable(),
  client_type: z.enum(ANALYTICS_CLIENT_TYPES).nullable(),
  recruiter: z.number().int().nullable(),
  role_family: z.string().nullable(),
});
export type AppliedFilters = z.infer<typeof AppliedFiltersSchema>;

/** Every set's answer carries these. */
const base = {
  success: z.literal(true),
  filters: AppliedFiltersSchema,
  /** True for owners: the MONEY fields are present. False: they are absent (not null, absent). */
  money_visible: z.boolean(),
};

const money = AnalyticsMoneySchema;
const ratio = z.number().nullable();
const days = z.number().nullable();

// ---------------------------------------------------------------- summary / totals

/** The KPI figures (summary: within the date range; totals: all time). */
export const AnalyticsKpisSchema = z.object({
  /** Roles open (state open or on hold) at the end of the period (totals: now). */
  open_roles: z.number().int(),
  /** Roles opened within the period. */
  new_roles: z.number().int(),
  /** Placements whose pipeline was placed within the period. */
  placements: z.number().int(),
  /** Roles closed within the period with reason filled / filled_by_client, or with a placement. */
  roles_filled: z.number().int(),
  /** Roles closed within the period. */
  roles_closed: z.number().int(),
  /** roles_filled / roles_closed. */
  fill_rate: ratio,
  /** Median days from a role's opened date to each placement in the period. */
  median_days_to_fill: days,
  /** Median days from opened date to the role's first submittal, for roles whose first submittal is in the period. */
  median_days_to_first_submittal: days,
  /** Submittals made within the period. */
  submittals: z.number().int(),
  /** submittals / placements. */
  submittals_per_placement: ratio,
  /** MONEY: invoices issued in the period, not draft, not void; credit notes count negative. */
  revenue_booked: money.optional(),
  /** MONEY: payouts received in the period. */
  revenue_collected: money.optional(),
  /** MONEY: mean placement fee of the period's placements; null when none. */
  average_fee: money.nullable().optional(),
});
export type AnalyticsKpis = z.infer<typeof AnalyticsKpisSchema>;

export const AnalyticsMonthSchema = z.object({
  /** "2026-03" */
  month: z.string(),
  new_roles: z.number().int(),
  placements: z.number().int(),
  submittals: z.number().int(),
  /** MONEY */
  revenue_booked: money.optional(),
  /** MONEY */
  revenue_collected: money.optional(),
});
export type AnalyticsMonth = z.infer<typeof AnalyticsMonthSchema>;

export const AnalyticsRecruiterRowSchema = z.object({
  recruiter_id: z.number().int().nullable(),
  /** "Unassigned" when the role or pipeline has no recruiter. */
  recruiter_name: z.string(),
  open_roles: z.number().int(),
  submittals: z.number().int(),
  placements: z.number().int(),
  /** MONEY: sum of the fees of the recruiter's placements in the period. */
  fees: money.optional(),
});
export type AnalyticsRecruiterRow = z.infer<typeof AnalyticsRecruiterRowSchema>;

export const AnalyticsSummaryResponseSchema = z.object({
  ...base,
  summary: AnalyticsKpisSchema,
  /** The same figures over the period of equal length just before (for the "change" on KPI cards). */
  previous: AnalyticsKpisSchema,
  previous_period: z.object({ date_from: z.string(), date_to: z.string() }),
  /** Every month touching the period, oldest first, months with nothing included (zeros). */
  months: z.array(AnalyticsMonthSchema),
  /** Recruiters by placements then submittals (all who have any activity in the period). */
  recruiters: z.array(AnalyticsRecruiterRowSchema),
});
export type AnalyticsSummaryResponse = z.infer<typeof AnalyticsSummaryResponseSchema>;

export const AnalyticsTotalsResponseSchema = z.object({ ...base, totals: AnalyticsKpisSchema });
export type AnalyticsTotalsResponse = z.infer<typeof AnalyticsTotalsResponseSchema>;

// ---------------------------------------------------------------- clients

export const AnalyticsClientRowSchema = z.object({
  client_id: z.number().int(),
  client_name: z.string(),
  client_type: z.enum(ANALYTICS_CLIENT_TYPES),
  open_roles: z.number().int(),
  new_roles: z.number().int(),
  placements: z.number().int(),
  median_days_to_fill: days,
  /** MONEY */
  revenue_booked: money.optional(),
  /** MONEY */
  revenue_collected: money.optional(),
  /** MONEY: mean fee of the client's placements in the period; null when none. */
  average_fee: money.nullable().optional(),
});
export type AnalyticsClientRow = z.infer<typeof AnalyticsClientRowSchema>;

/** Clients with any activity (open roles, new roles, placements, invoices, payouts), by placements then name. */
export const AnalyticsClientsResponseSchema = z.object({
  ...base,
  clients: z.array(AnalyticsClientRowSchema),
});
export type AnalyticsClientsResponse = z.infer<typeof AnalyticsClientsResponseSchema>;

// ---------------------------------------------------------------- sources

/** How a placement without a recorded source is named (the screen and the assistant). */
export const NO_SOURCE_LABEL = 'Not recorded';

/** Where the period's placements came from: the channel of each placed candidate. */
export const AnalyticsSourceRowSchema = z.object({
  /**
   * The application's channel when the placed pipeline came from one ('Careers page', 'Indeed', 'Job
   * application'), else the candidate's recorded source ('Referral', 'LinkedIn', …); '' when none was recorded.
   * Spellings that differ only in case or spaces count as one.
   */
  source: z.string(),
  placements: z.number().int(),
  /** Share of the period's placements, 0–1. */
  share: z.number(),
  /** MONEY: the fees of those placements. */
  fees: money.optional(),
});
export type AnalyticsSourceRow = z.infer<typeof AnalyticsSourceRowSchema>;

/** Inbound applications received in the period, per channel, and what became of them so far. */
export const AnalyticsApplicationsRowSchema = z.object({
  source: ApplicationSourceSchema,
  received: z.number().int(),
  /** Still waiting for a decision. */
  open: z.number().int(),
  rejected: z.number().int(),
  converted: z.number().int(),
  /** Converted applications whose pipeline reached a placement (at any time since). */
  placed: z.number().int(),
});
export type AnalyticsApplicationsRow = z.infer<typeof AnalyticsApplicationsRowSchema>;

export const AnalyticsSourcesResponseSchema = z.object({
  ...base,
  sources: z.array(AnalyticsSourceRowSchema),
  applications: z.array(AnalyticsApplicationsRowSchema),
});
export type AnalyticsSourcesResponse = z.infer<typeof AnalyticsSourcesResponseSchema>;

// ---------------------------------------------------------------- roles

export const ROLE_OUTCOMES = ['open', 'on_hold', 'filled', 'closed_unfilled'] as const;
export type RoleOutcome = (typeof ROLE_OUTCOMES)[number];
export const ROLE_OUTCOME_LABELS: Record<RoleOutcome, string> = {
  open: 'Open',
  on_hold: 'On hold',
  filled: 'Filled',
  closed_unfilled: 'Closed unfilled',
};

/** Pipeline counts by current stage (open and closed pipelines, by the stage they are or stopped at). */
export const StageCountsSchema = z.object({
  sourced: z.number().int(),
  internal_interview: z.number().int(),
  submit_pending: z.number().int(),
  submitted: z.number().int(),
  client_interview: z.number().int(),
  offer: z.number().int(),
  placed: z.number().int(),
});
export type StageCounts = z.infer<typeof StageCountsSchema>;

export const AnalyticsRoleRowSchema = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  role_family: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  recruiter_id: z.number().int().nullable(),
  recruiter_name: z.string(),
  state: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  /** Opened → closed, or → today while active. */
  days_open: z.number().int(),
  pipelines: z.number().int(),
  stage_counts: StageCountsSchema,
  submittals: z.number().int(),
  interviews: z.number().int(),
  placements: z.number().int(),
  outcome: z.enum(ROLE_OUTCOMES),
});
export type AnalyticsRoleRow = z.infer<typeof AnalyticsRoleRowSchema>;

/** Roles active during the period (opened before its end, not closed before its start), newest first, at most 500. */
export const ANALYTICS_ROLES_LIMIT = 500;
export const AnalyticsRolesResponseSchema = z.object({
  ...base,
  roles: z.array(AnalyticsRoleRowSchema),
  /** How many roles matched (may exceed the rows returned). */
  count: z.number().int(),
});
export type AnalyticsRolesResponse = z.infer<typeof AnalyticsRolesResponseSchema>;

// ---------------------------------------------------------------- stages

export const AnalyticsStageRowSchema = z.object({
  stage: z.string(),
  label: z.string(),
  /** Pipelines (created in the period) that reached this stage or a later one. */
  reached: z.number().int(),
  /** reached(next) / reached(this); null for placed or when none reached this one. */
  conversion_to_next: ratio,
  /** Days spent in this stage (entering it to leaving it, from the pipeline events), over stays that ended. */
  median_days_in_stage: days,
  p90_days_in_stage: days,
  /** Closed pipelines whose last stage was this one. */
  dropped: z.number().int(),
  /** Their close reasons, most frequent first. */
  dropped_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type AnalyticsStageRow = z.infer<typeof AnalyticsStageRowSchema>;

export const AnalyticsStagesResponseSchema = z.object({
  ...base,
  /** Pipelines created within the period (the funnel's base). */
  pipelines: z.number().int(),
  stages: z.array(AnalyticsStageRowSchema),
});
export type AnalyticsStagesResponse = z.infer<typeof AnalyticsStagesResponseSchema>;

// ---------------------------------------------------------------- wages

export const WAGE_POSITIONS = ['below', 'within', 'above', 'no_range'] as const;
export type WagePosition = (typeof WAGE_POSITIONS)[number];

export const AnalyticsPlacedWageSchema = z.object({
  placement_id: z.number().int(),
  pipeline_id: z.number().int(),
  role_id: z.number().int(),
  role_name: z.string(),
  role_family: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  placed_on: z.string(),
  currency: z.string(),
  salary: money,
  salary_min: money.nullable(),
  salary_max: money.nullable(),
  position: z.enum(WAGE_POSITIONS),
  /** How far outside the range: salary − max (above), salary − min (below, negative), 0 within; null without a range. */
  difference: money.nullable(),
  /** difference / the bound crossed (0.125 = 12.5 % above the max); null without a range. */
  difference_ratio: ratio,
});
export type AnalyticsPlacedWage = z.infer<typeof AnalyticsPlacedWageSchema>;

export const AnalyticsWageGroupSchema = z.object({
  /** client id as a string, or the role family key. */
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  below: z.number().int(),
  within: z.number().int(),
  above: z.number().int(),
  no_range: z.number().int(),
  /** Median of difference_ratio over placements with a range. */
  median_difference_ratio: ratio,
});
export type AnalyticsWageGroup = z.infer<typeof AnalyticsWageGroupSchema>;

/** Placements made in the period against their role's posted range. */
export const AnalyticsWagesResponseSchema = z.object({
  ...base,
  placements: z.array(AnalyticsPlacedWageSchema),
  by_client: z.array(AnalyticsWageGroupSchema),
  by_role_family: z.array(AnalyticsWageGroupSchema),
});
export type AnalyticsWagesResponse = z.infer<typeof AnalyticsWagesResponseSchema>;

// ---------------------------------------------------------------- role wages

export const AnalyticsRoleWageRowSchema = z.object({
  role_family: z.string(),
  role_family_label: z.string(),
  /** null: every location together (one such row per family, before its per-location rows). */
  location: z.string().nullable(),
  currency: z.string(),
  count: z.number().int(),
  min: money,
  p25: money,
  median: money,
  p75: money,
  max: money,
});
export type AnalyticsRoleWageRow = z.infer<typeof AnalyticsRoleWageRowSchema>;

/** Placed salaries (placements in the period), per role family and location; percentiles interpolated linearly. */
export const AnalyticsRoleWagesResponseSchema = z.object({
  ...base,
  role_wages: z.array(AnalyticsRoleWageRowSchema),
});
export type AnalyticsRoleWagesResponse = z.infer<typeof AnalyticsRoleWagesResponseSchema>;

// ---------------------------------------------------------------- optimal wage range

export const OFFER_ANSWERS = ['accepted', 'declined', 'withdrawn'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];
/** Fewer answered offers than this in a group: no band is suggested. */
export const OPTIMAL_RANGE_MIN_SAMPLE = 5;

export const AnalyticsWageBandSchema = z.object({
  /** Inclusive lower bound. */
  from: money,
  /** Exclusive upper bound. */
  to: money,
  offers: z.number().int(),
  accepted: z.number().int(),
  acceptance_rate: ratio,
});
export type AnalyticsWageBand = z.infer<typeof AnalyticsWageBandSchema>;

export const AnalyticsOptimalRangeRowSchema = z.object({
  role_family: z.string(),
  role_family_label: z.string(),
  /** null: every location together. Per-location rows appear only when the location alone has the minimum sample. */
  location: z.string().nullable(),
  currency: z.string(),
  /** Answered offers (accepted, declined, withdrawn) made in the period. */
  sample_size: z.number().int(),
  accepted: z.number().int(),
  enough_data: z.boolean(),
  /** Why no band is suggested ("Only 3 answered offers; at least 5 are needed."), null when one is. */
  message: z.string().nullable(),
  bands: z.array(AnalyticsWageBandSchema),
  /**
   * The band whose acceptance rate is highest at the lower end of its 95% Wilson interval (one accepted offer
   * does not beat nine of ten; ties: more offers, then lower band); null without enough data.
   */
  best_band: AnalyticsWageBandSchema.nullable(),
});
export type AnalyticsOptimalRangeRow = z.infer<typeof AnalyticsOptimalRangeRowSchema>;

export const AnalyticsOptimalWageRangeResponseSchema = z.object({
  ...base,
  min_sample: z.number().int(),
  ranges: z.array(AnalyticsOptimalRangeRowSchema),
});
export type AnalyticsOptimalWageRangeResponse = z.infer<typeof AnalyticsOptimalWageRangeResponseSchema>;

// ---------------------------------------------------------------- retainer time payout

export const AnalyticsInstalmentSchema = z.object({
  /** 0-based index in the client's schedule. */
  instalment: z.number().int(),
  label: z.string(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  invoiced_on: z.string().nullable(),
  paid_on: z.string().nullable(),
  days_to_invoice: z.number().int().nullable(),
  days_to_paid: z.number().int().nullable(),
  /** MONEY: the invoice total, or the expected share of the retainer while not invoiced. */
  amount: money.nullable().optional(),
});
export type AnalyticsInstalment = z.infer<typeof AnalyticsInstalmentSchema>;

export const AnalyticsRetainerClientSchema = z.object({
  client_id: z.number().int(),
  client_name: z.string(),
  /** The signing date: the client record's creation date. */
  signed_on: z.string(),
  currency: z.string(),
  instalments: z.array(AnalyticsInstalmentSchema),
  median_days_to_invoice: days,
  median_days_to_paid: days,
  /** Scheduled instalments not yet invoiced. */
  outstanding_instalments: z.number().int(),
  /** MONEY: their expected amounts plus the unpaid balance of the invoiced ones. */
  outstanding_amount: money.optional(),
});
export type AnalyticsRetainerClient = z.infer<typeof AnalyticsRetainerClientSchema>;

/** Retainer clients signed on or before the period's end (date range filters the instalments invoiced in it). */
export const AnalyticsRetainerTimePayoutResponseSchema = z.object({
  ...base,
  clients: z.array(AnalyticsRetainerClientSchema),
  overall: z.object({
    median_days_to_invoice: days,
    median_days_to_paid: days,
    outstanding_instalments: z.number().int(),
    /** MONEY */
    outstanding_amount: money.optional(),
  }),
});
export type AnalyticsRetainerTimePayoutResponse = z.infer<typeof AnalyticsRetainerTimePayoutResponseSchema>;

// ---------------------------------------------------------------- filter options

export const RoleFamilyOptionSchema = z.object({
  /** The filter value. */
  value: z.string(),
  label: z.string(),
  roles: z.number().int(),
  /** Up to 5 of the role titles grouped here, so users see how the grouping works. */
  examples: z.array(z.string()),
});
export type RoleFamilyOption = z.infer<typeof RoleFamilyOptionSchema>;

export const AnalyticsFilterOptionsResponseSchema = z.object({
  success: z.literal(true),
  money_visible: z.boolean(),
  default_date_from: z.string(),
  default_date_to: z.string(),
  clients: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      client_type: z.enum(ANALYTICS_CLIENT_TYPES),
    }),
  ),
  client_types: z.array(z.object({ value: z.enum(ANALYTICS_CLIENT_TYPES), label: z.string() })),
  recruiters: z.array(z.object({ id: z.number().int(), name: z.string() })),
  role_families: z.array(RoleFamilyOptionSchema),
});
export type AnalyticsFilterOptionsResponse = z.infer<typeof AnalyticsFilterOptionsResponseSchema>;

// ---------------------------------------------------------------- attention list

export const ATTENTION_KINDS = [
  'stale_pipeline',
  'role_without_submittal',
  'guarantee_ending',
  'interview_tomorrow',
  'overdue_invoice',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
export const ATTENTION_KIND_LABELS: Record<AttentionKind, string> = {
  stale_pipeline: 'No stage change in 5 days',
  role_without_submittal: 'No submittal in 7 days',
  guarantee_ending: 'Guarantee ends within 30 days',
  interview_tomorrow: 'Interview tomorrow',
  overdue_invoice: 'Invoice overdue',
};
export const ATTENTION_LIMITS = {
  stalePipelineDays: 5,
  roleWithoutSubmittalDays: 7,
  guaranteeEndingDays: 30,
} as const;

export const AttentionItemSchema = z.object({
  /** Unique within the answer, e.g. "stale_pipeline:42". */
  key: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  /** "Ada Lovelace — Senior Engineer (Acme)" */
  title: z.string(),
  /** "No stage change since 2026-11-18 (8 days)" */
  detail: z.string(),
  /** The date the item is about (last change, guarantee end, interview time, due date), ISO. */
  date: z.string(),
  /** The screen path of the record: /roles/1/pipelines/2, /roles/1, /client/3/invoices/4. */
  link: z.string(),
  /** Whose item it is (the pipeline's or role's recruiter, the interviewer; null when unassigned). */
  user_id: z.number().int().nullable(),
  user_name: z.string(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;

/** GET /api/dashboard/attention/?page=&page_size= (100 a page unless asked). */
export const ATTENTION_PAGE_SIZE = 100;
export const AttentionQuerySchema = z.object(pageQueryShape(ATTENTION_PAGE_SIZE));
export type AttentionQuery = z.output<typeof AttentionQuerySchema>;

/** Most urgent first (interviews tomorrow, overdue invoices, then by date); one page of them. */
export const AttentionResponseSchema = z.object({
  success: z.literal(true),
  /** True for owners: everyone's items. */
  everyone: z.boolean(),
  items: z.array(AttentionItemSchema),
  /** All the items, on every page. */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AttentionResponse = z.infer<typeof AttentionResponseSchema>;
