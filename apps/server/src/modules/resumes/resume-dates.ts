/**
 * Dates and date ranges as resumes write them: "Jan 2019", "January 2019", "01/2019", "2019-01", "2019",
 * "März 2019", "janv. 2019", "Sept. 2019 – Present", "2017 to 2019", "05.2018 - heute". Months count from
 * year 0 (year * 12 + month - 1), so a range's length is a subtraction.
 */

const MONTHS: Record<string, number> = {};
const NAMES: Array<[number, string[]]> = [
  [1, ['jan', 'january', 'januar', 'janv', 'janvier', 'ene', 'enero', 'jän', 'jänner', 'gen', 'gennaio', 'janeiro']],
  [2, ['feb', 'february', 'februar', 'févr', 'fevr', 'février', 'fevrier', 'febrero', 'fev', 'fevereiro', 'febbraio']],
  [3, ['mar', 'march', 'märz', 'maerz', 'mars', 'marzo', 'mrz', 'março', 'marco']],
  [4, ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'maio', 'maggio']],
  [6, ['jun', 'june', 'juni', 'juin', 'junio', 'junho', 'giugno']],
  [7, ['jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'julho', 'luglio']],
  [8, ['aug', 'august', 'août', 'aout', 'ago', 'agosto']],
  [9, ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'setembro', 'settembre']],
  [10, ['oct', 'october', 'oktober', 'okt', 'octobre', 'octubre', 'out', 'outubro', 'ottobre']],
  [11, ['nov', 'november', 'novembre', 'noviembre', 'novembro']],
  [12, ['dec', 'december', 'dezember', 'dez', 'déc', 'décembre', 'decembre', 'dic', 'diciembre', 'dezembro', 'dicembre']],
];
for (const [month, names] of NAMES) for (const name of names) MONTHS[name] = month;

const SEASONS: Record<string, number> = { spring: 4, summer: 7, fall: 10, autumn: 10, winter: 1 };

const MONTH_WORD = `(?:${Object.keys(MONTHS)
  .concat(Object.keys(SEASONS))
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
/** One date: a month name and year, MM/YYYY, MM.YYYY, YYYY-MM, YYYY/MM, or a year alone. */
const DATE = `(?:${MONTH_WORD}\\s*,?\\s*(?:19|20)\\d{2}|(?:0?[1-9]|1[0-2])\\s*[/.]\\s*(?:19|20)\\d{2}|(?:19|20)\\d{2}\\s*[-/.]\\s*(?:0[1-9]|1[0-2])(?!\\d)|(?:19|20)\\d{2})`;
const PRESENT =
  "(?:present|current(?:ly)?|now|today|to date|date|ongoing|heute|aktuell|jetzt|actuel(?:le)?|aujourd['’]hui|présent|presente|actualidad|la fecha|hoy|atual|momento|oggi)";
const SEPARATOR = "\\s*(?:[-–—‒―~]+|to|until|till|bis|à|au|a|hasta|até|al|-->)\\s*";

export const DATE_RANGE = new RegExp(
  `(?<![\\p{L}\\d])(?:(?:since|seit|depuis|desde)\\s+(${DATE})|(${DATE})(?:${SEPARATOR}(${DATE}|${PRESENT}))?)(?![\\p{L}\\d])`,
  'giu',
);
const PRESENT_ONLY = new RegExp(`^${PRESENT}$`, 'i');

export interface MonthValue {
  /** year * 12 + month - 1 */
  index: number;
  /** Whether only the year was given. */
  yearOnly: boolean;
}

export function parseDate(text: string): MonthValue | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  let match = /^(\p{L}+)\.?\s*,?\s*((?:19|20)\d{2})$/u.exec(value);
  if (match) {
    const month = MONTHS[match[1]!] ?? SEASONS[match[1]!];
    if (!month) return null;
    return { index: Number(match[2]) * 12 + month - 1, yearOnly: false };
  }
  match = /^(\d{1,2})\s*[/.]\s*((?:19|20)\d{2})$/.exec(value);
  if (match) return { index: Number(match[2]) * 12 + Number(match[1]) - 1, yearOnly: false };
  match = /^((?:19|20)\d{2})\s*[-/.]\s*(\d{2})$/.exec(value);
  if (match) return { index: Number(match[1]) * 12 + Number(match[2]) - 1, yearOnly: false };
  match = /^((?:19|20)\d{2})$/.exec(value);
  if (match) return { index: Number(match[1]) * 12, yearOnly: true };
  return null;
}

export interface DateRange {
  start: number;
  /** Exclusive month index (the month after the last one worked). */
  end: number;
  current: boolean;
  /** Where the range is written. */
  from: number;
  to: number;
  /** A single date, not a range. */
  single: boolean;
}

/** Every date or date range in `text`, with `now` for "Present". */
export function findDateRanges(text: string, now: Date): DateRange[] {
  const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const ranges: DateRange[] = [];
  for (const match of text.matchAll(DATE_RANGE)) {
    const since = match[1];
    const startText = since ?? match[2]!;
    const endText = since ? 'present' : match[3];
    const start = parseDate(startText);
    if (!start) continue;
    let end: number;
    let current = false;
    if (endText === undefined) {
      end = start.yearOnly ? start.index + 12 : start.index + 1;
    } else if (PRESENT_ONLY.test(endText.trim())) {
      end = nowIndex + 1;
      current = true;
    } else {
      const parsed = parseDate(endText);
      if (!parsed) continue;
      // "2017 – 2019": through the end of 2019 counts as the start of 2019 (a resume's year is its start).
      end = parsed.yearOnly ? parsed.index + (start.yearOnly ? 0 : 1) : parsed.index + 1;
    }
    if (end < start.index || end > nowIndex + 13) continue;
    ranges.push({
      start: start.index,
      end: Math.max(end, start.index),
      current,
      from: match.index,
      to: match.index + match[0].length,
      single: endText === undefined,
    });
  }
  return ranges;
}

/** The length in years (one decimal) of the union of the ranges. */
export function unionYears(ranges: ReadonlyArray<{ start: number; end: number }>): number {
  const sorted = [...ranges].filter((range) => range.end > range.start).sort((a, b) => a.start - b.start);
  let months = 0;
  let currentStart = -1;
  let currentEnd = -1;
  for (const range of sorted) {
    if (range.start > currentEnd) {
      months += currentEnd - currentStart;
      currentStart = range.start;
      currentEnd = range.end;
    } else currentEnd = Math.max(currentEnd, range.end);
  }
  months += currentEnd - currentStart;
  return Math.round((months / 12) * 10) / 10;
}
