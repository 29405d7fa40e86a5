/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

export const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'SGD',
  'INR',
  'JPY',
  'ZAR',
] as const;

/**
 * Who sees the agency's fees (decision 071): the `money_visibility` agency setting. Owners always see
 * them; the server leaves fee fields out of every answer for anyone else the setting does not name.
 */
export const MONEY_VISIBILITIES = ['owners', 'owners_and_superusers', 'all_but_viewers'] as const;
export type MoneyVisibility = (typeof MONEY_VISIBILITIES)[number];
export const DEFAULT_MONEY_VISIBILITY: MoneyVisibility = 'all_but_viewers';
export const MONEY_VISIBILITY_LABELS: Record<MoneyVisibility, string> = {
  owners: 'Owners only',
  owners_and_superusers: 'Owners and superusers',
  all_but_viewers: 'Everyone but viewers',
};
