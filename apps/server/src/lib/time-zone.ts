/**
 * The server's dates in a user's profile time zone (issue 16 item 3): "today" for a default date, the
 * start of "this month", and the wall-clock dates written into exports. Stored instants stay UTC.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let cached = partsFormatters.get(zone);
  if (!cached) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // A zone this runtime no longer knows: UTC rather than a failed request.
      cached = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    partsFormatters.set(zone, cached);
  }
  return cached;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in `zone` at `at`. */
export function wallClockIn(at: Date, zone: string): WallClock {
  const parts = partsFormatter(zone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date in `zone` at `at`: '2026-03-01'. */
export function calendarDateIn(at: Date, zone: string): string {
  const { year, month, day } = wallClockIn(at, zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The first day of the month `at` falls in, in `zone`: '2026-03-01'. */
export function monthStartIn(at: Date, zone: string): string {
  return `${calendarDateIn(at, zone).slice(0, 7)}-01`;
}

/**
 * A Date whose UTC fields are the wall clock in `zone` at `at`: what a spreadsheet cell needs, since a
 * spreadsheet date has no zone and exceljs writes a Date's UTC fields.
 */
export function wallClockDate(at: Date, zone: string): Date {
  const p = wallClockIn(at, zone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}
