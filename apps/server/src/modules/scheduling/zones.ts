import { wallClockIn } from '../../lib/time-zone';

// Wall clocks in IANA zones without a time-zone library: the runtime's Intl (full ICU) knows every zone's
// offsets; these helpers turn a wall-clock time into an instant and describe a zone's rules as a VTIMEZONE.

const MINUTE = 60_000;

/** The zone's offset from UTC in minutes at `at` (New York in winter: -300). */
export function offsetMinutes(at: Date, zone: string): number {
  const wall = wallClockIn(at, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / MINUTE);
}

/**
 * The instant of a wall-clock time ('2026-12-01T09:30') in `zone`. A time skipped by a spring-forward gap
 * moves on by the gap (02:30 -> 03:30); a repeated one (autumn) is the first of the two.
 */
export function instantOfWallClock(local: string, zone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error('not a wall-clock time');
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Try the offsets in force around the time; the earliest instant that shows this wall clock wins.
  const candidates = [
    offsetMinutes(new Date(asUtc - 86_400_000), zone),
    offsetMinutes(new Date(asUtc + 86_400_000), zone),
  ];
  const matches = candidates
    .map((offset) => new Date(asUtc - offset * MINUTE))
    .filter((instant) => instant.getTime() === asUtc - offsetMinutes(instant, zone) * MINUTE)
    .sort((a, b) => a.getTime() - b.getTime());
  if (matches[0]) return matches[0];
  // In a gap: the offset before it, which lands after the gap.
  return new Date(asUtc - candidates[0]! * MINUTE);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, kind: 'date' | 'time' | 'name'): Intl.DateTimeFormat {
  const key = `${zone}|${kind}`;
  let cached = formatters.get(key);
  if (!cached) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
        : kind === 'time'
          ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
          : { timeZoneName: 'short' };
    cached = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    formatters.set(key, cached);
  }
  return cached;
}

/** 'Tuesday, 1 December 2026' in the zone. */
export const dateIn = (at: Date, zone: string) => formatter(zone, 'date').format(at);
/** '14:30' in the zone (24-hour: no AM/PM ambiguity across languages). */
export const timeIn = (at: Date, zone: string) => formatter(zone, 'time').format(at);
/** The zone's short name at that instant ('GMT', 'EST', 'GMT+11'). */
export function zoneAbbreviation(at: Date, zone: string): string {
  return (
    formatter(zone, 'name')
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone
  );
}

/** The zones to choose from on the public page (the runtime's list). */
export function knownZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(minutes / 60))}${pad(minutes % 60)}`;
/** The local time of an instant under a given offset, as iCalendar writes it ('20260308T020000'). */
function wallText(at: number, offset: number): string {
  return new Date(at + offset * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** The first instant after `from` (within `to`) when the zone's offset is no longer `offset`. */
function nextChange(zone: string, from: number, to: number, offset: number): number | null {
  const step = 86_400_000;
  let low = from;
  for (let at = from + step; at <= to; at += step) {
    if (offsetMinutes(new Date(at), zone) !== offset) {
      let high = at;
      while (high - low > MINUTE) {
        const mid = Math.floor((low + high) / 2 / MINUTE) * MINUTE;
        if (offsetMinutes(new Date(mid), zone) === offset) low = mid;
        else high = mid;
      }
      return high;
    }
    low = at;
  }
  return null;
}

/**
 * A VTIMEZONE for `zone` covering `from`..`to` (the events' times, a year either side): one STANDARD or
 * DAYLIGHT part per offset change, each with its own DTSTART (no RRULE needed for a bounded span).
 */
export function vtimezone(zone: string, from: Date, to: Date): string {
  const start = from.getTime() - 366 * 86_400_000;
  const end = to.getTime() + 366 * 86_400_000;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  let offset = offsetMinutes(new Date(start), zone);
  const parts: string[] = [];
  const part = (at: number, fromOffset: number, toOffset: number) => {
    // Standard time is the smaller offset of the year (the zone may have none: one STANDARD part only).
    const january = offsetMinutes(new Date(Date.UTC(new Date(at).getUTCFullYear(), 0, 1)), zone);
    const july = offsetMinutes(new Date(Date.UTC(new Date(at).getUTCFullYear(), 6, 1)), zone);
    const kind = toOffset > Math.min(january, july) ? 'DAYLIGHT' : 'STANDARD';
    parts.push(
      [
        `BEGIN:${kind}`,
        `DTSTART:${wallText(at, fromOffset)}`,
        `TZOFFSETFROM:${offsetText(fromOffset)}`,
        `TZOFFSETTO:${offsetText(toOffset)}`,
        `TZNAME:${zoneAbbreviation(new Date(at), zone)}`,
        `END:${kind}`,
      ].join('\r\n'),
    );
  };
  part(start, offset, offset);
  let cursor = start;
  for (;;) {
    const change = nextChange(zone, cursor, end, offset);
    if (change === null) break;
    const next = offsetMinutes(new Date(change), zone);
    part(change, offset, next);
    offset = next;
    cursor = change;
  }
  return [...lines, ...parts, 'END:VTIMEZONE'].join('\r\n');
}
