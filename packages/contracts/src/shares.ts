/** Shortlists shared with a client's contacts through the portal (issue 35, docs/client-portal.md). */
import { z } from 'zod';
import { IdSchema } from './common';

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** How long a link lives unless the recruiter says otherwise, and the longest it may. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 90;
export const SHARE_MAX_CONTACTS = 20;
export const SHARE_MAX_CANDIDATES = 50;

/**
 * The reasons a contact picks from when rejecting (the agency has no list of its own yet): stored as the
 * code, shown as the label; "other" needs the free text.
 */
export const PORTAL_REJECTION_REASONS = [
  'skills',
  'experience',
  'salary',
  'location',
  'culture',
  'position_filled',
  'other',
] as const;
export type PortalRejectionReason = (typeof PORTAL_REJECTION_REASONS)[number];
export const PORTAL_REJECTION_REASON_LABELS: Record<PortalRejectionReason, string> = {
  skills: 'Skills do not match',
  experience: 'Not enough experience',
  salary: 'Salary expectation too high',
  location: 'Location or working model',
  culture: 'Not the right fit for the team',
  position_filled: 'The position is filled',
  other: 'Other',
};

/** What the portal asks after a client interview whose time has passed. */
export const PORTAL_INTERVIEW_OUTCOMES = ['passed', 'rejected', 'no_show'] as const;
export const PORTAL_INTERVIEW_OUTCOME_LABELS: Record<(typeof PORTAL_INTERVIEW_OUTCOMES)[number], string> = {
  passed: 'Passed: we want to go ahead',
  rejected: 'Not going ahead',
  no_show: 'The candidate did not attend',
};

export const SHARE_DECISIONS = ['approved', 'rejected'] as const;
export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export const PORTAL_ACTIONS = [
  'opened',
  'viewed',
  'resume_downloaded',
  'approved',
  'rejected',
  'commented',
  'more_requested',
  'interview_outcome',
] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];
export const PORTAL_ACTION_LABELS: Record<PortalAction, string> = {
  opened: 'Opened the link',
  viewed: 'Viewed',
  resume_downloaded: 'Downloaded the resume',
  approved: 'Invited to interview',
  rejected: 'Rejected',
  commented: 'Commented',
  more_requested: 'Asked for more candidates',
  interview_outcome: 'Interview outcome',
};

/** POST /api/roles/{id}/shares/: one share (and one email with its own link) per contact. */
export const CreateSharesInputSchema = z.object({
  contact_ids: z
    .array(IdSchema)
    .min(1, 'Choose at least one contact.')
    .max(SHARE_MAX_CONTACTS, `Share with at most ${SHARE_MAX_CONTACTS} contacts at once.`),
  candidates: z
    .array(z.object({ pipeline_id: IdSchema, pitch: text(3000).default('') }))
    .min(1, 'Choose at least one candidate.')
    .max(SHARE_MAX_CANDIDATES, `Share at most ${SHARE_MAX_CANDIDATES} candidates at once.`),
  /** A line for the email above the link. */
  message: text(2000).default(''),
  /** The candidates' salary expectations; only when the sharer may see money (decision 123). */
  show_salary: z.boolean().default(false),
  /** Email, phone and links taken out of the resume and the page (default on). */
  remove_contact_details: z.boolean().default(true),
  expires_in_days: z.coerce
    .number({ error: 'Enter a number of days.' })
    .int('Use whole days.')
    .min(1, `Use 1 to ${SHARE_MAX_DAYS} days.`)
    .max(SHARE_MAX_DAYS, `Use 1 to ${SHARE_MAX_DAYS} days.`)
    .default(SHARE_DEFAULT_DAYS),
});
export type CreateSharesInput = z.input<typeof CreateSharesInputSchema>;
export type CreateSharesInputParsed = z.output<typeof CreateSharesInputSchema>;

export const ShareCandidateSchema = z.object({
  pipeline_id: z.number().int(),
  candidate: z.object({ id: z.number().int(), name: z.string() }),
  pitch: z.string(),
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  decision: z.enum(SHARE_DECISIONS).nullable(),
  decision_at: z.string().nullable(),
  /** The reason and the contact's words, for a rejection. */
  decision_detail: z.string(),
});
export type ShareCandidate = z.infer<typeof ShareCandidateSchema>;

export const ShareEventSchema = z.object({
  id: z.number().int(),
  action: z.enum(PORTAL_ACTIONS),
  pipeline_id: z.number().int().nullable(),
  detail: z.string(),
  created_at: z.string(),
});
export type ShareEvent = z.infer<typeof ShareEventSchema>;

export const ShareSchema = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  status: z.enum(SHARE_STATUSES),
  show_salary: z.boolean(),
  remove_contact_details: z.boolean(),
  candidates: z.array(ShareCandidateSchema),
  /** The latest actions on the portal, newest first. */
  events: z.array(ShareEventSchema),
});
export type Share = z.infer<typeof ShareSchema>;

export const ShareLinkSchema = z.object({ share_id: z.number().int(), contact_id: z.number().int(), url: z.string() });

export const CreateSharesResponseSchema = z.object({
  success: z.literal(true),
  shares: z.array(ShareSchema),
  /** The links as emailed (shown once: only their hashes are kept). */
  links: z.array(ShareLinkSchema),
});
export type CreateSharesResponse = z.infer<typeof CreateSharesResponseSchema>;

export const ShareListResponseSchema = z.object({ success: z.literal(true), shares: z.array(ShareSchema) });
export type ShareListResponse = z.infer<typeof ShareListResponseSchema>;

/** POST /api/shares/{id}/renew/: a new link (the old one stops working), emailed to the contact. */
export const RenewShareInputSchema = z.object({
  expires_in_days: CreateSharesInputSchema.shape.expires_in_days,
});
export const RenewShareResponseSchema = z.object({
  success: z.literal(true),
  share: ShareSchema,
  link: ShareLinkSchema,
});
export type RenewShareResponse = z.infer<typeof RenewShareResponseSchema>;

export const ShareResponseSchema = z.object({ success: z.literal(true), share: ShareSchema });

// ---- The public portal's POSTs (form posts or JSON) ----

export const PortalRejectInputSchema = z
  .object({
    reason: z.enum(PORTAL_REJECTION_REASONS, { error: 'Choose a reason.' }),
    feedback: text(2000).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.feedback)
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: 'Say why in a few words.' });
  });
export const PortalCommentInputSchema = z.object({
  comment: text(2000).min(1, 'Write a comment.'),
});
export const PortalMoreInputSchema = z.object({ comment: text(2000).default('') });
export const PortalOutcomeInputSchema = z.object({
  outcome: z.enum(PORTAL_INTERVIEW_OUTCOMES, { error: 'Choose the outcome.' }),
  feedback: text(5000).default(''),
});
export const PortalActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
