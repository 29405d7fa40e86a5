/**
 * Text that names an erased person, rewritten (issue 34, docs/data-protection.md "Erasure"): every spelling
 * of what identified them (full name, name parts, email, phone, links) becomes "Erased candidate #id".
 * Matching is case-insensitive and whole-word (a first name "Al" leaves "Alpha" alone).
 */

/** What an erased candidate is called from now on, everywhere. */
export const erasedName = (candidateId: number): string => `Erased candidate #${candidateId}`;

export interface PersonTerms {
  /** Spellings safe to replace in any text of the agency (full name, email, phone, links). */
  specific: string[];
  /** Name parts alone: replaced only in text that is linked to the person (their history, their pipelines). */
  parts: string[];
}

export interface PersonIdentity {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  linkedinUrl?: string;
  githubUrl?: string;
  portfolioUrl?: string;
  /** Names of their files (the resume's, attachments'): replaced in text about them only. */
  filenames?: string[];
}

const clean = (values: string[]) => [
  ...new Set(values.map((value) => value.trim()).filter((value) => value.length >= 2)),
];

export function personTerms(person: PersonIdentity): PersonTerms {
  const first = person.firstName.trim();
  const last = person.lastName.trim();
  const specific = clean([
    `${first} ${last}`,
    `${last}, ${first}`,
    `${last} ${first}`,
    person.email,
    person.phone,
    person.linkedinUrl ?? '',
    person.githubUrl ?? '',
    person.portfolioUrl ?? '',
  ]);
  // Parts shorter than 3 letters would rewrite too much ordinary text; the full name still catches them.
  const parts = clean([first, last, ...(person.filenames ?? [])]).filter(
    (part) => part.length >= 3 && !specific.includes(part),
  );
  return { specific, parts };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pattern(terms: string[]): RegExp | null {
  if (!terms.length) return null;
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** A rewriter of text: `linked` text (about the person) loses the name parts too. */
export function scrubber(terms: PersonTerms, replacement: string) {
  const specific = pattern(terms.specific);
  const all = pattern([...terms.specific, ...terms.parts]);
  return (text: string, linked: boolean): string => {
    const re = linked ? all : specific;
    return re ? text.replace(re, replacement) : text;
  };
}

/** Every term, for a cheap SQL prefilter (`ILIKE '%term%'`) before the exact rewrite in JS. */
export const allTerms = (terms: PersonTerms): string[] => [...terms.specific, ...terms.parts];
