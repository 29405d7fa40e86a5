import { z } from 'zod';
import { pageQueryShape } from './common';

/**
 * Resume parsing (issue 31, "Resumes that fill the form") and the agency's skill vocabulary (shared with
 * matching, issue 32). The server extracts the text of a PDF, DOCX or plain-text resume and reads the fields
 * out of it by rules (decision 095); every field carries the span of the extracted text it came from, so
 * the form can show it on hover, and a confidence from 0 to 1.
 */

/** The span of the extracted text (`ParsedResume.text`) a value was read from: `text === resume.text.slice(start, end)`. */
export const ParsedSourceSchema = z.object({
  text: z.string(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type ParsedSource = z.infer<typeof ParsedSourceSchema>;

/** One parsed value, where it came from, and how sure the parser is (0..1). */
export function parsedFieldSchema<T extends z.ZodType>(value: T) {
  return z.object({
    value,
    source: ParsedSourceSchema.nullable(),
    confidence: z.number().min(0).max(1),
  });
}
export interface ParsedField<T> {
  value: T;
  source: ParsedSource | null;
  confidence: number;
}

const ParsedStringSchema = parsedFieldSchema(z.string());
const ParsedNumberSchema = parsedFieldSchema(z.number());

export const ParsedEducationSchema = z.object({
  institution: z.string(),
  degree: z.string().nullable(),
  year: z.number().int().nullable(),
  source: ParsedSourceSchema.nullable(),
});
export type ParsedEducation = z.infer<typeof ParsedEducationSchema>;

export const ParsedResumeSchema = z.object({
  first_name: ParsedStringSchema.nullable(),
  last_name: ParsedStringSchema.nullable(),
  email: ParsedStringSchema.nullable(),
  /** E.164, e.g. +447700900123. */
  phone: ParsedStringSchema.nullable(),
  location: ParsedStringSchema.nullable(),
  linkedin_url: ParsedStringSchema.nullable(),
  github_url: ParsedStringSchema.nullable(),
  portfolio_url: ParsedStringSchema.nullable(),
  current_title: ParsedStringSchema.nullable(),
  current_company: ParsedStringSchema.nullable(),
  /** Whole years (one decimal at most) of the union of the experience entries' date ranges. */
  years_experience: ParsedNumberSchema.nullable(),
  /** Canonical names from the skill vocabulary, each once. */
  skills: z.array(ParsedStringSchema),
  education: z.array(ParsedEducationSchema),
  /** The extracted text every `source` points into. */
  text: z.string(),
  /** Sentences for the recruiter, e.g. "No text could be read from this PDF (a scan?)." */
  warnings: z.array(z.string()),
});
export type ParsedResume = z.infer<typeof ParsedResumeSchema>;

/** The fields of ParsedResume that hold one ParsedField<string> (for the form's "fill from resume"). */
export const PARSED_RESUME_TEXT_FIELDS = [
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
] as const;
export type ParsedResumeTextField = (typeof PARSED_RESUME_TEXT_FIELDS)[number];

/** POST /api/resumes/parse/ (multipart, one `file`: PDF, DOCX or TXT, at most 10 MB) → */
export const ParseResumeResponseSchema = z.object({ success: z.literal(true), resume: ParsedResumeSchema });
export type ParseResumeResponse = z.infer<typeof ParseResumeResponseSchema>;

export const RESUME_PARSE_MAX_BYTES = 10 * 1024 * 1024;

export const RESUME_ERRORS = {
  FILE_REQUIRED: 'Choose a resume file (PDF, DOCX or TXT).',
  FILE_TOO_LARGE: 'The resume is larger than 10 MB.',
  UNSUPPORTED_FILE: 'The resume must be a PDF, DOCX or plain-text file.',
  TOO_MANY_FILES: 'Send one resume at a time.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Skill vocabulary: a built-in list of canonical skills with their aliases, plus the agency's own aliases.

export const SKILL_ALIAS_MAX = 100;

const skillText = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(SKILL_ALIAS_MAX, `Use at most ${SKILL_ALIAS_MAX} characters.`)
    .refine((value) => /[\p{L}\p{N}]/u.test(value), `The ${label} needs at least one letter or digit.`);

/** One alias the agency added: `alias` is read as `canonical` everywhere (parsing, matching). */
export const SkillAliasSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  canonical: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type SkillAlias = z.infer<typeof SkillAliasSchema>;

/** GET /api/skills/aliases/?page=&page_size=&q= */
export const SkillAliasListQuerySchema = z.object({
  q: z.string().trim().max(SKILL_ALIAS_MAX).default(''),
  ...pageQueryShape(100),
});
export type SkillAliasListQuery = z.input<typeof SkillAliasListQuerySchema>;

export const SkillAliasListResponseSchema = z.object({
  success: z.literal(true),
  aliases: z.array(SkillAliasSchema),
  count: z.number().int(),
});
export type SkillAliasListResponse = z.infer<typeof SkillAliasListResponseSchema>;

/** POST /api/skills/aliases/ — `canonical` may be a built-in skill or a new one the agency names. */
export const CreateSkillAliasInputSchema = z.object({
  alias: skillText('alias'),
  canonical: skillText('skill it stands for'),
});
export type CreateSkillAliasInput = z.input<typeof CreateSkillAliasInputSchema>;

export const SkillAliasResponseSchema = z.object({ success: z.literal(true), alias: SkillAliasSchema });
export type SkillAliasResponse = z.infer<typeof SkillAliasResponseSchema>;

export const SKILL_ERRORS = {
  ALIAS_NOT_FOUND: 'Alias not found.',
  ALIAS_TAKEN: 'This alias is already in the vocabulary.',
  ALIAS_IS_BUILT_IN: 'This alias is already a built-in name of another skill.',
  ALIAS_SAME_AS_SKILL: 'The alias and the skill are the same.',
} as const;
