import { z } from 'zod';
import { DEFAULT_MONEY_VISIBILITY, MONEY_VISIBILITIES } from './settings-constants';

export {
  CURRENCIES,
  DEFAULT_MONEY_VISIBILITY,
  MONEY_VISIBILITIES,
  MONEY_VISIBILITY_LABELS,
  type MoneyVisibility,
} from './settings-constants';

const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`).default('');

/**
 * A country as job boards read it: an ISO 3166-1 two-letter code ("US", "GB"), or empty for none. The job
 * feed's `<country>` (issue 29 item 7): a role's own, else its location's, else the agency's.
 */
export const CountryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), 'Use a two-letter country code such as US.')
  .default('');
export const PostalCodeSchema = z
  .string()
  .trim()
  .max(20, 'Use at most 20 characters.')
  .refine(
    (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(value),
    'Use letters, digits, spaces or dashes.',
  )
  .default('');

export const InvoiceIssuerSchema = z.object({
  legal_name: optionalText(200),
  address: optionalText(1000),
  tax_id: optionalText(100),
  bank_details: optionalText(1000),
  email: z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]).default(''),
  phone: optionalText(50),
});

/** The agency's settings (GET for every signed-in user; PUT for owners). Later issues read them. */
export const AgencySettingsSchema = z.object({
  agency_name: z.string().trim().min(1, 'Enter the agency name.').max(200, 'Use at most 200 characters.'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD.'),
  default_finders_fee_percent: z.coerce
    .number({ error: 'Enter a percentage.' })
    .min(0, 'Use a percentage from 0 to 100.')
    .max(100, 'Use a percentage from 0 to 100.'),
  default_payment_terms_days: z.coerce
    .number({ error: 'Enter a number of days.' })
    .int('Use whole days.')
    .min(0, 'Use 0 to 365 days.')
    .max(365, 'Use 0 to 365 days.'),
  invoice_issuer: InvoiceIssuerSchema,
  /** The privacy notice shown beside the consent box of the public application form (issue 14). */
  privacy_text: optionalText(5000),
  /** The agency's country and postal code: the default of a role's in the job-board feed (issue 29 item 7). */
  country: CountryCodeSchema,
  postal_code: PostalCodeSchema,
  /** Who sees fees (decision 071): owners always; superusers unless `owners`; recruiters only with `all_but_viewers`. */
  money_visibility: z.enum(MONEY_VISIBILITIES).default(DEFAULT_MONEY_VISIBILITY),
});
export type AgencySettings = z.infer<typeof AgencySettingsSchema>;
export type AgencySettingsInput = z.input<typeof AgencySettingsSchema>;

/**
 * GET and PUT answer: the settings as the reader may see them (the default finder's fee % is a fee, so it
 * is absent for whoever may not see fees) and `money_visible`, whether the signed-in user sees fees
 * anywhere in the product, so screens can lay out without guessing.
 */
export const AgencySettingsResponseSchema = z.object({
  success: z.literal(true),
  money_visible: z.boolean(),
  settings: AgencySettingsSchema.extend({ default_finders_fee_percent: z.number().optional() }),
});
export type AgencySettingsResponse = z.infer<typeof AgencySettingsResponseSchema>;
