import { z } from 'zod';
import { MAX_ID, pageQueryShape } from './common';

/**
 * The calendar (issue 11, spec §2/§7): four feeds of events over a date range, the interviews list, and a
 * personal iCal subscription (decision 024).
 */

/** The longest range a feed answers, in days (inclusive of both ends as given). */
export const CALENDAR_MAX_RANGE_DAYS = 400;

export const CALENDAR_FEEDS = ['interviews', 'roles', 'retainer-clients', 'invoice-payouts'] as const;
export type CalendarFeed = (typeof CALENDAR_FEEDS)[number];

/** What an event is; each kind has a colour in the legend and belongs to one feed. */
export const CALENDAR_KINDS = [
  'interview_internal',
  'interview_client',
  'role_opened',
  'role_target',
  'role_closed',
  'guarantee_end',
  'retainer_instalment',
  'invoice_due',
  'payout',
] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  interview_internal: 'Internal interview',
  interview_client: 'Client interview',
  role_opened: 'Role opened',
  role_target: 'Target fill date',
  role_closed: 'Role closed',
  guarantee_end: 'Guarantee ends',
  retainer_instalment: 'Retainer instalment',
  invoice_due: 'Invoice due',
  payout: 'Payout',
};

/** The feed each kind comes from. */
export const CALENDAR_KIND_FEED: Record<CalendarKind, CalendarFeed> = {
  interview_internal: 'interviews',
  interview_client: 'interviews',
  role_opened: 'roles',
  role_target: 'roles',
  role_closed: 'roles',
  guarantee_end: 'roles',
  retainer_instalment: 'retainer-clients',
  invoice_due: 'invoice-payouts',
  payout: 'invoice-payouts',
};

/** Kinds only owners see (invoices and payouts are owner-only, design §3). */
export const OWNER_ONLY_CALENDAR_KINDS: readonly CalendarKind[] = ['invoice_due', 'payout'];

export const CALENDAR_MESSAGES = {
  startRequired: 'Give the start of the range (an ISO date such as 2026-03-01).',
  endRequired: 'Give the end of the range (an ISO date such as 2026-03-31).',
  badDate: 'Use an ISO date such as 2026-03-01 or an ISO date and time.',
  endBeforeStart: 'The end of the range must come after its start.',
  rangeTooLong: `The range may span at most ${CALENDAR_MAX_RANGE_DAYS} days.`,
  rangeInvalid: `Choose a range of at most ${CALENDAR_MAX_RANGE_DAYS} days whose end comes after its start.`,
  subscriptionNotFound: 'Not found.',
  rotated: 'Your calendar subscription address has changed; the old one no longer works.',
} as const;

/** An ISO date (2026-03-01) or date and time with a zone (2026-03-01T00:00:00Z, …+02:00). */
const ISO_DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
const isoDateOrTime = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isIsoDateOrTime, CALENDAR_MESSAGES.badDate);

/** A real calendar day (no 2026-02-31) and, with a time, a time the runtime can read. */
function isIsoDateOrTime(value: string): boolean {
  if (!ISO_DATE_OR_TIME.test(value)) return false;
  const day = value.slice(0, 10);
  const midnight = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== day) return false;
  return !Number.isNaN(Date.parse(value));
}

/** `mine=true`: only what is the caller's (their pipelines and interviews, their roles, the clients they own). */
const mineFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Use true or false.' })
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const CalendarRangeQuerySchema = z.object({
  start: isoDateOrTime(CALENDAR_MESSAGES.startRequired),
  end: isoDateOrTime(CALENDAR_MESSAGES.endRequired),
  mine: mineFlag,
});
export type CalendarRangeQuery = z.input<typeof CalendarRangeQuerySchema>;

export const CalendarEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** An ISO date (all-day events) or an instant in UTC (`…Z`). */
  start: z.string(),
  end: z.string().optional(),
  all_day: z.boolean(),
  kind: z.enum(CALENDAR_KINDS),
  /** The web address of the record the event opens (a path of the app). */
  url: z.string(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

export const CalendarEventsResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(CalendarEventSchema),
});
export type CalendarEventsResponse = z.infer<typeof CalendarEventsResponseSchema>;

// The interviews list (GET /api/interviews/): paged like every list, over the same range.
export const InterviewsQuerySchema = CalendarRangeQuerySchema.extend({
  ...pageQueryShape(),
  kind: z.enum(['internal', 'client'], { error: 'Use internal or client.' }).optional(),
});
export type InterviewsQuery = z.input<typeof InterviewsQuerySchema>;

const Ref = z.object({ id: z.number().int().max(MAX_ID), name: z.string() });
export const InterviewListItemSchema = z.object({
  id: z.number().int(),
  pipeline_id: z.number().int(),
  kind: z.enum(['internal', 'client']),
  scheduled_at: z.string(),
  duration_minutes: z.number().int(),
  location: z.string(),
  meeting_url: z.string(),
  outcome: z.string(),
  interviewer: z.object({ id: z.number().int().nullable(), name: z.string() }),
  recruiter: Ref.nullable(),
  candidate: Ref,
  role: Ref,
  client: Ref,
  url: z.string(),
});
export type InterviewListItem = z.infer<typeof InterviewListItemSchema>;

export const InterviewsResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(InterviewListItemSchema),
  count: z.number().int(),
});
export type InterviewsResponse = z.infer<typeof InterviewsResponseSchema>;

// The personal iCal subscription. Only a hash of the secret is kept, so its address is shown once:
// right after it is made (rotated); afterwards the profile says when it was made.
export const CalendarSubscriptionSchema = z.object({
  /** Whether a subscription address exists. */
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** The address, only in the answer that made it. */
  url: z.string().optional(),
});
export type CalendarSubscription = z.infer<typeof CalendarSubscriptionSchema>;

export const CalendarSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  subscription: CalendarSubscriptionSchema,
});
export type CalendarSubscriptionResponse = z.infer<typeof CalendarSubscriptionResponseSchema>;

export const CalendarFeedTokenParamSchema = z.object({ token: z.string().max(200) });
