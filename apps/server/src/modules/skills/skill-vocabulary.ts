/**
 * The skill vocabulary as data and the matcher over it (decision 096). Pure functions, no database: the
 * resume worker thread builds the same vocabulary from the agency's alias rows (skills.service.ts sends
 * them) and matching (issue 32) reuses `canonicalSkill` and `findSkillsInText`.
 *
 * How a name is compared: split into tokens (letters and digits, with a trailing "++" or "#" and a leading
 * "." kept: "C++", "C#", ".NET"), accents folded, lower case. A name matches when
 * - its tokens are the same ("Node JS", "node-js"), or
 * - the tokens run together are the same ("NodeJS" = "Node.js", "scikit learn" = "scikit-learn"), or
 * - word forms aside: plurals always ("Microservice" = "Microservices"); "-ing"/"-ed" ("tested" = "testing");
 *   a name of several words is also compared by stems ("unit tests" = "Unit Testing").
 * Never by substring: "Java" is one token, "JavaScript" another.
 */
import { BUILT_IN_SKILLS, type BuiltInSkillFlags } from './built-in-skills';

export interface CustomSkillAlias {
  alias: string;
  canonical: string;
}

interface SkillForm {
  canonical: string;
  /** The name as written in the list (for `cased`: the text must have these capitals). */
  written: string;
  cased: boolean;
  listed: boolean;
  custom: boolean;
}

export interface SkillVocabulary {
  /** Changes whenever the agency's aliases change (the cache key). */
  version: string;
  /** Tokens joined by one space → the form. */
  exact: Map<string, SkillForm>;
  /** Tokens run together (two or more tokens, or one with inner punctuation). */
  compact: Map<string, SkillForm>;
  /** Word forms: plural-free and -ing/-ed marked (one word), stems (several words). */
  stemmed: Map<string, SkillForm>;
  /** Canonical names, lower case → as written. */
  canonicals: Map<string, string>;
  maxTokens: number;
  custom: readonly CustomSkillAlias[];
}

export interface Token {
  /** As written. */
  text: string;
  /** Accent-free lower case. */
  key: string;
  start: number;
  end: number;
  /** The characters between the previous token and this one ('' for the first of the text: see `gapBefore`). */
  gapBefore: string;
}

const TOKEN = /(?<![\p{L}\p{N}])\.(?=\p{L})[\p{L}\p{N}]+|[\p{L}\p{N}]+(?:\+\+|#(?![\p{L}\p{N}]))?/gu;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();

/** The tokens of `text` with their positions. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index;
    tokens.push({
      text: match[0],
      key: fold(match[0]),
      start,
      end: start + match[0].length,
      gapBefore: text.slice(last, start),
    });
    last = start + match[0].length;
  }
  return tokens;
}

const PLAIN_WORD = /^\p{L}+$/u;

/** Plural to singular (plain words of 4+ letters): "services" → "service", "libraries" → "library". */
function singular(word: string): string {
  if (!PLAIN_WORD.test(word) || word.length < 4) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The root without -ing/-ed and a final e or doubled consonant: "testing"/"tested"/"test" → "test". */
function root(word: string): string {
  let w = singular(word);
  if (!PLAIN_WORD.test(w) || w.length < 5) return w;
  if (w.endsWith('ing') && w.length - 3 >= 3) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ss|ll|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** One word's form key: singular, and "-ing"/"-ed" marked so that "testing" = "tested" but ≠ "tests". */
function wordForm(word: string): string {
  const one = singular(word);
  if (!PLAIN_WORD.test(one) || one.length < 5) return one;
  if (/(?:ing|ed)$/.test(one)) return `${root(one)}~v`;
  return one;
}

/** The stemmed key of a token run: one word by its form, several words by their roots. */
function stemKey(keys: readonly string[]): string {
  return keys.length === 1 ? wordForm(keys[0]!) : keys.map(root).join(' ');
}

function keysOf(name: string): string[] {
  return tokenize(name).map((token) => token.key);
}

function addForm(vocab: SkillVocabulary, written: string, form: SkillForm, override: boolean) {
  const keys = keysOf(written);
  if (keys.length === 0) return;
  const put = (map: Map<string, SkillForm>, key: string) => {
    if (!key) return;
    if (override || !map.has(key)) map.set(key, form);
  };
  put(vocab.exact, keys.join(' '));
  const joined = keys.join('');
  // Run together: "Node.js" → "nodejs"; a one-token name with nothing to join is already exact.
  if (keys.length > 1 || joined !== written.toLowerCase()) put(vocab.compact, joined.replace(/^\./, ''));
  if (!form.cased) put(vocab.stemmed, stemKey(keys));
  vocab.maxTokens = Math.max(vocab.maxTokens, keys.length);
}

/** Built-in list + the agency's aliases (theirs win over a built-in alias of the same spelling). */
export function buildSkillVocabulary(custom: readonly CustomSkillAlias[] = [], version = 'built-in'): SkillVocabulary {
  const vocab: SkillVocabulary = {
    version,
    exact: new Map(),
    compact: new Map(),
    stemmed: new Map(),
    canonicals: new Map(),
    maxTokens: 1,
    custom,
  };
  for (const row of BUILT_IN_SKILLS) {
    const names = row.filter((item): item is string => typeof item === 'string');
    const flags: BuiltInSkillFlags = row.find((item): item is BuiltInSkillFlags => typeof item === 'object') ?? {};
    const marked = names.some((name) => name.endsWith('~'));
    const canonical = names[0]!.replace(/~$/, '');
    vocab.canonicals.set(canonical.toLowerCase(), canonical);
    names.forEach((name, index) => {
      const flagged = marked ? name.endsWith('~') : index === 0;
      const written = name.replace(/~$/, '');
      addForm(
        vocab,
        written,
        {
          canonical,
          written,
          cased: flagged && Boolean(flags.cased),
          listed: flagged && Boolean(flags.listed),
          custom: false,
        },
        false,
      );
    });
  }
  for (const row of custom) {
    const canonical = resolveCanonical(vocab, row.canonical);
    if (!vocab.canonicals.has(canonical.toLowerCase())) {
      vocab.canonicals.set(canonical.toLowerCase(), canonical);
      addForm(vocab, canonical, { canonical, written: canonical, cased: false, listed: false, custom: true }, false);
    }
    addForm(vocab, row.alias, { canonical, written: row.alias, cased: false, listed: false, custom: true }, true);
  }
  return vocab;
}

/** A target name as the vocabulary spells it: a known skill or alias → its canonical, else the name trimmed. */
export function resolveCanonical(vocab: SkillVocabulary, name: string): string {
  return canonicalSkill(vocab, name) ?? name.trim().replace(/\s+/g, ' ');
}

function lookup(vocab: SkillVocabulary, keys: readonly string[], compactJoin: boolean): SkillForm | null {
  const exact = vocab.exact.get(keys.join(' '));
  if (exact) return exact;
  if (compactJoin) {
    const compact = vocab.compact.get(keys.join('').replace(/^\./, ''));
    if (compact) return compact;
  }
  const stemmed = vocab.stemmed.get(stemKey(keys));
  return stemmed ?? null;
}

/**
 * The canonical name of one skill as a person wrote it ("JS" → "JavaScript", "k8s" → "Kubernetes",
 * "unit tests" → "Unit Testing"), or null when it is not in the vocabulary. The whole text must name the
 * skill: "Java" is Java, never JavaScript; "Javas cript" is nothing.
 */
export function canonicalSkill(vocab: SkillVocabulary, raw: string): string | null {
  const keys = keysOf(raw);
  if (keys.length === 0 || keys.length > Math.max(vocab.maxTokens, 1) + 1) return null;
  return lookup(vocab, keys, true)?.canonical ?? null;
}

export interface SkillMention {
  skill: string;
  start: number;
  end: number;
}

export interface FindSkillsOptions {
  /**
   * The text is a skills list (a Skills section, a form field): words that are skills only sometimes
   * ("Go", "R", "Excel") count however written. Otherwise they count only written with their capitals and,
   * for the one-letter and most common ones, inside a list.
   */
  skillsList?: boolean;
}

/** Gaps that join the tokens of one name: nothing, a space, a dot, a hyphen, a slash, an ampersand. */
const JOINING_GAP = /^[ \t.\-_/&+]{0,2}$/;
/** Gaps that join tokens run together ("Node.js", "Node JS", "scikit-learn"). */
const COMPACT_GAP = /^[ .\-_]?$/;
/** Separators of a list: comma, semicolon, bar, bullet, slash, parenthesis, colon, a line break. */
const LIST_GAP = /[,;|•·▪●◦∙/()[\]:\n\t]|^\s*[-*–]\s/;
const LIST_WORDS = new Set(['and', 'or', 'und', 'et', 'y', 'in', 'with', 'using', 'including', 'incl']);
/** Web addresses and email addresses: their words are no skills ("github.com/jane" is not Git). */
const ADDRESS = /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|me|app|co|de|fr|uk|in)\/\S*/gi;

function inList(tokens: readonly Token[], first: number, last: number, text: string): boolean {
  const before = tokens[first]!;
  const after = tokens[last + 1];
  const previous = tokens[first - 1];
  const leftOk =
    first === 0 ||
    LIST_GAP.test(before.gapBefore) ||
    (previous !== undefined && LIST_WORDS.has(previous.key) && !/\n/.test(before.gapBefore));
  const trailing = after ? after.gapBefore : text.slice(tokens[last]!.end);
  const rightOk =
    !after ||
    LIST_GAP.test(trailing) ||
    /^\s*[.]\s*$/.test(trailing) ||
    (LIST_WORDS.has(after.key) && (tokens[last + 2] === undefined || !/\n/.test(after.gapBefore)));
  return leftOk && rightOk;
}

/**
 * Every mention of a skill in `text`, longest names first, on token boundaries only ("Go" is a token, never
 * the start of "Google"), with its canonical name and its span.
 */
export function findSkillsInText(
  vocab: SkillVocabulary,
  text: string,
  options: FindSkillsOptions = {},
): SkillMention[] {
  const addresses = [...text.matchAll(ADDRESS)].map((match) => [match.index, match.index + match[0].length] as const);
  const tokens = tokenize(text).filter(
    (token) => !addresses.some(([start, end]) => token.start >= start && token.end <= end),
  );
  const mentions: SkillMention[] = [];
  const maxRun = Math.min(vocab.maxTokens, 6);
  let index = 0;
  while (index < tokens.length) {
    let matched = 0;
    for (let run = Math.min(maxRun, tokens.length - index); run >= 1 && matched === 0; run -= 1) {
      let joinable = true;
      let compactable = true;
      for (let k = index + 1; k < index + run; k += 1) {
        const gap = tokens[k]!.gapBefore;
        if (!JOINING_GAP.test(gap)) joinable = false;
        if (!COMPACT_GAP.test(gap)) compactable = false;
      }
      if (!joinable) continue;
      const slice = tokens.slice(index, index + run);
      const form = lookup(
        vocab,
        slice.map((token) => token.key),
        compactable && (run > 1 || /[.\-_]/.test(slice[0]!.text)),
      );
      if (!form) continue;
      if (!options.skillsList) {
        const written = text.slice(slice[0]!.start, slice[run - 1]!.end);
        if (form.cased && !sameCapitals(written, form.written)) continue;
        if (form.listed && !inList(tokens, index, index + run - 1, text)) continue;
      }
      mentions.push({ skill: form.canonical, start: slice[0]!.start, end: slice[run - 1]!.end });
      matched = run;
    }
    index += matched || 1;
  }
  return mentions;
}

/** "Go" written "Go" (or "GO" when the name is all capitals): the capitals of the listed spelling. */
function sameCapitals(written: string, listed: string): boolean {
  const w = written.replace(/[^\p{L}\p{N}]/gu, '');
  const l = listed.replace(/[^\p{L}\p{N}]/gu, '');
  if (w === l) return true;
  // A plural or verb form: compare the capitals of the shared start.
  return w.length > l.length && w.startsWith(l);
}
