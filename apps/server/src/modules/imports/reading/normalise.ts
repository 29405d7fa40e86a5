// Over 400 lines: one normaliser per field type, sharing the date and number evidence.
import { IMPORT_MAX_AMOUNT, type ImportTargetField } from '@recruitdesk/contracts/import-fields';
import { MAX_CANDIDATE_SKILLS } from '@recruitdesk/contracts/candidate-constants';
import { parseDecimal } from '@recruitdesk/money';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { enumSynonyms } from './synonyms';

/** Evidence read from a whole column (its samples): how its dates and amounts are written. */
export interface ColumnHint {
  /** 03/05/2024: 'dmy' = 3 May, 'mdy' = 5 March. */
  dateOrder?: 'dmy' | 'mdy';
  /** "85.000,50" (comma decimals, dot thousands) rather than "85,000.50". */
  decimalComma?: boolean;
}

export interface NormaliseContext {
  /** The agency's country (ISO two letters, '' when unset): phones written without +country. */
  defaultCountry: string;
  /** The agency's currency (ISO 4217). */
  currency: string;
  /** From `detectColumnHints` on the column's values. */
  hint?: ColumnHint;
}

/**
 * A cell as it will be stored: `value` is null for an empty cell. With a problem (a short sentence for the
 * user), `value` is what could be read (e.g. the phone as written) or null when nothing could.
 */
export interface NormalisedCell {
  value: unknown;
  problem: string | null;
}

const ok = (value: unknown): NormalisedCell => ({ value, problem: null });
const quote = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** The record schemas' email rule (zod's z.email pattern), so an imported address is one the forms accept. */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmail = (text: string): boolean => EMAIL.test(text.trim());

/**
 * A phone number in E.164 ("+14155550123"), or null when it cannot be read as one. Numbers without a
 * country code are read as the default country's; "00" international prefixes and extensions are handled.
 */
export function normalisePhoneE164(raw: string, defaultCountry: string): string | null {
  let text = raw.trim();
  if (!text) return null;
  text = text.replace(/^00(?=[1-9])/, '+').replace(/^\+\s+/, '+');
  const country = /^[A-Z]{2}$/.test(defaultCountry.toUpperCase())
    ? (defaultCountry.toUpperCase() as CountryCode)
    : undefined;
  try {
    const parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
    if (!parsed || !(parsed.isValid() || parsed.isPossible())) return null;
    return parsed.number;
  } catch {
    return null;
  }
}

// ---- dates ----------------------------------------------------------------------------------------------

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const fullYear = (year: string) => {
  const n = Number(year);
  if (year.length === 2) return n < 50 ? 2000 + n : 1900 + n;
  return n;
};

/** Three numbers a, b, y with separators / . - (two- or four-digit year last). */
const NUMERIC_DATE =
  /^(\d{1,2})([/.\-\s])(\d{1,2})\2(\d{4}|\d{2})(?:[T\s,]+\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s*(?:[AaPp][Mm])?)?$/;

/**
 * A calendar date ('YYYY-MM-DD') from the ways spreadsheets and exports write one: ISO (with or without a
 * time), 2024/03/05, 05.03.2024, 03/05/2024 (day first or month first: the column's evidence, else a
 * day above 12, else the agency's country), "Mar 5, 2024", "5 March 2024", "05-Mar-24", Excel serial
 * numbers. Null when it is none of these or not a real day.
 */
export function parseDate(raw: string, hint: ColumnHint = {}, defaultCountry = ''): string | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = NUMERIC_DATE.exec(text);
  if (match) {
    const a = Number(match[1]);
    const b = Number(match[3]);
    const year = fullYear(match[4] ?? '');
    let order = hint.dateOrder;
    if (a > 12 && b <= 12) order = 'dmy';
    else if (b > 12 && a <= 12) order = 'mdy';
    else if (!order)
      order = match[2] === '.' || !['US', 'PH', 'CA', 'FM'].includes(defaultCountry.toUpperCase()) ? 'dmy' : 'mdy';
    return order === 'dmy' ? isoDate(year, b, a) : isoDate(year, a, b);
  }
  // "Mar 5, 2024", "March 5 2024", "Tue, Mar 5, 2024"
  match = /^(?:[a-z]{3,9},? )?([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(text);
  const monthFirst = match ? MONTHS[(match[1] ?? '').toLowerCase()] : undefined;
  if (match && monthFirst) return isoDate(Number(match[3]), monthFirst, Number(match[2]));
  // "5 March 2024", "5-Mar-2024", "05-Mar-24"
  match = /^(\d{1,2})(?:st|nd|rd|th)?[ \-/]([a-z]{3,9})\.?,?[ \-/](\d{4}|\d{2})$/i.exec(text);
  const monthSecond = match ? MONTHS[(match[2] ?? '').toLowerCase()] : undefined;
  if (match && monthSecond) return isoDate(fullYear(match[3] ?? ''), monthSecond, Number(match[1]));
  // Unix time in milliseconds or seconds (REST exports such as Bullhorn's dateAdded), 2001 to 2286.
  if (/^\d{10}(?:\d{3})?$/.test(text)) {
    const ms = text.length === 13 ? Number(text) : Number(text) * 1000;
    return new Date(ms).toISOString().slice(0, 10);
  }
  // Excel serial numbers (1954 to 2119).
  if (/^\d{5}(?:\.\d+)?$/.test(text)) {
    const serial = Number(text);
    if (serial >= 20000 && serial <= 80000) {
      const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
      return date.toISOString().slice(0, 10);
    }
  }
  return null;
}

// ---- numbers and money ----------------------------------------------------------------------------------

/**
 * A decimal number's text ("85000.5") from how people write amounts: currency signs and codes, spaces,
 * thousands separators, "85k", "1.2m", "85.000,50" (comma decimals when the column shows it or the digits
 * leave no doubt). The first amount of a range ("80k - 90k"). Null when there is no number.
 */
export function parseAmount(raw: string, hint: ColumnHint = {}): string | null {
  let text = raw.trim().toLowerCase();
  if (!text) return null;
  // The first amount of a range.
  text = text.split(/\s+(?:-|–|to)\s+|(?<=\d[km]?)\s*[–-]\s*(?=[$€£¥]?\d)/)[0] ?? '';
  text = text
    .replace(/[$€£¥₹]/g, ' ')
    .replace(/\b(?:usd|eur|gbp|aud|cad|chf|nzd|inr|sgd|jpy|sek|nok|dkk|zar)\b/g, ' ')
    .replace(/(?:\/|\bper\b)\s*(?:year|yr|annum|a)\b|\bp\.?a\.?$|\b(?:annual|yearly|gross)\b/g, ' ');
  text = text.replace(/[\s\u00a0']/g, '');
  const multiplier = text.endsWith('k') ? 1000 : text.endsWith('m') ? 1_000_000 : 1;
  if (multiplier !== 1) text = text.slice(0, -1);
  if (!/^\d[\d.,]*$/.test(text)) return null;
  let decimalComma = hint.decimalComma;
  if (decimalComma === undefined) {
    const lastComma = text.lastIndexOf(',');
    const lastDot = text.lastIndexOf('.');
    if (lastComma >= 0 && lastDot >= 0) decimalComma = lastComma > lastDot;
    else if (lastComma >= 0) decimalComma = !/^\d{1,3}(,\d{3})+$/.test(text);
    else decimalComma = false;
    // "85.000" alone: thousands, not 85.
    if (lastComma < 0 && /^\d{1,3}(\.\d{3})+$/.test(text)) decimalComma = true;
  }
  const [thousands, decimal] = decimalComma ? ['.', ','] : [',', '.'];
  text = text.split(thousands).join('');
  const parts = text.split(decimal);
  if (parts.length > 2) return null;
  const whole = (parts[0] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = parts[1] ?? '';
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  if (multiplier === 1) return fraction ? `${whole}.${fraction}` : whole;
  // Scale by 1000 or 1,000,000 on the text (no floating point).
  const zeros = multiplier === 1000 ? 3 : 6;
  const digits = `${whole}${fraction.padEnd(zeros, '0')}`;
  const scaled = `${digits.slice(0, whole.length + zeros)}.${digits.slice(whole.length + zeros)}`;
  return scaled.replace(/^0+(?=\d)/, '').replace(/\.$/, '');
}

// ---- column evidence ------------------------------------------------------------------------------------

/**
 * What a column's values say about themselves: dates written day first (a first number above 12) or
 * month first (a second number above 12); amounts with comma decimals ("85.000,50", "1234,5").
 */
export function detectColumnHints(values: readonly string[]): ColumnHint {
  let dayFirst = 0;
  let monthFirst = 0;
  let commaDecimal = 0;
  let dotDecimal = 0;
  for (const raw of values) {
    const text = raw.trim();
    const date = NUMERIC_DATE.exec(text);
    if (date) {
      const a = Number(date[1]);
      const b = Number(date[3]);
      if (a > 12 && b <= 12) dayFirst += 1;
      if (b > 12 && a <= 12) monthFirst += 1;
      continue;
    }
    const digits = text.replace(/[^\d.,]/g, '');
    if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(digits) || /^\d+,\d{1,2}$/.test(digits)) commaDecimal += 1;
    else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits) || /^\d+\.\d{1,2}$/.test(digits)) dotDecimal += 1;
  }
  const hint: ColumnHint = {};
  if (dayFirst > 0 && monthFirst === 0) hint.dateOrder = 'dmy';
  if (monthFirst > 0 && dayFirst === 0) hint.dateOrder = 'mdy';
  if (commaDecimal > 0 && dotDecimal === 0) hint.decimalComma = true;
  if (dotDecimal > 0 && commaDecimal === 0) hint.decimalComma = false;
  return hint;
}

// ---- skills ---------------------------------------------------------------------------------------------

/** Pairs such as CI/CD, TCP/IP, UI/UX, A/B stay whole; other slashes separate skills. */
const SLASH_PAIR = /^[A-Z0-9.+#]{1,5}\/[A-Z0-9.+#]{1,5}$/;

/** Skills from one cell: split on , ; | / bullets and new lines; trimmed, blanks and repeats (any case) dropped. */
export function splitSkills(raw: string): string[] {
  const pieces: string[] = [];
  for (const part of raw.split(/[,;|\n\r•·]+/)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    if (SLASH_PAIR.test(trimmed)) pieces.push(trimmed);
    else pieces.push(...trimmed.split('/'));
  }
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const piece of pieces) {
    const skill = piece
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/^[-*–]\s*/, '');
    if (!skill || seen.has(skill.toLowerCase())) continue;
    seen.add(skill.toLowerCase());
    skills.push(skill);
  }
  return skills;
}

// ---- enums ----------------------------------------------------------------------------------------------

const enumKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** An enum value from its stored value, label or a common synonym (any case, spaces and punctuation). */
export function matchEnum(field: ImportTargetField, raw: string): string | null {
  const key = enumKey(raw);
  if (!key) return null;
  for (const option of field.options ?? []) {
    if (enumKey(option) === key) return option;
  }
  const synonyms = enumSynonyms(field.key);
  for (const [option, words] of Object.entries(synonyms)) {
    if ((field.options ?? []).includes(option) && words.some((word) => enumKey(word) === key)) return option;
  }
  return null;
}

// ---- the cell -------------------------------------------------------------------------------------------

/** Currency signs that name one currency. */
const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', US$: 'USD' };

function tooLong(field: ImportTargetField, text: string): string | null {
  if (field.maxLength === undefined || text.length <= field.maxLength) return null;
  return `${field.label} is longer than the ${grouped(field.maxLength)}-character limit (${grouped(text.length)} characters).`;
}

/** An http(s) address, with https:// added to "www.example.com" or "linkedin.com/in/name". */
export function normaliseUrl(raw: string): string | null {
  let text = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!/^[\w-]+(\.[\w-]+)+(\/|$|:\d)/.test(text)) return null;
    text = `https://${text}`;
  }
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return text;
  } catch {
    return null;
  }
}

/**
 * One cell read as the field's type. Empty cells give `{ value: null, problem: null }` (a required field's
 * absence is the row's problem: see `mapRow`). Problems are short sentences shown to the user.
 */
export function normaliseCell(field: ImportTargetField, raw: string, context: NormaliseContext): NormalisedCell {
  const text = raw.replace(/\u00a0/g, ' ').trim();
  if (text === '') return ok(null);
  switch (field.type) {
    case 'text': {
      if (field.key === 'currency' || field.key.endsWith('_currency')) {
        const code = CURRENCY_SIGNS[text] ?? text.toUpperCase();
        if (/^[A-Z]{3}$/.test(code)) return ok(code);
        return { value: null, problem: `${quote(text)} is not a currency code; use three letters such as USD.` };
      }
      const problem = tooLong(field, text);
      return { value: text, problem };
    }
    case 'email': {
      const candidates = text
        .replace(/^mailto:/i, '')
        .split(/[\s,;<>]+/)
        .map((part) => part.replace(/^mailto:/i, '').replace(/^["'(]+|["').]+$/g, ''))
        .filter((part) => part.includes('@'));
      const email = candidates.find((part) => isEmail(part));
      if (!email) return { value: text, problem: `${quote(text)} is not a valid email address.` };
      const lower = email.toLowerCase();
      return { value: lower, problem: tooLong(field, lower) };
    }
    case 'phone': {
      const e164 = normalisePhoneE164(text, context.defaultCountry);
      if (e164) return ok(e164);
      const problem =
        tooLong(field, text) ?? `${quote(text)} is not a phone number we recognise; it is kept as written.`;
      return { value: text, problem };
    }
    case 'url': {
      const url = normaliseUrl(text);
      if (!url) return { value: text, problem: `${quote(text)} is not a web address.` };
      return { value: url, problem: tooLong(field, url) };
    }
    case 'date': {
      const date = parseDate(text, context.hint, context.defaultCountry);
      if (!date) return { value: null, problem: `${quote(text)} is not a date we can read.` };
      return ok(date);
    }
    case 'integer': {
      const match = /^(\d{1,9})(?:[.,]0+)?\s*(?:\+|years?|yrs?|y)?\.?$/i.exec(text.replace(/\s+/g, ' '));
      if (!match) {
        const problem = /^\d+[.,]\d+/.test(text)
          ? `${quote(text)} is not a whole number.`
          : `${quote(text)} is not a number.`;
        return { value: null, problem };
      }
      const value = Number(match[1]);
      if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) {
        return {
          value: null,
          problem: `${field.label} must be from ${field.min ?? 0} to ${field.max}; the file has ${value}.`,
        };
      }
      return ok(value);
    }
    case 'money': {
      const amount = parseAmount(text, context.hint);
      if (amount === null) return { value: null, problem: `${quote(text)} is not an amount.` };
      const scaled = parseDecimal(amount, 2);
      if (scaled === null) return { value: null, problem: `${quote(text)} has more than two decimals.` };
      if (scaled > BigInt(IMPORT_MAX_AMOUNT * 100))
        return { value: null, problem: `${quote(text)} is too large an amount.` };
      return ok(Number(scaled));
    }
    case 'enum': {
      const option = matchEnum(field, text);
      if (!option) return { value: null, problem: `Unknown ${field.label.toLowerCase()} ${quote(text)}.` };
      return ok(option);
    }
    case 'skills': {
      const skills = splitSkills(text);
      const long = skills.find((skill) => field.maxLength !== undefined && skill.length > field.maxLength);
      if (long) {
        return {
          value: skills.filter((skill) => skill !== long),
          problem: `The skill ${quote(long)} is longer than the ${field.maxLength}-character limit.`,
        };
      }
      if (skills.length > MAX_CANDIDATE_SKILLS) {
        return {
          value: skills.slice(0, MAX_CANDIDATE_SKILLS),
          problem: `Only the first ${MAX_CANDIDATE_SKILLS} of ${skills.length} skills are kept.`,
        };
      }
      return ok(skills);
    }
  }
}
