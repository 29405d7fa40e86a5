import { z } from 'zod';
import { IdSchema } from './common';
import { LEGAL_BASES, LEGAL_BASIS_SOURCES } from './data-protection-constants';

// Data protection (issue 34): why the agency holds each person's data (legal basis), how long (retention),
// and what people asked for (requests). docs/data-protection.md.

export {
  CONSENT_FILTERS,
  EXPIRING_SOON_DAYS,
  LEGAL_BASES,
  LEGAL_BASIS_LABELS,
  LEGAL_BASIS_SOURCE_LABELS,
  LEGAL_BASIS_SOURCES,
  type ConsentFilter,
  type LegalBasis,
  type LegalBasisSource,
} from './data-protection-constants';
export const LegalBasisSchema = z.enum(LEGAL_BASES, { error: 'Choose consent, legitimate interest or contract.' });
export const LegalBasisSourceSchema = z.enum(LEGAL_BASIS_SOURCES, {
  error: 'Choose careers page, import, manual or email.',
});

/** A person's legal basis as the API shows it (candidates and client contacts). */
export const LegalBasisRecordSchema = z.object({
  legal_basis: LegalBasisSchema,
  source: LegalBasisSourceSchema,
  /** When the basis was recorded or the consent given (ISO), null for records from before issue 34. */
  given_at: z.string().nullable(),
  /** The exact text the person agreed to ('' unless the basis is consent). */
  consent_text: z.string(),
  /** When it ends unless renewed (ISO); null when it never does. */
  expires_at: z.string().nullable(),
  /** When the person withdrew their consent (ISO), or null. */
  withdrawn_at: z.string().nullable(),
});
export type LegalBasisRecord = z.infer<typeof LegalBasisRecordSchema>;

export const ConsentResponseSchema = z.object({
  success: z.literal(true),
  consent: LegalBasisRecordSchema,
  /** When the retention job will act on the person, from their last activity and the agency's period (ISO). */
  retention_due_at: z.string().nullable(),
});
export type ConsentResponse = z.infer<typeof ConsentResponseSchema>;

const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' });

/** PUT /api/candidates/{id}/consent/. */
export const ConsentInputSchema = z
  .object({
    legal_basis: LegalBasisSchema,
    source: LegalBasisSourceSchema,
    given_at: isoDateTime.nullable().default(null),
    consent_text: z.string().trim().max(5000, 'Use at most 5000 characters.').default(''),
    expires_at: isoDateTime.nullable().default(null),
  })
  .strict();
export type ConsentInput = z.input<typeof ConsentInputSchema>;

export const EXPIRY_ACTIONS = ['anonymise', 'notify'] as const;
export type ExpiryAction = (typeof EXPIRY_ACTIONS)[number];
export const EXPIRY_ACTION_LABELS: Record<ExpiryAction, string> = {
  anonymise: 'Anonymise the person',
  notify: 'Only tell the owners',
};

/** GET/PUT /api/settings/retention/ (owners). */
export const RetentionSettingsSchema = z
  .object({
    retention_months: z.coerce
      .number({ error: 'Enter a number of months.' })
      .int('Use whole months.')
      .min(1, 'Use 1 to 120 months.')
      .max(120, 'Use 1 to 120 months.'),
    renewal_notice_days: z.coerce
      .number({ error: 'Enter a number of days.' })
      .int('Use whole days.')
      .min(1, 'Use 1 to 90 days.')
      .max(90, 'Use 1 to 90 days.'),
    expiry_action: z.enum(EXPIRY_ACTIONS, { error: 'Choose anonymise or notify.' }),
  })
  .strict();
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;
export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = {
  retention_months: 24,
  renewal_notice_days: 30,
  expiry_action: 'anonymise',
};
export const RetentionSettingsResponseSchema = z.object({
  success: z.literal(true),
  settings: RetentionSettingsSchema,
});

export const DATA_REQUEST_KINDS = ['access', 'erasure', 'rectification', 'withdraw_consent', 'restriction'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  access: 'Access (a copy of their data)',
  erasure: 'Erasure',
  rectification: 'Correction',
  withdraw_consent: 'Consent withdrawn',
  restriction: 'Restriction',
};
export const DATA_REQUEST_STATUSES = ['open', 'done', 'rejected'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
/** A request's legal deadline: 30 days from receipt; owners are reminded when 7 are left. */
export const DATA_REQUEST_DEADLINE_DAYS = 30;
export const DATA_REQUEST_REMINDER_DAYS = 7;

export const DataRequestSchema = z.object({
  id: z.number().int(),
  candidate_id: z.number().int().nullable(),
  /** The person's name now ("Erased candidate #12" after erasure). */
  candidate_name: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  /** self_service: the person on the privacy page; staff: filed by a user for them. */
  channel: z.enum(['self_service', 'staff']),
  note: z.string(),
  received_at: z.string(),
  deadline_at: z.string(),
  decided_at: z.string().nullable(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;

/** POST /api/candidates/{id}/data-requests/ (owners and superusers, on the person's behalf). */
export const CreateDataRequestInputSchema = z
  .object({
    kind: z.enum(DATA_REQUEST_KINDS, { error: 'Choose what the person asked for.' }),
    note: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  })
  .strict();
export const DataRequestResponseSchema = z.object({ success: z.literal(true), request: DataRequestSchema });

/** POST /api/data-protection/requests/{id}/decide/ (owners). */
export const DecideDataRequestInputSchema = z
  .object({
    status: z.enum(['done', 'rejected'], { error: 'Choose done or rejected.' }),
    note: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
  })
  .strict();

export const DueCandidateSchema = z.object({
  candidate_id: z.number().int(),
  name: z.string(),
  legal_basis: LegalBasisSchema,
  /** When the retention period ends (ISO). */
  due_at: z.string(),
  /** When the renewal email went (ISO), or null. */
  notice_sent_at: z.string().nullable(),
  /** Why the job waits, when it does ("In an open pipeline"). */
  waiting_reason: z.string().nullable(),
});
export type DueCandidate = z.infer<typeof DueCandidateSchema>;

export const RetentionRunSchema = z.object({
  id: z.number().int(),
  ran_at: z.string(),
  notices_sent: z.number().int(),
  anonymised: z.number().int(),
  waiting: z.number().int(),
  owners_notified: z.number().int(),
  reminders_sent: z.number().int(),
  /** Ids and what happened to each (no personal data). */
  details: z.array(
    z.object({
      candidate_id: z.number().int().nullable(),
      request_id: z.number().int().nullable(),
      action: z.string(),
      reason: z.string(),
    }),
  ),
});
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

/** GET /api/data-protection/ (owners). */
export const DataProtectionDashboardSchema = z.object({
  success: z.literal(true),
  settings: RetentionSettingsSchema,
  expiring: z.array(DueCandidateSchema),
  due: z.array(DueCandidateSchema),
  requests: z.array(DataRequestSchema),
  last_run: RetentionRunSchema.nullable(),
});
export type DataProtectionDashboard = z.infer<typeof DataProtectionDashboardSchema>;

export const DataRequestIdParamSchema = z.object({ id: IdSchema });

export const DataRequestListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(DataRequestSchema),
});
