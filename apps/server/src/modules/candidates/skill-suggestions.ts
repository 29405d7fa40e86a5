/**
 * Skill suggestions for the skills filter: the skills candidates already have (normalised: trimmed and
 * lower-cased), each shown in its most used spelling, most used first, matching what the user typed in
 * any case and with a small typo. Decision 032.
 */

export interface KnownSkill {
  /** The normalised skill (lower-cased, trimmed): what the list filter matches. */
  normalized: string;
  /** Its most used spelling ("PostgreSQL"). */
  name: string;
  /** How many candidates have it. */
  count: number;
}

export type SkillMatch = 'prefix' | 'word' | 'contains' | 'similar';

const RANK: Record<SkillMatch, number> = { prefix: 0, word: 1, contains: 2, similar: 3 };

/**
 * The optimal-string-alignment distance (Levenshtein with adjacent transpositions: "pyhton" is one edit
 * from "python"), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** Edits forgiven for a typed text of this length: none under 4 characters, 1 up to 7, then 2. */
export const allowedEdits = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** How `skill` matches the typed `query` (both lower-cased), or null. */
export function skillMatch(query: string, skill: string): SkillMatch | null {
  if (skill.startsWith(query)) return 'prefix';
  const words = skill.split(/[\s/,-]+/).filter(Boolean);
  if (words.some((word) => word.startsWith(query))) return 'word';
  // Inside a word only from three letters: "re" would find every skill with those letters anywhere.
  if (query.length >= 3 && skill.includes(query)) return 'contains';
  const edits = allowedEdits(query.length);
  if (edits === 0) return null;
  // A typo in what was typed so far: compare with the start of the skill (or of one of its words) of
  // about the same length, so "kubernets" finds Kubernetes and "pyth0" finds Python.
  for (const candidate of [skill, ...words]) {
    for (let length = query.length - edits; length <= query.length + edits; length += 1) {
      if (length < 1 || length > candidate.length) continue;
      if (editDistance(query, candidate.slice(0, length), edits) <= edits) return 'similar';
    }
  }
  return null;
}

/**
 * The suggestions for `text`: the best kind of match first (starts with it, a word starts with it,
 * contains it, a small typo away), then the most used, then by name; skills already chosen are left out.
 * Without text, the most used skills.
 */
export function suggestSkills(
  known: readonly KnownSkill[],
  text: string,
  options: { limit: number; exclude?: readonly string[] },
): Array<KnownSkill & { match: SkillMatch }> {
  const query = text.trim().toLowerCase();
  const excluded = new Set((options.exclude ?? []).map((skill) => skill.trim().toLowerCase()));
  const found: Array<KnownSkill & { match: SkillMatch }> = [];
  for (const skill of known) {
    if (excluded.has(skill.normalized)) continue;
    const match = query ? skillMatch(query, skill.normalized) : 'prefix';
    if (match) found.push({ ...skill, match });
  }
  found.sort((a, b) => RANK[a.match] - RANK[b.match] || b.count - a.count || a.normalized.localeCompare(b.normalized));
  return found.slice(0, options.limit);
}
