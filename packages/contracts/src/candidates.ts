import { z } from 'zod';
import { IdSchema, pageQueryShape } from './common';
import {
  CANDIDATE_ORDERINGS,
  CANDIDATE_STATUSES,
  DUPLICATE_REASONS,
  EXPERIENCE_RANGES,
  MAX_CANDIDATE_SKILLS,
  RESUME_MAX_BYTES,
  RESUME_TYPES,
  SEARCH_MATCH_FIELDS,
  SEARCH_NOTHING_SEARCHABLE,
} from './candidate-constants';

export {
  CANDIDATE_ORDERINGS,
  CANDIDATE_STATUS_LABELS,
  CANDIDATE_STATUSES,
  DUPLICATE_REASON_LABELS,
  DUPLICATE_REASONS,
  EXPERIENCE_RANGES,
  hasSearchableText,
  MAX_CANDIDATE_SKILLS,
  RESUME_ERRORS,
  RESUME_MAX_BYTES,
  RESUME_TYPES,
  SEARCH_MATCH_FIELD_LABELS,
  SEARCH_MATCH_FIELDS,
  SEARCH_NOTHING_SEARCHABLE,
} from './candidate-constants';
export type { SearchMatchField } from './candidate-constants';

export const CandidateStatusSchema = z.enum(CANDIDATE_STATUSES);
export type CandidateStatus = z.infer<typeof CandidateStatusSchema>;

export const ExperienceRangeSchema = z.enum(EXPERIENCE_RANGES);
export type ExperienceRange = z.infer<typeof ExperienceRangeSchema>;
export const EXPERIENCE_RANGE_BOUNDS: Record<ExperienceRange, [number, number | null]> = {
  '0-2': [0, 2],
  '3-5': [3, 5],
  '6-10': [6, 10],
  '10+': [11, null],
};

export const CandidateResumeSchema = z.object({
  filename: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
  /** Whether text could be read from the file (scanned PDFs have none): only then is it searchable. */
  has_text: z.boolean(),
});
export type CandidateResume = z.infer<typeof CandidateResumeSchema>;

export const CandidateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  current_title: z.string(),
  current_company: z.string(),
  linkedin_url: z.string(),
  github_url: z.string(),
  portfolio_url: z.string(),
  skills: z.array(z.string()),
  years_experience: z.number().nullable(),
  desired_salary: z.number().nullable(),
  desired_salary_currency: z.string(),
  status: CandidateStatusSchema,
  source: z.string(),
  /** YYYY-MM-DD */
  consent_date: z.string().nullable(),
  /** The legal basis the agency holds the person's data on (issue 34; the consent card has the rest). */
  legal_basis: z.enum(['consent', 'legitimate_interest', 'contract']).optional(),
  /** When that basis ends unless renewed (ISO), or null. */
  legal_basis_expires_at: z.string().nullable().optional(),
  resume: CandidateResumeSchema.nullable(),
  /** "Do not process" (issue 34): left out of search, matching, bulk email and exports. */
  processing_restricted: z.boolean(),
  /** When the person was erased (the record is "Erased candidate #id"); null otherwise. */
  erased_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

const text = (max: number) => z.string({ error: 'Enter text.' }).trim().max(max, `Use at most ${max} characters.`);
const optionalEmail = z
  .string({ error: 'Enter a valid email address.' })
  .trim()
  .max(254, 'Email addresses are at most 254 characters.')
  .pipe(z.union([z.literal(''), z.email({ error: 'Enter a valid email address.' })]));
const optionalUrlWith = (example: string) =>
  z
    .string({ error: `Enter a full address such as ${example}.` })
    .trim()
    .max(500, 'Use at most 500 characters.')
    .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: `Enter a full address such as ${example}.` })]));
const optionalUrl = optionalUrlWith('https://www.linkedin.com/in/name');

/** Trimmed, non-empty, at most 50, duplicates (ignoring case) dropped keeping the first spelling. */
export const SkillsSchema = z
  .array(
    z
      .string({ error: 'Each skill must be text.' })
      .trim()
      .min(1, 'Skills cannot be blank.')
      .max(100, 'Use at most 100 characters per skill.'),
    {
      error: 'Enter a list of skills.',
    },
  )
  .max(MAX_CANDIDATE_SKILLS, `Use at most ${MAX_CANDIDATE_SKILLS} skills.`)
  .transform((skills) => {
    const seen = new Set<string>();
    return skills.filter((skill) => {
      const key = skill.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** Create and full update (PUT). */
export const CandidateInputSchema = z.object({
  first_name: text(100).min(1, 'Enter the first name.'),
  last_name: text(100).min(1, 'Enter the last name.'),
  email: optionalEmail.default(''),
  phone: text(50).default(''),
  location: text(200).default(''),
  current_title: text(200).default(''),
  current_company: text(200).default(''),
  linkedin_url: optionalUrl.default(''),
  github_url: optionalUrlWith('https://github.com/name').default(''),
  portfolio_url: optionalUrlWith('https://example.com').default(''),
  skills: SkillsSchema.default([]),
  years_experience: z
    .number({ error: 'Enter a number of years.' })
    .int('Use whole years.')
    .min(0, 'Use 0 to 70 years.')
    .max(70, 'Use 0 to 70 years.')
    .nullable()
    .default(null),
  desired_salary: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'Use a positive amount.')
    .max(100_000_000, 'The amount is too large.')
    .nullable()
    .default(null),
  /** Left out or blank: kept on an edit, the agency's currency on a new record. */
  desired_salary_currency: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'Use a three-letter currency code.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')
      .optional(),
  ),
  status: CandidateStatusSchema.default('active'),
  source: text(100).default(''),
  consent_date: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }).nullable().default(null),
});
export type CandidateInput = z.input<typeof CandidateInputSchema>;
export type CandidateInputParsed = z.output<typeof CandidateInputSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `skills=a&skills=b` or `skills=a,b`: every listed skill must match (case-insensitive). */
const SkillsFilterSchema = z.preprocess(
  (value) => {
    if (value === undefined) return undefined;
    const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
      typeof item === 'string' ? item.split(',') : [item],
    );
    const cleaned = items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
    return cleaned.length ? cleaned : undefined;
  },
  z.array(z.string().max(100)).max(20, 'Filter by at most 20 skills.').optional(),
);

export const CandidateListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.preprocess(blankToUndefined, CandidateStatusSchema.optional()),
  skills: SkillsFilterSchema,
  experience: z.preprocess(blankToUndefined, ExperienceRangeSchema.optional()),
  /** Issue 34: the legal basis, and consent expiring in the next 30 days, expired, or withdrawn. */
  legal_basis: z.preprocess(blankToUndefined, z.enum(['consent', 'legitimate_interest', 'contract']).optional()),
  consent: z.preprocess(blankToUndefined, z.enum(['expiring', 'expired', 'withdrawn']).optional()),
  ordering: z.preprocess(blankToUndefined, z.enum(CANDIDATE_ORDERINGS).default('-created_at')),
  ...pageQueryShape(),
});
export type CandidateListQuery = z.input<typeof CandidateListQuerySchema>;

/**
 * Where a search matched one result: the field, its text (for the resume, a snippet around the first
 * match) and the matched words as [start, end) offsets in that text, in order, not overlapping.
 */
export const CandidateSearchMatchSchema = z.object({
  field: z.enum(SEARCH_MATCH_FIELDS),
  text: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type CandidateSearchMatch = z.infer<typeof CandidateSearchMatchSchema>;

/** A list row: the candidate, and with a search where it matched. */
export const CandidateListItemSchema = CandidateSchema.extend({
  matches: z.array(CandidateSearchMatchSchema).optional(),
});
export type CandidateListItem = z.infer<typeof CandidateListItemSchema>;

/** GET /api/candidates/ → {results, count} (spec §3, design §4); with a search each result says where it matched. */
export const CandidateListResponseSchema = z.object({
  results: z.array(CandidateListItemSchema),
  count: z.number().int(),
  /** Present (true) when `count` is the database's estimate of a large list or a broad one-word search, not an exact count: show "about" (decisions 023, 065). */
  count_estimated: z.literal(true).optional(),
});
export type CandidateListResponse = z.infer<typeof CandidateListResponseSchema>;

/** GET /api/candidates/skills/?q=&limit=&exclude=: known skills to suggest as the user types. */
export const SkillSuggestionQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Skills already chosen (repeated or comma-separated): left out of the answer. */
  exclude: SkillsFilterSchema,
});
export type SkillSuggestionQuery = z.input<typeof SkillSuggestionQuerySchema>;

export const SKILL_MATCH_KINDS = ['prefix', 'word', 'contains', 'similar'] as const;
export const SkillSuggestionSchema = z.object({
  /** The most used spelling ("PostgreSQL"). */
  name: z.string(),
  /** Lower-cased and trimmed: what the skills filter matches. */
  normalized: z.string(),
  /** How many candidates have it. */
  count: z.number().int(),
  /** How it matched the typed text: starts with it, a word starts with it, contains it, or a small typo away. */
  match: z.enum(SKILL_MATCH_KINDS),
});
export type SkillSuggestion = z.infer<typeof SkillSuggestionSchema>;
export const SkillSuggestionsResponseSchema = z.object({
  success: z.literal(true),
  skills: z.array(SkillSuggestionSchema),
});
export type SkillSuggestionsResponse = z.infer<typeof SkillSuggestionsResponseSchema>;

export const CandidateResponseSchema = z.object({ success: z.literal(true), candidate: CandidateSchema });
export type CandidateResponse = z.infer<typeof CandidateResponseSchema>;

export const DuplicateReasonSchema = z.enum(DUPLICATE_REASONS);
export type DuplicateReason = z.infer<typeof DuplicateReasonSchema>;

export const CandidateDuplicateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  reason: DuplicateReasonSchema,
});
export type CandidateDuplicate = z.infer<typeof CandidateDuplicateSchema>;

/** Existing records that look like the same person: a warning only, the save still happens. */
export const DuplicateWarningSchema = z.object({ duplicates: z.array(CandidateDuplicateSchema) });
export type DuplicateWarning = z.infer<typeof DuplicateWarningSchema>;

/** POST and PUT → {success, candidate, duplicates}. */
export const CandidateSaveResponseSchema = CandidateResponseSchema.extend(DuplicateWarningSchema.shape);
export type CandidateSaveResponse = z.infer<typeof CandidateSaveResponseSchema>;

/**
 * A check runs while the user types, before the form's own limits are enforced: any length is accepted
 * and cut to what a saved record can hold (longer text cannot be on file, so the cut loses no match).
 */
const probeText = (max: number) =>
  z
    .string()
    .trim()
    .transform((value) => value.slice(0, max).trim())
    .optional();

/** GET /api/candidates/duplicates/: the check before saving (exclude_id: the record being edited). */
export const CandidateDuplicateQuerySchema = z.object({
  email: probeText(254),
  phone: probeText(50),
  first_name: probeText(100),
  last_name: probeText(100),
  current_company: probeText(200),
  exclude_id: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export type CandidateDuplicateQuery = z.input<typeof CandidateDuplicateQuerySchema>;

export const CandidateDuplicateResponseSchema = z
  .object({ success: z.literal(true) })
  .extend(DuplicateWarningSchema.shape);
export type CandidateDuplicateResponse = z.infer<typeof CandidateDuplicateResponseSchema>;

/** POST /api/candidates/{id}/resume/upload-url/ → {success, upload} (UploadTargetResponseSchema); then PUT the bytes. */
export const ResumeUploadUrlInputSchema = z.object({
  filename: z.string().trim().min(1, 'Name the file.').max(255),
  content_type: z.enum(RESUME_TYPES, { error: 'Use a PDF or DOCX file.' }),
  size: z.number().int().positive().max(RESUME_MAX_BYTES, 'The resume must be 10 MB or smaller.'),
});
export type ResumeUploadUrlInput = z.infer<typeof ResumeUploadUrlInputSchema>;

/**
 * PATCH /api/candidates/{id}/resume/ → {success, candidate}: with `key`, the uploaded file becomes the
 * resume (checked, text extracted, previous file deleted); `filename` alone renames the current one.
 */
export const ResumeMetadataInputSchema = z
  .object({
    key: z.string().min(1).max(500).optional(),
    filename: z.string().trim().min(1, 'Name the file.').max(255).optional(),
  })
  .refine((value) => value.key !== undefined || value.filename !== undefined, {
    message: 'Nothing to change.',
    path: ['filename'],
  });
export type ResumeMetadataInput = z.infer<typeof ResumeMetadataInputSchema>;

export const CANDIDATE_ERRORS = {
  CANDIDATE_NOT_FOUND: 'Candidate not found.',
  SEARCH_NOTHING_SEARCHABLE,
} as const;
