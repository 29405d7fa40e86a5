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

/**
 * Skill spellings whose symbols are part of the name, kept whole as tokens of their own besides their
 * letters: `c++` and `c#` (a word followed by `++` or `#`), `.net` (a word starting with a dot), and a
 * word ending in `.js` or `.net` (`node.js`, `asp.net`). So "C++" and "C#" find different people, while
 * "c" still finds both (their letters are tokens too). Decision 031.
 */
const SYMBOL_TOKEN =
  /(?<![\p{L}\p{M}\p{N}])(?:\.net|[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*\.(?:js|net)|[\p{L}\p{N}]+(?:\+\+|#))(?![\p{L}\p{M}+#])/giu;

export function textTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.normalize('NFKC').toLowerCase().match(TOKEN) ?? []).map((token) => token.slice(0, MAX_TOKEN_LENGTH));
}

/** The symbol spellings in `text` (`c++`, `c#`, `.net`, `node.js`), lower-cased. */
export function symbolTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.normalize('NFKC').toLowerCase().match(SYMBOL_TOKEN) ?? []).map((token) =>
    token.slice(0, MAX_TOKEN_LENGTH),
  );
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
  for (const field of [
    values.firstName,
    values.lastName,
    values.email,
    values.phone,
    values.currentTitle,
    values.currentCompany,
  ]) {
    add(textTokens(field));
    add(symbolTokens(field));
  }
  add(phoneTokens(values.phone));
  for (const skill of values.skills ?? []) {
    add(textTokens(skill));
    add(symbolTokens(skill));
  }
  add(textTokens(values.resumeText));
  add(symbolTokens(values.resumeText));
  return [...tokens].join(' ');
}

/**
 * A run of at least 7 digits written the way phone numbers are: +1 (206) 555-0100, 206.555.0100. Digits
 * glued to letters (a reference like ab1234567x) are part of a word, not a phone number.
 */
const PHONE_RUN = /(?<![\p{L}\p{M}\p{N}])\+?\(?\d[\d\s().\-/]*\d\)?(?![\p{L}\p{M}\p{N}])/gu;

/** One search term: a word (or symbol spelling) that must start a token, or a phone-like run of digits. */
export type SearchTerm = { kind: 'word'; token: string } | { kind: 'phone'; digits: string; groups: string[] };

/** The search's terms, at most MAX_SEARCH_TERMS (empty when it has nothing to search for). */
export function searchTerms(search: string | null | undefined): SearchTerm[] {
  let rest = (search ?? '').normalize('NFKC').toLowerCase();
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const word = (token: string) => {
    if (seen.has(token)) return;
    seen.add(token);
    terms.push({ kind: 'word', token });
  };
  // Symbol spellings first ("c++", "node.js"), so their letters are not searched on their own.
  rest = rest.replace(SYMBOL_TOKEN, (run) => {
    word(run.slice(0, MAX_TOKEN_LENGTH));
    return ' ';
  });
  rest = rest.replace(PHONE_RUN, (run) => {
    const digits = run.replace(/\D/g, '');
    if (digits.length < 7) return run;
    terms.push({ kind: 'phone', digits: digits.slice(-10), groups: textTokens(run) });
    return ' ';
  });
  for (const token of textTokens(rest)) word(token);
  return terms.slice(0, MAX_SEARCH_TERMS);
}

const lexeme = (token: string, prefix: boolean) =>
  `${quoted(token)}${prefix && token.length >= MIN_PREFIX_LENGTH ? ':*' : ''}`;
const allOf = (tokens: string[]) =>
  tokens.length === 1
    ? lexeme(tokens[0] as string, true)
    : `(${tokens.map((token) => lexeme(token, true)).join(' & ')})`;

/**
 * The search as a tsquery (text to cast with `::tsquery`), or null when it has nothing to search for.
 * Every term must match (AND); a phone-like run matches as one number or as its separate groups.
 */
export function candidateSearchQuery(
  search: string | null | undefined,
  options: { prefix?: boolean } = {},
): string | null {
  const prefix = options.prefix ?? true;
  const terms = searchTerms(search).map((term) => {
    if (term.kind === 'word') return lexeme(term.token, prefix);
    const number = lexeme(term.digits, true);
    return term.groups.length > 1 ? `(${number} | ${allOf(term.groups)})` : number;
  });
  return terms.length ? terms.join(' & ') : null;
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

/** Where a search matched a candidate: the field, its text (a snippet for the resume) and the matched words. */
export interface SearchMatch {
  field: 'name' | 'title' | 'company' | 'email' | 'phone' | 'skills' | 'resume';
  text: string;
  /** [start, end) character offsets in `text` of each matched word, in order, not overlapping. */
  highlights: Array<[number, number]>;
}

/** The fields a match can be in, in the order results list them. */
export interface MatchableCandidate {
  firstName: string;
  lastName: string;
  currentTitle: string;
  currentCompany: string;
  email: string;
  phone: string;
  skills: readonly string[];
  resumeText: string;
}

/** Characters of resume text shown around its first match. */
export const RESUME_SNIPPET_LENGTH = 160;
const SNIPPET_BEFORE = 50;

/** Whether a token (lower-cased) is matched by a search word the way the tsquery matches it. */
function wordMatches(token: string, words: readonly string[]): boolean {
  return words.some((word) => (word.length >= MIN_PREFIX_LENGTH ? token.startsWith(word) : token === word));
}

/**
 * Whether `text` can hold a symbol spelling at all: every SYMBOL_TOKEN match contains `.js`, `.net`, `++`
 * or `#` (matched with the same flags), so a text without one has no symbol token and its second pass is
 * skipped (most fields: names, titles, phone numbers).
 */
const SYMBOL_MARK = /\.(?:js|net)|\+\+|#/iu;

/** Any character outside ASCII: an ASCII text is its own NFKC normal form, lower-cased character by character. */
const NON_ASCII = /\P{ASCII}/u;

/**
 * Whether `text`, normalised and lower-cased, contains a search word: a matching token, normalised, starts
 * with its word, so the text contains it. An ASCII text is its own normal form.
 */
function wordsIn(text: string, words: readonly string[]): boolean {
  const normalised = NON_ASCII.test(text) ? text.normalize('NFKC').toLowerCase() : text.toLowerCase();
  return words.some((word) => normalised.includes(word));
}

/** The [start, end) spans of the words of `text` that a search word matches (tokens and symbol spellings). */
function matchedSpans(text: string, words: readonly string[]): Array<[number, number]> {
  // Most fields of a result contain no search word (the name matched, not the title or the company): an
  // ASCII one (lower-cased character by character, so a matching token's word is in it) is not tokenised.
  if (!NON_ASCII.test(text) && !wordsIn(text, words)) return [];
  const spans: Array<[number, number]> = [];
  const symbols = SYMBOL_MARK.test(text);
  for (const pattern of symbols ? [TOKEN, SYMBOL_TOKEN] : [TOKEN]) {
    for (const found of text.matchAll(pattern)) {
      const token = found[0].normalize('NFKC').toLowerCase().slice(0, MAX_TOKEN_LENGTH);
      if (wordMatches(token, words)) spans.push([found.index, found.index + found[0].length]);
    }
  }
  // The tokens alone come in order and never overlap: nothing to sort or merge.
  if (!symbols) return spans;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** How many characters of a resume are looked at token by token before the whole of it is normalised. */
const FIRST_MATCH_PREFIX = 400;

/** A search word that can only match a symbol spelling (`c++`, `c#`, `.net`, `node.js`). */
const SYMBOL_WORD = /[.+#]/;

/**
 * Where the first matched word of `text` starts (null when none): stops at the first one (resumes are long).
 * The symbol spellings are looked for only when a search word has a symbol: otherwise a symbol token that
 * matches (`node.js` for "node") starts where its letters' token does, which the first pass finds, and
 * that second pass over a whole resume was most of a search's time (docs/performance.md, "Load and soak").
 */
function firstMatchedOffset(
  text: string,
  words: readonly string[],
  symbolWords = words.some((word) => SYMBOL_WORD.test(word)),
): number | null {
  // A resume that matched usually does so at its top (the candidate's name heads it): the first tokens are
  // looked at before the whole text is normalised. The first matching token there is the answer below too.
  if (!symbolWords && wordsIn(text.slice(0, FIRST_MATCH_PREFIX), words)) {
    for (const found of text.matchAll(TOKEN)) {
      if (found.index >= FIRST_MATCH_PREFIX) break;
      if (wordMatches(found[0].normalize('NFKC').toLowerCase().slice(0, MAX_TOKEN_LENGTH), words)) return found.index;
    }
  }
  // A matching token, normalised, starts with the word, so the normalised text contains it: most resumes
  // of a page do not (the name or title matched), and are not tokenised at all.
  if (!wordsIn(text, words)) return null;
  let first: number | null = null;
  const patterns = symbolWords ? [TOKEN, SYMBOL_TOKEN] : [TOKEN];
  for (const pattern of patterns) {
    for (const found of text.matchAll(pattern)) {
      if (first !== null && found.index >= first) break;
      if (wordMatches(found[0].normalize('NFKC').toLowerCase().slice(0, MAX_TOKEN_LENGTH), words)) {
        first = found.index;
        break;
      }
    }
  }
  return first;
}

/** About RESUME_SNIPPET_LENGTH characters of the resume around its first match, whitespace collapsed, with "…" where cut. */
function resumeSnippet(text: string, firstMatch: number): string {
  let start = Math.max(0, firstMatch - SNIPPET_BEFORE);
  if (start > 0) {
    const space = text.slice(start, firstMatch).search(/\s/);
    start = space === -1 ? firstMatch : start + space + 1;
  }
  let end = Math.min(text.length, start + RESUME_SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.slice(firstMatch, end).lastIndexOf(' ');
    if (space > 0) end = firstMatch + space;
  }
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/**
 * Where `search` matched this candidate: each field with a matched word, its text and the matched words'
 * offsets (the resume as a snippet around its first match). Words are matched as the list search matches
 * them (the start of a word; one letter a whole word; "c++" the spelling itself); a phone-like search
 * marks the whole phone number when its digits match.
 */
export function searchMatchesOf(search: string | null | undefined, candidate: MatchableCandidate): SearchMatch[] {
  return searchMatcher(search)(candidate);
}

/**
 * searchMatchesOf for many candidates of one search (a list page): the search's terms are worked out
 * once, not once per result.
 */
export function searchMatcher(search: string | null | undefined): (candidate: MatchableCandidate) => SearchMatch[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return () => [];
  const words = terms.flatMap((term) => (term.kind === 'word' ? [term.token] : term.groups));
  const numbers = terms.flatMap((term) => (term.kind === 'phone' ? [term.digits] : []));
  const symbolWords = words.some((word) => SYMBOL_WORD.test(word));
  return (candidate) => {
    const matches: SearchMatch[] = [];
    const field = (name: SearchMatch['field'], text: string) => {
      const highlights = matchedSpans(text, words);
      if (highlights.length) matches.push({ field: name, text, highlights });
    };
    field('name', `${candidate.firstName} ${candidate.lastName}`.trim());
    field('title', candidate.currentTitle);
    field('company', candidate.currentCompany);
    field('email', candidate.email);
    const phoneDigits = numbers.length ? phoneTokens(candidate.phone) : [];
    if (numbers.some((number) => phoneDigits.some((digits) => digits.startsWith(number)))) {
      matches.push({ field: 'phone', text: candidate.phone, highlights: [[0, candidate.phone.length]] });
    } else {
      field('phone', candidate.phone);
    }
    field('skills', candidate.skills.join(', '));
    const first = firstMatchedOffset(candidate.resumeText, words, symbolWords);
    if (first !== null) field('resume', resumeSnippet(candidate.resumeText, first));
    return matches;
  };
}
