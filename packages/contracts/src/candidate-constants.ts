/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

export const CANDIDATE_STATUSES = ['active', 'placed', 'do_not_contact', 'archived'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const CANDIDATE_STATUS_LABELS: Record<CandidateStatus, string> = {
  active: 'Active',
  placed: 'Placed',
  do_not_contact: 'Do not contact',
  archived: 'Archived',
};

/** Years-of-experience filter ranges (inclusive; `10+` is more than 10 years). */
export const EXPERIENCE_RANGES = ['0-2', '3-5', '6-10', '10+'] as const;

export const CANDIDATE_ORDERINGS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name', 'years_experience', '-years_experience'] as const;

/** Whether a search has anything to search for: a letter or a digit ("%" or "--" has not). */
export const hasSearchableText = (text: string): boolean => /[\p{L}\p{M}\p{N}]/u.test(text);

export const SEARCH_NOTHING_SEARCHABLE = 'Type letters or digits to search: symbols alone (like “%”) match nothing.';
