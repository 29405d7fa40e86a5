/**
 * Calendar dates (YYYY-MM-DD) for the server, the web and the contracts (`@recruitdesk/money/dates`,
 * decision 086). A date has no zone, so the arithmetic is UTC's: no clock change can shift it.
 */

/** A calendar date moved by whole days (negative: earlier). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
