import { z } from 'zod';
import { ArchivedFilterSchema, MAX_ID, pageQueryShape } from './common';
import { CLIENT_ORDERINGS, CLIENT_STATES, CLIENT_TYPES } from './client-constants';

export { CLIENT_ORDERINGS, CLIENT_STATES, CLIENT_TYPE_LABELS, CLIENT_TYPES } from './client-constants';

export const ClientTypeSchema = z.enum(CLIENT_TYPES);
export type ClientType = z.infer<typeof ClientTypeSchema>;

export const ClientStateSchema = z.enum(CLIENT_STATES);
export type ClientState = z.infer<typeof ClientStateSchema>;

/** One instalment of a retainer: a share of the retainer amount and when it falls due. */
export const RETAINER_MILESTONES = ['on_signing', 'on_shortlist', 'on_placement', 'monthly'] as const;
export const RetainerInstalmentSchema = z.object({
  label: z.string().trim().min(1, 'Name the instalment.').max(100, 'Use at most 100 characters.'),
  percent: z.coerce.number({ error: 'Enter a percentage.' }).gt(0, 'Use more than 0 %.').max(100, 'Use at most 100 %.'),
  milestone: z.enum(RETAINER_MILESTONES),
});
export type RetainerInstalment = z.infer<typeof RetainerInstalmentSchema>;

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
/** A web address: http or https only (never javascript:, data: or other schemes that run in a link). */
const optionalUrl = z
  .string({ error: 'Enter a full address such as https://example.com.' })
  .trim()
  .max(500, 'Use at most 500 characters.')
  .pipe(
    z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'Enter a full address such as https://example.com.' }),
    ]),
  );

/** Whether a stored address may be shown as a link (older rows were not checked for the scheme). */
export const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value.trim());
const optionalEmail = z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]);

export const ClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  client_type: ClientTypeSchema,
  state: ClientStateSchema,
  website: z.string(),
  industry: z.string(),
  location: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  /**
   * Finder's fee terms (null for retainer clients). The fee terms (this, the retainer amount and its
   * instalments) are absent for whoever may not see fees (decision 071).
   */
  finders_fee_percent: z.number().nullable().optional(),
  guarantee_days: z.number().int().nullable(),
  /** Retainer terms (null / empty for finder's fee clients). */
  retainer_amount: z.number().nullable().optional(),
  retainer_instalments: z.array(RetainerInstalmentSchema).optional(),
  payment_terms_days: z.number().int(),
  currency: z.string(),
  owner: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  active_roles_count: z.number().int(),
  roles_count: z.number().int(),
  /** When it was archived (out of the default lists, restorable), else null. */
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/**
 * Create and full update. Fee terms follow the client type: finder's fee % (and guarantee days) for
 * finders_fee; retainer amount with instalments adding up to 100 % for retainer. Omitted defaults come
 * from the agency settings on the server.
 */
export const ClientInputSchema = z
  .object({
    name: text(200).min(1, 'Enter the client name.'),
    client_type: ClientTypeSchema,
    state: ClientStateSchema.default('Open'),
    website: optionalUrl.default(''),
    industry: text(100).default(''),
    location: text(200).default(''),
    contact_name: text(200).default(''),
    contact_email: optionalEmail.default(''),
    contact_phone: text(50).default(''),
    finders_fee_percent: z.coerce.number().min(0, 'Use 0 to 100 %.').max(100, 'Use 0 to 100 %.').nullable().optional(),
    guarantee_days: z.coerce
      .number()
      .int('Use whole days.')
      .min(0, 'Use 0 to 730 days.')
      .max(730, 'Use 0 to 730 days.')
      .nullable()
      .optional(),
    retainer_amount: z.coerce
      .number()
      .min(0, 'Use a positive amount.')
      .max(100_000_000, 'The amount is too large.')
      .nullable()
      .optional(),
    retainer_instalments: z.array(RetainerInstalmentSchema).max(12, 'Use at most 12 instalments.').default([]),
    payment_terms_days: z.coerce
      .number()
      .int('Use whole days.')
      .min(0, 'Use 0 to 365 days.')
      .max(365, 'Use 0 to 365 days.')
      .optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')
      .optional(),
    owner_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.client_type === 'retainer') {
      // Absent is for whoever may not see fees (their terms are ignored); the service asks everyone else.
      if (value.retainer_amount === null) {
        ctx.addIssue({ code: 'custom', path: ['retainer_amount'], message: 'Enter the retainer amount.' });
      }
      if (value.retainer_instalments.length > 0) {
        const total = value.retainer_instalments.reduce((sum, item) => sum + item.percent, 0);
        if (Math.abs(total - 100) > 0.01) {
          ctx.addIssue({
            code: 'custom',
            path: ['retainer_instalments'],
            message: 'The instalments must add up to 100 %.',
          });
        }
      }
    }
  });
export type ClientInput = z.input<typeof ClientInputSchema>;
export type ClientInputParsed = z.output<typeof ClientInputSchema>;

export const ClientListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  state: ClientStateSchema.optional(),
  client_type: ClientTypeSchema.optional(),
  /** 'true': only clients with at least one active (open or on hold) role — the Active Clients panel. */
  has_active_roles: z.enum(['true', 'false']).optional(),
  /** Archived clients are left out unless asked for (`true`: only them, `all`: both). */
  archived: ArchivedFilterSchema,
  ordering: z.enum(CLIENT_ORDERINGS).default('name'),
  ...pageQueryShape(50),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

/** GET /api/clients/ → {success, clients} (spec §7) plus the total for paging. */
export const ClientListResponseSchema = z.object({
  success: z.literal(true),
  clients: z.array(ClientSchema),
  count: z.number().int(),
});
export type ClientListResponse = z.infer<typeof ClientListResponseSchema>;

export const ClientResponseSchema = z.object({ success: z.literal(true), client: ClientSchema });
export type ClientResponse = z.infer<typeof ClientResponseSchema>;

/** POST /api/clients/{id}/state/ */
export const ChangeClientStateInputSchema = z.object({ state: ClientStateSchema });

export const CLIENT_ERRORS = {
  CLIENT_NOT_FOUND: 'Client not found.',
  CLIENT_HAS_ROLES:
    'This client has roles, and the agency keeps their history, so it cannot be deleted. Archive it instead.',
  CLIENT_ARCHIVED: 'This client is archived. Restore it first.',
  CLIENT_NOT_ARCHIVED: 'This client is not archived.',
  CLIENT_ALREADY_ARCHIVED: 'This client is already archived.',
  CLIENT_NAME_TAKEN: 'A client with this name already exists.',
} as const;
