/**
 * The candidate list search: words, not substrings. A candidate's searchable text (names, email, phone,
 * title, company, skills and resume text) becomes a set of lower-cased tokens (runs of letters and
 * digits), stored in `search_text` and indexed as a tsvector (GIN). A search matches a candidate when
 * every search word is the start of one of its tokens (`'word':*`), so "kube" finds Kubernetes and
 * "ada.lovelace@ana" finds ada.lovelace@analytical.example. Phone numbers also count as one run of
 * digits (all of them, the last 10 and the last 7), so "(206) 555-0100", "2065550100" and "5550100" find
 * +1 206 555 0100.
 *
 * Both sides are tokenized here, in one place: the database gets the tokens as they are
 * (`array_to_tsvector`, a `::tsquery` of quoted lexemes), so no text-search parser, dictionary or locale
 * changes what matches.
 *
 * With a search, the list's other filters become lexemes of the same query (`=status:active`,
 * `=skill:python`, `=y:3 | =y:4 | =y:5`), which the trigger adds to every candidate's vector in
 * `candidate_search`: one GIN lookup answers the whole filter. They start with `=`, which no search
 * token can, so typed words never match them.
 */

/** Letters (with their combining marks) and digits; everything else separates tokens. */
const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;
/** Longer runs (hashes, base64 in a resume) are cut to this; a longer search word is cut the same way. */
export const MAX_TOKEN_LENGTH = 60;
/** At most this many search terms are used (the list query takes at most 200 characters anyway). */
export const MAX_SEARCH_TERMS = 10;
/** Tokens shorter than this match whole tokens only: a one-letter prefix would match nearly everyone. */
export const MIN_PREFIX_LENGTH = 2;

export function textTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.normalize('NFKC').toLowerCase().match(TOKEN) ?? []).map((token) => token.slice(0, MAX_TOKEN_LENGTH));
}

/** The phone's digits as the search knows them: all of them, the last 10 and the last 7 (7 digits or more). */
export function phoneTokens(phone: string | null | undefined): string[] {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 7) return [];
  return [digits.slice(0, MAX_TOKEN_LENGTH), digits.slice(-10), digits.slice(-7)];
}

export interface SearchableCandidate {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  currentTitle?: string | null | undefined;
  currentCompany?: string | null | undefined;
  skills?: readonly string[] | null | undefined;
  resumeText?: string | null | undefined;
}

/** The `search_text` column: the candidate's distinct search tokens, space-separated. */
export function candidateSearchText(values: SearchableCandidate): string {
  const tokens = new Set<string>();
  const add = (list: string[]) => list.forEach((token) => tokens.add(token));
  for (const field of [values.firstName, values.lastName, values.email, values.phone, values.currentTitle, values.currentCompany]) add(textTokens(field));
  add(phoneTokens(values.phone));
  for (const skill of values.skills ?? []) add(textTokens(skill));
  add(textTokens(values.resumeText));
  return [...tokens].join(' ');
}

/**
 * A run of at least 7 digits written the way phone numbers are: +1 (206) 555-0100, 206.555.0100. Digits
 * glued to letters (a reference like ab1234567x) are part of a word, not a phone number.
 */
const PHONE_RUN = /(?<![\p{L}\p{M}\p{N}])\+?\(?\d[\d\s().\-/]*\d\)?(?![\p{L}\p{M}\p{N}])/gu;

const lexeme = (token: string, prefix: boolean) => `'${token}'${prefix && token.length >= MIN_PREFIX_LENGTH ? ':*' : ''}`;
const allOf = (tokens: string[]) => (tokens.length === 1 ? lexeme(tokens[0] as string, true) : `(${tokens.map((token) => lexeme(token, true)).join(' & ')})`);

/**
 * The search as a tsquery (text to cast with `::tsquery`), or null when it has nothing to search for.
 * Every term must match (AND); a phone-like run matches as one number or as its separate groups.
 */
export function candidateSearchQuery(search: string | null | undefined): string | null {
  let rest = (search ?? '').normalize('NFKC').toLowerCase();
  const terms: string[] = [];
  rest = rest.replace(PHONE_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 7) return run;
    const groups = textTokens(run);
    const number = lexeme(digits.slice(-10), true);
    terms.push(groups.length > 1 ? `(${number} | ${allOf(groups)})` : number);
    return ' ';
  });
  const seen = new Set<string>();
  for (const token of textTokens(rest)) {
    if (seen.has(token)) continue;
    seen.add(token);
    terms.push(lexeme(token, true));
  }
  return terms.length ? terms.slice(0, MAX_SEARCH_TERMS).join(' & ') : null;
}

/** A tsquery lexeme literal: quoted, with quotes and backslashes escaped. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Years of experience are indexed up to this (the API accepts 0–70); more counts as this. */
export const MAX_INDEXED_YEARS = 100;

export interface SearchFilters {
  status?: string | undefined;
  /** Lower-cased, trimmed skills; every one must match. */
  skills?: readonly string[] | undefined;
  /** Inclusive bounds; `max` null means no upper bound. */
  years?: readonly [number, number | null] | undefined;
}

/** The filters as tsquery terms over the filter lexemes the trigger indexes (see the module comment). */
export function filterTerms(filters: SearchFilters): string[] {
  const terms: string[] = [];
  if (filters.status) terms.push(quoted(`=status:${filters.status}`));
  for (const skill of filters.skills ?? []) terms.push(quoted(`=skill:${skill}`));
  if (filters.years) {
    const [min, max] = filters.years;
    const upper = Math.min(max ?? MAX_INDEXED_YEARS, MAX_INDEXED_YEARS);
    const years = Array.from({ length: Math.max(0, upper - min + 1) }, (_, index) => quoted(`=y:${min + index}`));
    terms.push(years.length ? `(${years.join(' | ')})` : quoted('=y:none'));
  }
  return terms;
}

