/**
 * Every date and time on screen goes through this module, in the signed-in user's profile time zone
 * (`zone`; undefined means the runtime's own, which only tests and signed-out screens use). Components get
 * the zone from `useTimeZone()` (lib/time-zone.tsx) or the bound helpers of `useDateFormat()`.
 * Calendar dates ('2026-03-01': a start date, a submittal day) have no zone and are never shifted.
 */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
/** One per locale: building one takes longer than formatting (an activity list formats dozens). */
function relativeFormatter(locale: string): Intl.RelativeTimeFormat {
  let cached = relativeFormatters.get(locale);
  if (!cached) {
    cached = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(locale, cached);
  }
  return cached;
}

/** '5 minutes ago', 'yesterday', 'in 2 hours'; under 45 seconds: 'just now'. */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date(), locale = 'en'): string {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  const rtf = relativeFormatter(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size * 0.95 || unit === 'minute') {
      return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return rtf.format(seconds, 'second');
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Intl formatters are slow to build and a board formats hundreds of dates: one per (options, zone). */
function formatter(
  options: Intl.DateTimeFormatOptions,
  zone: string | undefined,
  locale?: string,
): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${zone ?? ''}|${locale ?? ''}`;
  let cached = formatters.get(key);
  if (!cached) {
    try {
      cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      // An unknown zone name (an old profile value): show the runtime's zone rather than nothing.
      cached = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, cached);
  }
  return cached;
}

const instant = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** 'Mar 1, 2026, 3:30 PM' in `zone`. */
export function formatDateTime(value: string | number | Date, zone?: string): string {
  const date = instant(value);
  return Number.isNaN(date.getTime()) ? '' : formatter({ dateStyle: 'medium', timeStyle: 'short' }, zone).format(date);
}

/** 'Mar 1, 2026, 3:30 PM EST': where the zone matters to the reader (a booking confirmation). */
export function formatDateTimeWithZone(value: string | number | Date, zone?: string): string {
  const date = instant(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    zone,
  ).format(date);
}

/**
 * '3:30 PM' in `zone`: the app's one time of day, the time half of formatDateTime (issue 29 item p: the
 * calendar said '2:30p' where everything else said '2:30 PM').
 */
export function formatTime(value: string | number | Date, zone?: string): string {
  const date = instant(value);
  return Number.isNaN(date.getTime()) ? '' : formatter({ timeStyle: 'short' }, zone).format(date);
}

/** 'Mar 1, 2026': a calendar date as it is, an instant as its day in `zone`. */
export function formatDate(value: string | number | Date, zone?: string): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return formatter({ dateStyle: 'medium' }, 'UTC').format(new Date(`${value}T00:00:00Z`));
  }
  const date = instant(value);
  return Number.isNaN(date.getTime()) ? '' : formatter({ dateStyle: 'medium' }, zone).format(date);
}

/**
 * Builds the formatters that lists and cards use, one per task, so the first list drawn with data does
 * not also start Intl (15 ms or more on a slow phone, inside the render that shows the rows). Called after
 * the first paint, while the page's code and data are on their way.
 */
export function prepareDateFormats(
  zone: string | undefined,
  schedule: (step: () => void) => void = (step) => setTimeout(step, 0),
) {
  const now = Date.now();
  const steps = [
    () => formatDate(now, zone),
    () => formatDate('2026-01-01'),
    () => formatDateTime(now, zone),
    () => formatRelativeTime(now - 3_600_000, new Date(now)),
  ];
  const next = () => {
    steps.shift()?.();
    if (steps.length) schedule(next);
  };
  schedule(next);
}

/** 'Sunday, March 1, 2026' in `zone`. */
export function formatLongDate(value: Date, zone?: string): string {
  return formatter({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, zone).format(value);
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in `zone` at `date`. */
export function wallPartsIn(date: Date, zone?: string): WallParts {
  const parts = formatter(
    {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    },
    zone,
    'en-US',
  ).formatToParts(date);
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

export function greetingFor(date: Date, zone?: string): string {
  const { hour } = wallPartsIn(date, zone);
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** Today's calendar date in `zone` ('2026-03-01'): the default of date inputs. */
export function todayIn(zone?: string, now: Date = new Date()): string {
  const { year, month, day } = wallPartsIn(now, zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** An instant as a `datetime-local` value ('2026-03-01T15:30') on the wall clock of `zone`. */
export function toWallTime(value: string | Date, zone?: string): string {
  const date = instant(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = wallPartsIn(date, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A `datetime-local` value read as a wall time in `zone`, as an ISO instant; anything else is returned
 * unchanged (the contract then reports it). A time skipped by a clock change moves forward by the gap;
 * a repeated one takes its first occurrence.
 */
export function fromWallTime(value: string, zone?: string): string {
  const match = WALL_TIME.exec(value);
  if (!match) return value;
  const [y, mo, d, h, mi, sec] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, sec);
  // The zone's offset (wall clock minus UTC) at an instant.
  const offsetAt = (at: number) => {
    const p = wallPartsIn(new Date(at), zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
  };
  const before = offsetAt(asUtc);
  let chosen = asUtc - before;
  const after = offsetAt(chosen);
  if (after !== before) {
    chosen = asUtc - after;
    // Still not that wall time: it was skipped by the clock change; take the instant the gap ends.
    if (toWallTime(new Date(chosen), zone) !== value.slice(0, 16)) chosen = asUtc - before;
  }
  return new Date(chosen).toISOString();
}

// History texts written by the server carry machine times: '2026-11-30 15:00 UTC' (an instant) or
// '2026-11-30' (a calendar date). On screen they read in the profile zone like every other time.
const TEXT_TIMES = /\b(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?\s?(?:UTC|Z))?\b/g;

/** A stored history text with its times and dates shown in `zone`. */
export function formatStoredText(text: string, zone?: string): string {
  return text.replace(TEXT_TIMES, (whole, day: string, time: string | undefined) => {
    if (!time) return formatDate(day);
    const shown = formatDateTime(`${day}T${time}:00Z`, zone);
    return shown || whole;
  });
}

const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner',
  superuser: 'Superuser',
  recruiter: 'Recruiter',
  viewer: 'Viewer',
};

export const userTypeLabel = (type: string) => ROLE_LABELS[type] ?? type;

/** '£85,000' / '$1,200.50'; an unknown code falls back to '85,000 XYZ'. */
export function formatMoney(value: number | null | undefined, currency: string, locale?: string): string {
  if (value == null) return '—';
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
    }).format(value);
  } catch {
    return `${value.toLocaleString(locale)} ${currency}`;
  }
}

/** '12 KB', '3.4 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** 'full_time' → 'Full time'. */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : value;
}
