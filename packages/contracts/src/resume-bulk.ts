import { z } from 'zod';
import { RESUME_MAX_BYTES } from './candidate-constants';
import { MAX_ID } from './common-constants';
import { CandidateDuplicateSchema, CandidateInputSchema } from './candidates';

/**
 * Bulk resume upload (issue 31): up to 200 PDF or DOCX resumes in one multipart request become a batch;
 * a background job reads each into a draft candidate (fields, confidence, warnings, possible duplicates);
 * the recruiter edits, then confirms some or all (each created with its resume attached) and discards the rest.
 */

export const RESUME_BULK_MAX_FILES = 200;
export const RESUME_BULK_MAX_BYTES = RESUME_MAX_BYTES;

export const RESUME_BULK_ERRORS = {
  NO_FILES: 'Choose at least one resume (PDF or DOCX).',
  TOO_MANY_FILES: `Upload at most ${RESUME_BULK_MAX_FILES} resumes at once.`,
  NOTHING_ACCEPTED: 'None of the files could be used: each must be a PDF or DOCX resume of 10 MB at most.',
  FILE_TOO_LARGE: 'larger than 10 MB.',
  FILE_EMPTY: 'the file is empty.',
  FILE_TYPE: 'not a PDF or DOCX file (checked by its content).',
  BATCH_NOT_FOUND: 'Upload not found.',
  DRAFT_NOT_IN_BATCH: 'This draft is not part of the upload.',
  DRAFT_NOT_READY: 'This resume has not been read yet.',
  DRAFT_ALREADY_CONFIRMED: 'This draft has already been created as a candidate.',
  DRAFT_DISCARDED: 'This draft was discarded.',
  DRAFT_FAILED: 'This resume could not be read; add the candidate by hand.',
} as const;

export const RESUME_BULK_BATCH_STATES = ['parsing', 'ready', 'failed', 'closed'] as const;
export type ResumeBulkBatchState = (typeof RESUME_BULK_BATCH_STATES)[number];

/** pending: waiting to be read; parsed: a draft to review; failed: unreadable; confirmed: a candidate now. */
export const RESUME_DRAFT_STATES = ['pending', 'parsed', 'failed', 'confirmed', 'discarded'] as const;
export type ResumeDraftState = (typeof RESUME_DRAFT_STATES)[number];

/** The candidate fields a draft holds (a subset of CandidateInputSchema). */
export const RESUME_DRAFT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'location',
  'linkedin_url',
  'github_url',
  'portfolio_url',
  'current_title',
  'current_company',
  'years_experience',
  'skills',
] as const;
export type ResumeDraftField = (typeof RESUME_DRAFT_FIELDS)[number];

export const ResumeDraftValuesSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  linkedin_url: z.string(),
  github_url: z.string(),
  portfolio_url: z.string(),
  current_title: z.string(),
  current_company: z.string(),
  years_experience: z.number().int().nullable(),
  skills: z.array(z.string()),
});
export type ResumeDraftValues = z.infer<typeof ResumeDraftValuesSchema>;

const candidateField = CandidateInputSchema.shape;
/** Edits before confirming: any of the fields (only those sent change), validated like the candidate form. */
export const ResumeDraftEditSchema = z.object({
  first_name: candidateField.first_name.optional(),
  last_name: candidateField.last_name.optional(),
  email: candidateField.email.unwrap().optional(),
  phone: candidateField.phone.unwrap().optional(),
  location: candidateField.location.unwrap().optional(),
  linkedin_url: candidateField.linkedin_url.unwrap().optional(),
  github_url: candidateField.github_url.unwrap().optional(),
  portfolio_url: candidateField.portfolio_url.unwrap().optional(),
  current_title: candidateField.current_title.unwrap().optional(),
  current_company: candidateField.current_company.unwrap().optional(),
  years_experience: candidateField.years_experience.unwrap().optional(),
  skills: candidateField.skills.unwrap().optional(),
});
export type ResumeDraftEdit = z.input<typeof ResumeDraftEditSchema>;

export const BATCH_DUPLICATE_REASONS = ['email', 'phone', 'name'] as const;

export const ResumeDraftSchema = z.object({
  id: z.number().int(),
  /** The file's place in the upload (0-based). */
  position: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  status: z.enum(RESUME_DRAFT_STATES),
  values: ResumeDraftValuesSchema,
  /** 0..1 per field read from the resume (absent: not found). */
  confidence: z.record(z.string(), z.number()),
  /** The lowest confidence of the name and email/phone read (null until read): how much to check. */
  overall_confidence: z.number().nullable(),
  warnings: z.array(z.string()),
  /** Why the file could not be read (failed drafts). */
  error: z.string().nullable(),
  /** Existing candidates that look like the same person (email, phone, similar name). */
  duplicates: z.array(CandidateDuplicateSchema),
  /** Other drafts of this upload that look like the same person. */
  batch_duplicates: z.array(
    z.object({ draft_id: z.number().int(), filename: z.string(), reason: z.enum(BATCH_DUPLICATE_REASONS) }),
  ),
  /** The candidate created from it (confirmed drafts). */
  candidate: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ResumeDraft = z.infer<typeof ResumeDraftSchema>;

export const ResumeBatchSchema = z.object({
  id: z.number().int(),
  status: z.enum(RESUME_BULK_BATCH_STATES),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Files refused at upload (not stored), with the reason. */
  refused: z.array(z.object({ filename: z.string(), reason: z.string() })),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  counts: z.object(
    Object.fromEntries(RESUME_DRAFT_STATES.map((state) => [state, z.number().int()])) as {
      [K in ResumeDraftState]: z.ZodNumber;
    },
  ),
  drafts: z.array(ResumeDraftSchema),
});
export type ResumeBatch = z.infer<typeof ResumeBatchSchema>;

export const ResumeBatchResponseSchema = z.object({ success: z.literal(true), batch: ResumeBatchSchema });
export type ResumeBatchResponse = z.infer<typeof ResumeBatchResponseSchema>;

/** POST /api/resumes/bulk/{id}/confirm/ */
export const ResumeBulkConfirmInputSchema = z.object({
  ids: z
    .array(z.number({ error: 'List the drafts to create.' }).int().positive().max(MAX_ID, 'No such draft.'), {
      error: 'List the drafts to create.',
    })
    .min(1, 'Choose at least one draft.')
    .max(RESUME_BULK_MAX_FILES, `Create at most ${RESUME_BULK_MAX_FILES} at once.`),
  /**
   * The recruiter's corrections (ResumeDraftEdit per draft): checked with the draft's other fields like
   * the candidate form, a refusal named `<draftId>.<field>`.
   */
  edits: z
    .array(
      z.object({
        id: z.number().int().positive(),
        values: z.partialRecord(z.enum(RESUME_DRAFT_FIELDS), z.unknown()),
      }),
    )
    .max(RESUME_BULK_MAX_FILES)
    .optional(),
});
export type ResumeBulkConfirmInput = z.input<typeof ResumeBulkConfirmInputSchema>;

export const ResumeBulkConfirmResponseSchema = ResumeBatchResponseSchema.extend({
  created: z.array(z.object({ draft_id: z.number().int(), candidate_id: z.number().int() })),
});
export type ResumeBulkConfirmResponse = z.infer<typeof ResumeBulkConfirmResponseSchema>;
