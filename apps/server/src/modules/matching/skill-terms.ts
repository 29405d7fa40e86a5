/**
 * The skill vocabulary as matching reads it: the canonical name of a spelling and the skills a text mentions.
 * Until the skills module (issue 31, helper "resume-parse") lands this reads a plain name list: the spellings
 * the agency's candidates already carry (no aliases). `loadSkillTerms` is the one place to switch over.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';

export interface SkillMention {
  /** The canonical name. */
  skill: string;
  start: number;
  end: number;
}

export interface SkillTerms {
  /** The canonical name of a spelling, or null when the vocabulary does not know it. */
  canonical(raw: string): string | null;
  /** Every known skill the text mentions, in text order (whole words only: "Java" never inside "JavaScript"). */
  find(text: string): SkillMention[];
}

/** The key a skill is compared by: its canonical name (or, when unknown, its own spelling) lower-cased. */
export function skillKey(terms: SkillTerms, raw: string): string {
  return (terms.canonical(raw) ?? raw.trim().replace(/\s+/g, ' ')).toLowerCase();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Terms over a list of canonical names: exact (case-insensitive) spellings, matched as whole words. */
export function termsFromNames(names: readonly string[]): SkillTerms {
  const byLower = new Map<string, string>();
  for (const name of names) {
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (trimmed && !byLower.has(trimmed.toLowerCase())) byLower.set(trimmed.toLowerCase(), trimmed);
  }
  // Longest first, so "Google Cloud Platform" wins over "Google Cloud".
  const spellings = [...byLower.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const pattern = spellings.length
    ? new RegExp(`(?<![\\p{L}\\p{N}+#.])(${spellings.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}+#])`, 'giu')
    : null;
  return {
    canonical: (raw) => byLower.get(raw.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null,
    find(text) {
      if (!pattern) return [];
      const found: SkillMention[] = [];
      for (const match of text.matchAll(pattern)) {
        const skill = byLower.get(match[0].toLowerCase());
        if (skill) found.push({ skill, start: match.index, end: match.index + match[0].length });
      }
      return found;
    },
  };
}

let cached: { at: number; terms: SkillTerms } | null = null;

/** The vocabulary for this request (cached a minute). */
export async function loadSkillTerms(db: Db): Promise<SkillTerms> {
  if (cached && Date.now() - cached.at < 60_000) return cached.terms;
  const rows = rowsOf<{ spelling: string }>(
    await db.execute(sql`select spelling from candidate_skill_counts where candidates > 0 order by spelling`),
  );
  cached = { at: Date.now(), terms: termsFromNames(rows.map((row) => row.spelling)) };
  return cached.terms;
}
