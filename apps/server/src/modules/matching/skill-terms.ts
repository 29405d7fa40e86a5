/**
 * The skill vocabulary as matching reads it (the skills module's: built-in list plus the agency's aliases):
 * the canonical name of a spelling, and the skills a text mentions. Never by substring: "Java" is not
 * "JavaScript". `termsFromNames` builds terms over a plain name list (tests).
 */
import type { Db } from '../../db/client';
import {
  buildSkillVocabulary,
  canonicalSkill,
  findSkillsInText,
  loadSkillVocabulary,
  type SkillVocabulary,
} from '../skills/skills.service';

export interface SkillMention {
  /** The canonical name. */
  skill: string;
  start: number;
  end: number;
}

export interface SkillTerms {
  /** The canonical name of a spelling, or null when the vocabulary does not know it. */
  canonical(raw: string): string | null;
  /**
   * Every known skill the text mentions, in text order. `list`: the text is a list of skills (a
   * qualification's name, a skills field), where words that are skills only sometimes ("Go") count.
   */
  find(text: string, options?: { list?: boolean }): SkillMention[];
}

/** The key a skill is compared by: its canonical name (or, when unknown, its own spelling) lower-cased. */
export function skillKey(terms: SkillTerms, raw: string): string {
  return (terms.canonical(raw) ?? raw.trim().replace(/\s+/g, ' ')).toLowerCase();
}

const termsCache = new WeakMap<SkillVocabulary, SkillTerms>();

export function termsOf(vocabulary: SkillVocabulary): SkillTerms {
  let terms = termsCache.get(vocabulary);
  if (!terms) {
    terms = {
      canonical: (raw) => canonicalSkill(vocabulary, raw),
      find: (text, options) => findSkillsInText(vocabulary, text, { skillsList: options?.list ?? false }),
    };
    termsCache.set(vocabulary, terms);
  }
  return terms;
}

/** Terms over the built-in vocabulary plus these names as skills of their own (tests, the evaluation). */
export function termsFromNames(names: readonly string[]): SkillTerms {
  return termsOf(buildSkillVocabulary(names.map((name) => ({ alias: name, canonical: name }))));
}

/** The vocabulary for this request (the skills module caches it and notices alias changes within seconds). */
export async function loadSkillTerms(db: Db): Promise<SkillTerms> {
  return termsOf(await loadSkillVocabulary(db));
}
