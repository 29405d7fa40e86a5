import { fromMinor, meanOf, toMinor } from '@recruitdesk/money';
import { addDays } from '@recruitdesk/money/dates';

// The analytics sets' arithmetic: ISO days, minor-unit money, rounding and percentiles.

export const DAY_MS = 86_400_000;

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);
export { addDays };
export const addYears = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return isoDay(d);
};
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The same calendar day `n` years on; 29 February becomes the 28th in a year without one. */
export const sameDayYearsOn = (day: string, n: number) => {
  const year = Number(day.slice(0, 4)) + n;
  const [month, date] = [Number(day.slice(5, 7)), Number(day.slice(8, 10))];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${day.slice(5, 7)}-${String(Math.min(date, last)).padStart(2, '0')}`;
};

/**
 * The period the summary compares with. A year to date (1 January to a day of the same year) compares with
 * the same span a year earlier (issue 29 item h: not the days just before, which ran from early February);
 * any other period with the days just before it, of the same length.
 */
export function previousPeriodOf(from: string, to: string): { date_from: string; date_to: string } {
  if (from.slice(5) === '01-01' && to.slice(0, 4) === from.slice(0, 4))
    return { date_from: sameDayYearsOn(from, -1), date_to: sameDayYearsOn(to, -1) };
  const length = daysBetween(from, to);
  return { date_from: addDays(from, -(length + 1)), date_to: addDays(from, -1) };
}

/** Minor units → "1234.56" (the API's money). */
export const money = fromMinor;
/** A numeric column's text ("120000.00", "99.5") → minor units. */
export const minorOf = (text: string): bigint => BigInt(toMinor(text));
/** sum / count, half-up to the cent. */
export const meanMinor = meanOf;
export const round = (value: number | null, places: number) =>
  value === null || Number.isNaN(value) ? null : Number(value.toFixed(places));
export const ratio = (a: number, b: number) => (b ? round(a / b, 4) : null);

/** Linear-interpolated percentile of sorted numbers (PostgreSQL's percentile_cont). */
export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}
/** Percentile of minor-unit amounts, half-up to the cent. */
export const percentileMinor = (sorted: bigint[], p: number): bigint => {
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const frac = at - lo;
  // frac is a multiple of 1/4 at p = .25/.5/.75 (exact in binary), so this stays exact to the cent.
  return sorted[lo]! + BigInt(Math.round(Number(sorted[hi]! - sorted[lo]!) * frac));
};

/** Every month ("YYYY-MM") from `from`'s to `to`'s. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= end) return months;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

export const medianInt = (values: number[]) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    ),
    1,
  );
