// Over 400 lines: the built-in analyst's whole period grammar (relative, named, quarters, halves, ranges), whose rules are read together.
// The built-in analyst's period grammar (issue 13): "this month", "last quarter", "Q3", "H1 2025", "YTD",
// "in 2025", "since March", "last 30 days", "between March and May 2025"... read in the agency's time zone
// relative to a given "now". Periods are inclusive calendar dates (ISO); the analytics sets read them as days.

import { calendarDateIn } from '../../../lib/time-zone';
import { addDays } from '@recruitdesk/money/dates';

export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year' | 'custom' | 'all';

export interface Period {
  from: string;
  to: string;
  unit: PeriodUnit;
  /** How the user said it ("last quarter"), or a description of the dates. */
  label: string;
}

/** The start of "all time": before any record the agency can hold. */
export const ALL_TIME_FROM = '1900-01-01';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * The agency's calendar date at the context's "now", in its zone (UTC's for a zone this runtime does not
 * know): the one "today" both engines read periods from.
 */
export function agencyToday(ctx: { now: Date; timeZone: string }): string {
  return calendarDateIn(ctx.now, ctx.timeZone || 'UTC');
}

/** The same day n months later (clamped to the month's end). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return iso(ny, nm, Math.min(d, daysIn(ny, nm)));
}
const monthPeriod = (y: number, m: number): [string, string] => [iso(y, m, 1), iso(y, m, daysIn(y, m))];
const quarterPeriod = (y: number, q: number): [string, string] => [
  iso(y, q * 3 - 2, 1),
  iso(y, q * 3, daysIn(y, q * 3)),
];
const halfPeriod = (y: number, h: number): [string, string] => [iso(y, h * 6 - 5, 1), iso(y, h * 6, daysIn(y, h * 6))];
const yearPeriod = (y: number): [string, string] => [iso(y, 1, 1), iso(y, 12, 31)];
const weekStart = (day: string) => {
  const [y, m, d] = parts(day);
  const dow = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -dow);
};

const FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
/** "1 Apr 2031". */
export function formatDay(day: string): string {
  const [y, m, d] = parts(day);
  const text = FORMAT.formatToParts(new Date(Date.UTC(y, m - 1, d)));
  const of = (type: string) => text.find((p) => p.type === type)?.value ?? '';
  return `${of('day')} ${of('month')} ${of('year')}`;
}

export function describePeriod(p: Period): string {
  if (p.unit === 'all') return `all time (to ${formatDay(p.to)})`;
  if (!p.label) return `${formatDay(p.from)} – ${formatDay(p.to)}`;
  if (p.from === p.to) return p.label === formatDay(p.from) ? p.label : `${p.label} (${formatDay(p.from)})`;
  return `${p.label} (${formatDay(p.from)} – ${formatDay(p.to)})`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A period read back from dates (an earlier answer): "Q2 2031", "June 2031", "2030", or its dates. */
export function periodFromDates(from: string, to: string): Period {
  const unit = unitOf(from, to);
  const [y, m] = parts(from);
  const label =
    unit === 'all'
      ? 'all time'
      : unit === 'year'
        ? String(y)
        : unit === 'quarter'
          ? `Q${Math.ceil(m / 3)} ${y}`
          : unit === 'half'
            ? `H${Math.ceil(m / 6)} ${y}`
            : unit === 'month'
              ? `${MONTH_NAMES[m - 1]} ${y}`
              : unit === 'day'
                ? formatDay(from)
                : '';
  return { from, to, unit, label };
}

/** A period's unit guessed from its dates (for periods read back from an earlier answer). */
export function unitOf(from: string, to: string): PeriodUnit {
  if (from === ALL_TIME_FROM) return 'all';
  if (from === to) return 'day';
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  if (fd !== 1) return 'custom';
  const endOfMonth = td === daysIn(ty, tm);
  const months = (ty - fy) * 12 + (tm - fm) + 1;
  if (!endOfMonth) return 'custom';
  if (months === 1) return 'month';
  if (months === 3 && (fm - 1) % 3 === 0) return 'quarter';
  if (months === 6 && (fm - 1) % 6 === 0) return 'half';
  if (months === 12 && fm === 1) return 'year';
  return 'custom';
}

/** Cuts a period at today (a period that has not ended is read "so far"). */
function capped(from: string, to: string, today: string): [string, string] {
  return [from, to > today ? today : to];
}

/** The point a bare date expression names: its first and last day ("March 2025", "2025", "Q2", "2025-03-14"). */
function pointOf(text: string, today: string, preferPast = true): [string, string] | null {
  const t = text.trim();
  const [ty, tm] = parts(today);
  let m: RegExpMatchArray | null;
  if ((m = t.match(/^(\d{4})-(\d{2})-(\d{2})$/))) return [m[0], m[0]];
  if ((m = t.match(/^(\d{4})-(\d{2})$/))) return monthPeriod(Number(m[1]), Number(m[2]));
  if ((m = t.match(new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)? ${MONTH_RE},? (\\d{4})$`)))) {
    const d = iso(Number(m[3]), monthIndex(m[2]!) + 1, Number(m[1]));
    return [d, d];
  }
  if ((m = t.match(new RegExp(`^${MONTH_RE} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})$`)))) {
    const d = iso(Number(m[3]), monthIndex(m[1]!) + 1, Number(m[2]));
    return [d, d];
  }
  if ((m = t.match(new RegExp(`^${MONTH_RE},? (\\d{4})$`)))) return monthPeriod(Number(m[2]), monthIndex(m[1]!) + 1);
  if ((m = t.match(new RegExp(`^${MONTH_RE}$`)))) {
    const month = monthIndex(m[1]!) + 1;
    return monthPeriod(preferPast && month > tm ? ty - 1 : ty, month);
  }
  if ((m = t.match(/^q([1-4])(?:,? (\d{4}))?$/))) {
    const q = Number(m[1]);
    const y = m[2] ? Number(m[2]) : preferPast && quarterPeriod(ty, q)[0] > today ? ty - 1 : ty;
    return quarterPeriod(y, q);
  }
  if ((m = t.match(/^h([12])(?:,? (\d{4}))?$/))) {
    const h = Number(m[1]);
    const y = m[2] ? Number(m[2]) : preferPast && halfPeriod(ty, h)[0] > today ? ty - 1 : ty;
    return halfPeriod(y, h);
  }
  if ((m = t.match(/^(?:fy ?)?(\d{4})$/))) return yearPeriod(Number(m[1]));
  if (t === 'today') return [today, today];
  if (t === 'yesterday') return [addDays(today, -1), addDays(today, -1)];
  return null;
}

const ORDINALS: Record<string, string> = {
  first: '1',
  '1st': '1',
  second: '2',
  '2nd': '2',
  third: '3',
  '3rd': '3',
  fourth: '4',
  '4th': '4',
  last: '4',
};
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  a: 1,
};

/** Rewrites spelled-out forms into the short ones the grammar reads ("second quarter of 2025" → "q2 2025"). */
export function normalisePeriodText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(
      /\b(first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?(?: (\d{4}))?/g,
      (_, o: string, y?: string) => `q${ORDINALS[o]}${y ? ` ${y}` : ''}`,
    )
    .replace(
      /\b(first|second|1st|2nd) half(?: of)?(?: (\d{4}))?/g,
      (_, o: string, y?: string) => `h${ORDINALS[o]}${y ? ` ${y}` : ''}`,
    )
    .replace(/\bq([1-4])[- ]?'?(\d{2})\b(?!\d)/g, (_, q: string, y: string) => `q${q} 20${y}`)
    .replace(/\b([qh][1-4]) of (\d{4})\b/g, '$1 $2')
    .replace(/\b(\d{4}) ([qh][1-4])\b/g, '$2 $1')
    .replace(/\s+/g, ' ');
}

export interface PeriodMatch {
  period: Period;
  /** The words that named it, to be left out of the name search. */
  text: string;
}

/**
 * Finds the period a message names, or null. `today` is the agency's calendar date.
 * Order matters: ranges before single points, relative phrases before bare years.
 */
export function parsePeriod(message: string, today: string): PeriodMatch | null {
  const t = normalisePeriodText(message);
  const [ty, tm] = parts(today);
  const point = `(?:\\d{4}-\\d{2}-\\d{2}|\\d{4}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)? ${MONTH_RE},? \\d{4}|${MONTH_RE} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}|${MONTH_RE},? \\d{4}|${MONTH_RE}|q[1-4](?: \\d{4})?|h[12](?: \\d{4})?|\\d{4}|today|yesterday)`;
  const make = (from: string, to: string, unit: PeriodUnit, label: string, text: string): PeriodMatch => ({
    period: { from, to, unit, label },
    text,
  });
  let m: RegExpMatchArray | null;

  // between X and Y / from X to Y
  if ((m = t.match(new RegExp(`\\b(?:between|from) (${point}) (?:and|to|until|till|through|thru|-) (${point})\\b`)))) {
    const first = extractFirst(m[0], point) ?? '';
    const second = extractSecond(m[0], point) ?? '';
    let b = pointOf(second, today, true);
    let start = pointOf(first, today, true);
    // "between March and May 2025": the year of the end applies to the start.
    const yearOfEnd = second.match(/(\d{4})$/)?.[1];
    if (yearOfEnd && new RegExp(`^${MONTH_RE}$`).test(first))
      start = monthPeriod(Number(yearOfEnd), monthIndex(first) + 1);
    if (yearOfEnd && /^q[1-4]$/.test(first)) start = quarterPeriod(Number(yearOfEnd), Number(first[1]));
    if (start && b) {
      if (start[0] > b[1]) b = pointOf(second, addDays(today, 366), false) ?? b; // "between november and february"
      const to = b[1] > today ? today : b[1];
      return make(start[0], to, unitOf(start[0], to), `${formatDay(start[0])} to ${formatDay(to)}`, m[0]);
    }
  }
  // since X
  if (
    (m = t.match(new RegExp(`\\b(?:since|starting|beginning|from) (?:the start of |the beginning of )?(${point})\\b`)))
  ) {
    const a = pointOf(m[1]!, today, true);
    if (a && a[0] <= today) return make(a[0], today, 'custom', `since ${formatDay(a[0])}`, m[0]);
  }
  // last / past / previous N units
  if (
    (m = t.match(
      /\b(?:in |over |during |for )?(?:the )?(?:last|past|previous|trailing) (\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (day|week|month|quarter|year)s?\b/,
    ))
  ) {
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!]!;
    const unit = m[2]!;
    let from: string;
    if (unit === 'day') from = addDays(today, -(n - 1));
    else if (unit === 'week') from = addDays(today, -(7 * n - 1));
    else from = addDays(addMonths(today, -(unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n)), 1);
    return make(from, today, 'custom', `the last ${n} ${unit}${n === 1 ? '' : 's'}`, m[0]);
  }
  if ((m = t.match(/\bsince the (?:start|beginning) of (?:the |this )?(year|quarter|month)\b/))) {
    const q = Math.ceil(tm / 3);
    const from = m[1] === 'year' ? iso(ty, 1, 1) : m[1] === 'quarter' ? quarterPeriod(ty, q)[0] : iso(ty, tm, 1);
    return make(from, today, 'custom', `${m[1]} to date`, m[0]);
  }
  if (
    (m = t.match(
      /\b(?:all[- ]time|ever|since (?:the )?(?:start|beginning)|in total|to date|overall|of all time|lifetime)\b/,
    )) &&
    !/\b(?:year|quarter|month) to date\b/.test(t)
  ) {
    return make(ALL_TIME_FROM, today, 'all', 'all time', m[0]);
  }
  if ((m = t.match(/\b(?:ytd|year[- ]to[- ]date|so far this year|this year so far)\b/)))
    return make(iso(ty, 1, 1), today, 'custom', 'year to date', m[0]);
  if ((m = t.match(/\b(?:qtd|quarter[- ]to[- ]date)\b/))) {
    const q = Math.ceil(tm / 3);
    return make(quarterPeriod(ty, q)[0], today, 'custom', 'quarter to date', m[0]);
  }
  if ((m = t.match(/\b(?:mtd|month[- ]to[- ]date)\b/)))
    return make(iso(ty, tm, 1), today, 'custom', 'month to date', m[0]);
  // this / last / next unit
  if ((m = t.match(/\b(this|current|last|previous|prior|past) (week|month|quarter|half|year)\b/))) {
    const back = m[1] === 'this' || m[1] === 'current' ? 0 : 1;
    const unit = m[2] as 'week' | 'month' | 'quarter' | 'half' | 'year';
    let range: [string, string];
    if (unit === 'week') {
      const start = addDays(weekStart(today), -7 * back);
      range = [start, addDays(start, 6)];
    } else if (unit === 'month') {
      const start = addMonths(iso(ty, tm, 1), -back);
      range = monthPeriod(...(parts(start).slice(0, 2) as [number, number]));
    } else if (unit === 'quarter') {
      const index = ty * 4 + Math.ceil(tm / 3) - 1 - back;
      range = quarterPeriod(Math.floor(index / 4), (index % 4) + 1);
    } else if (unit === 'half') {
      const index = ty * 2 + Math.ceil(tm / 6) - 1 - back;
      range = halfPeriod(Math.floor(index / 2), (index % 2) + 1);
    } else range = yearPeriod(ty - back);
    const [from, to] = capped(range[0], range[1], today);
    return make(from, to, back ? unit : to === range[1] ? unit : 'custom', `${back ? 'last' : 'this'} ${unit}`, m[0]);
  }
  if ((m = t.match(/\b(today|yesterday)\b/))) {
    const d = m[1] === 'today' ? today : addDays(today, -1);
    return make(d, d, 'day', m[1]!, m[0]);
  }
  // Qn [year], Hn [year]
  if ((m = t.match(/\b([qh])([1-4])(?: (\d{4}))?\b/))) {
    const range = pointOf(`${m[1]}${m[2]}${m[3] ? ` ${m[3]}` : ''}`, today, true);
    if (range) {
      const [from, to] = capped(range[0], range[1], today);
      return make(
        from,
        to,
        m[1] === 'q' ? 'quarter' : 'half',
        `${m[1]!.toUpperCase()}${m[2]} ${range[0].slice(0, 4)}`,
        m[0],
      );
    }
  }
  // a month with or without a year: "in March", "March 2025", "for jan"
  if ((m = t.match(new RegExp(`\\b(?:in |for |during )?${MONTH_RE}(?:,? (\\d{4}))?\\b`)))) {
    const word = m[1]!;
    // "may" is also a verb: only read it as a month with a year or after in/for/during.
    if (word !== 'may' || m[2] || /^(in|for|during) /.test(m[0])) {
      const range = pointOf(`${word}${m[2] ? ` ${m[2]}` : ''}`, today, true)!;
      const [from, to] = capped(range[0], range[1], today);
      const name = MONTHS[monthIndex(word)]!;
      return make(from, to, 'month', `${name[0]!.toUpperCase()}${name.slice(1)} ${range[0].slice(0, 4)}`, m[0]);
    }
  }
  // a year: "in 2025", "for 2024", "2025"
  if ((m = t.match(/\b(?:in |for |during )?(?:fy ?)?((?:19|20)\d{2})\b/))) {
    const [from, to] = capped(...yearPeriod(Number(m[1])), today);
    return make(from, to, 'year', m[1]!, m[0]);
  }
  // No period named, but the question reaches back to the start (issue 29 item 9): "so far", "until now",
  // "since we started", "have been placed", "has ever". Last, so "so far this year" stays this year.
  if (
    (m = t.match(
      /\b(?:so far|thus far|until now|up (?:to|till|until) (?:now|today)|as of (?:now|today)|to this day|since (?:inception|day one|we (?:started|began|opened|launched))|in (?:our|the agency'?s?) history|altogether|all together|cumulative(?:ly)?|(?:have|has|'ve) (?:we |they |you |it )?(?:ever |all |now |already )?been)\b/,
    ))
  )
    return make(ALL_TIME_FROM, today, 'all', 'all time', m[0]);
  return null;
}

function extractFirst(range: string, point: string): string | null {
  return range.match(new RegExp(`^(?:between|from) (${point})`))?.[1] ?? null;
}
function extractSecond(range: string, point: string): string | null {
  return range.match(new RegExp(`(?:and|to|until|till|through|thru|-) (${point})$`))?.[1] ?? null;
}

/**
 * A period relative to an earlier one ("the quarter before", "the year before", "before that",
 * "same period last year"), or null when the message names none.
 */
export function relativePeriod(message: string, previous: Period, today: string): PeriodMatch | null {
  const t = message.toLowerCase();
  const make = (from: string, to: string, unit: PeriodUnit, label: string, text: string): PeriodMatch => ({
    period: { from, to, unit, label: periodFromDates(from, to).label || label },
    text,
  });
  let m: RegExpMatchArray | null;
  if (
    (m = t.match(
      /\b(?:same (?:period|time|months?|quarter) (?:last|a|the previous|the prior) year|a year (?:earlier|before|ago)|year over year|previous year's)\b/,
    ))
  ) {
    const from = addMonths(previous.from, -12);
    const to = addMonths(previous.to, -12);
    return make(from, to, unitOf(from, to), `${previous.label}, a year earlier`, m[0]);
  }
  if (
    (m = t.match(
      /\b(?:the )?(month|quarter|half|year|week) (?:before|prior)(?: that| it)?\b|\b(?:the )?(?:previous|prior|preceding) (month|quarter|half|year|week)\b|\bbefore that\b|\bthe (?:previous|prior) (?:one|period)\b|\bthe period before\b/,
    ))
  ) {
    const unit = (m[1] ?? m[2]) as 'month' | 'quarter' | 'half' | 'year' | 'week' | undefined;
    const same = !unit || unit === previous.unit;
    if (same && ['month', 'quarter', 'half', 'year'].includes(previous.unit)) {
      const months = { month: 1, quarter: 3, half: 6, year: 12 }[previous.unit as 'month']!;
      const from = addMonths(previous.from, -months);
      const to = addDays(previous.from, -1);
      return make(from, to, previous.unit, `the ${previous.unit} before`, m[0]);
    }
    if (same) {
      const length = Math.round((Date.parse(previous.to) - Date.parse(previous.from)) / 86_400_000);
      const to = addDays(previous.from, -1);
      const from = addDays(to, -length);
      return make(from, to, unitOf(from, to), 'the period before', m[0]);
    }
    // "the year before" after a quarter: the whole unit before the period's start.
    const [y, mo] = parts(previous.from);
    let range: [string, string];
    if (unit === 'year') range = yearPeriod(y - 1);
    else if (unit === 'half') {
      const index = y * 2 + Math.ceil(mo / 6) - 2;
      range = halfPeriod(Math.floor(index / 2), (index % 2) + 1);
    } else if (unit === 'quarter') {
      const index = y * 4 + Math.ceil(mo / 3) - 2;
      range = quarterPeriod(Math.floor(index / 4), (index % 4) + 1);
    } else if (unit === 'month')
      range = monthPeriod(...(parts(addMonths(iso(y, mo, 1), -1)).slice(0, 2) as [number, number]));
    else range = [addDays(weekStart(previous.from), -7), addDays(weekStart(previous.from), -1)];
    const [from, to] = capped(range[0], range[1], today);
    return make(from, to, unit!, `the ${unit} before`, m[0]);
  }
  return null;
}
