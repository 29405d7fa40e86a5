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

export const CANDIDATE_ORDERINGS = [
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
  'name',
  '-name',
  'years_experience',
  '-years_experience',
] as const;

/** Whether a search has anything to search for: a letter or a digit ("%" or "--" has not). */
export const hasSearchableText = (text: string): boolean => /[\p{L}\p{M}\p{N}]/u.test(text);

export const SEARCH_NOTHING_SEARCHABLE = 'Type letters or digits to search: symbols alone (like “%”) match nothing.';

export const MAX_CANDIDATE_SKILLS = 50;

/** The fields a list search looks in, as each result reports where it matched. */
export const SEARCH_MATCH_FIELDS = ['name', 'title', 'company', 'email', 'phone', 'skills', 'resume'] as const;
export type SearchMatchField = (typeof SEARCH_MATCH_FIELDS)[number];
export const SEARCH_MATCH_FIELD_LABELS: Record<SearchMatchField, string> = {
  name: 'Name',
  title: 'Title',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  skills: 'Skills',
  resume: 'Resume',
};

export const DUPLICATE_REASONS = ['email', 'phone', 'name_company', 'similar_name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  email: 'Same email address',
  phone: 'Same phone number',
  name_company: 'Similar name at the same company',
  similar_name: 'Similar name',
};

/** Resumes: PDF or DOCX up to 10 MB, checked by content; the text is extracted and searchable. */
export const RESUME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

export const RESUME_ERRORS = {
  missing: 'The uploaded file was not found. Upload it again.',
  tooLarge: 'The resume must be 10 MB or smaller.',
  type: 'Use a PDF or DOCX file.',
  noResume: 'This candidate has no resume.',
} as const;
