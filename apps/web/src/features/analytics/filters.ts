import { addDays } from '@recruitdesk/money/dates';
/**
 * The Analytics Dashboard's filters (issue 12) and their place in the URL, so a view can be shared and
 * Back returns to the previous one. Only what differs from the defaults is written: `/analytics` is the
 * last 12 months for everyone; `?range=90d&client=7` is the last 90 days of client 7.
 *
 * Dates are calendar dates (no zone, decision 025) counted from the profile zone's today.
 */

export const RANGE_PRESETS = [
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '12m', label: 'Last 12 months' },
  { value: 'ytd', label: 'This year' },
  { value: 'custom', label: 'Custom dates' },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number]['value'];
export const DEFAULT_RANGE = '12m' satisfies RangePreset;

export const CLIENT_TYPES = [
  { value: 'finders_fee', label: "Finder's fee" },
  { value: 'retainer', label: 'Retainer' },
] as const;
export type ClientTypeFilter = (typeof CLIENT_TYPES)[number]['value'];

export interface AnalyticsFilters {
  range: RangePreset;
  /** Inclusive calendar dates ('2026-03-01'). */
  from: string;
  to: string;
  client: string | null;
  clientType: ClientTypeFilter | null;
  recruiter: string | null;
  roleFamily: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string | null): value is string {
  if (!value || !DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The dates a preset covers, ending today (inclusive). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): { from: string; to: string } {
  switch (preset) {
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case '12m':
      return { from: addDays(addMonths(today, -12), 1), to: today };
  }
}

/** The same calendar day `years` on; 29 February becomes the 28th in a year without one. */
export function sameDayYearsOn(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const month = Number(date.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${date.slice(5, 7)}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, '0')}`;
}

/**
 * What the KPI cards compare against (the server's `previous_period` says the same). A year to date
 * ("This year": 1 January to today) compares with the same span a year earlier, 2025-01-01 … 2025-11-26
 * for 2026-01-01 … 2026-11-26. Any other period with the days just before it, of the same length: for
 * "Last 12 months" ending 2026-11-26 (2025-11-27 … 2026-11-26) it is 2024-11-27 … 2025-11-26.
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  if (from.slice(5) === '01-01' && to.slice(0, 4) === from.slice(0, 4))
    return { from: sameDayYearsOn(from, -1), to: sameDayYearsOn(to, -1) };
  const length = daysInRange(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** The filters a URL query asks for; anything malformed falls back to its default. */
export function filtersFromParams(params: URLSearchParams, today: string): AnalyticsFilters {
  const from = params.get('from');
  const to = params.get('to');
  const rawRange = params.get('range');
  let range: RangePreset = RANGE_PRESETS.some((p) => p.value === rawRange) ? (rawRange as RangePreset) : DEFAULT_RANGE;
  let dates: { from: string; to: string };
  if (range === 'custom' || (!rawRange && (isDate(from) || isDate(to)))) {
    // A custom range: both ends given and in order; a missing end is taken from the default range.
    const fallback = presetRange(DEFAULT_RANGE, today);
    const start = isDate(from) ? from : fallback.from;
    const end = isDate(to) ? to : fallback.to;
    range = 'custom';
    dates = start <= end ? { from: start, to: end } : { from: end, to: start };
  } else {
    dates = presetRange(range as Exclude<RangePreset, 'custom'>, today);
  }
  const id = (key: string) => {
    const value = params.get(key);
    return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
  };
  const clientType = params.get('client_type');
  const roleFamily = params.get('role_family');
  return {
    range,
    ...dates,
    client: id('client'),
    clientType: CLIENT_TYPES.some((t) => t.value === clientType) ? (clientType as ClientTypeFilter) : null,
    recruiter: id('recruiter'),
    roleFamily: roleFamily && roleFamily.trim() ? roleFamily.trim().slice(0, 200) : null,
  };
}

/** The URL changes that show `filters` (null removes a key, so defaults leave the URL clean). */
export function paramsForFilters(filters: AnalyticsFilters): Record<string, string | null> {
  const custom = filters.range === 'custom';
  return {
    range: custom || filters.range === DEFAULT_RANGE ? null : filters.range,
    from: custom ? filters.from : null,
    to: custom ? filters.to : null,
    client: filters.client,
    client_type: filters.clientType,
    recruiter: filters.recruiter,
    role_family: filters.roleFamily,
  };
}

/** How many filters besides the date range are set (for "Clear filters"). */
export function activeFilterCount(filters: AnalyticsFilters): number {
  return [filters.client, filters.clientType, filters.recruiter, filters.roleFamily].filter(Boolean).length;
}
