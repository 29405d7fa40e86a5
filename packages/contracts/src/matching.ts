import { z } from 'zod';
import { IdSchema } from './common';
import { CandidateStatusSchema } from './candidates';

/**
 * Matching (issue 32, docs/matching.md): the best candidates for a role and the open roles for a candidate,
 * ranked by explained factors whose contributions add up to the score (0–100, one decimal).
 */

/** The factors, in the order they are shown. `feedback` only appears after "not a fit" on this role. */
export const MATCH_FACTOR_KEYS = [
  'required_skills',
  'nice_skills',
  'title',
  'seniority',
  'experience',
  'salary',
  'location',
  'availability',
  'recency',
  'outcomes',
] as const;
export type MatchFactorKey = (typeof MATCH_FACTOR_KEYS)[number];

export const MATCH_FACTOR_LABELS: Record<MatchFactorKey | 'feedback', string> = {
  required_skills: 'Required skills',
  nice_skills: 'Nice-to-have skills',
  title: 'Title',
  seniority: 'Seniority',
  experience: 'Years of experience',
  salary: 'Salary',
  location: 'Location',
  availability: 'Status and availability',
  recency: 'Recent activity',
  outcomes: 'Past outcomes',
  feedback: 'Marked not a fit',
};

/**
 * The weights a role's ranking uses (0–100 each; only their proportions matter). Required and nice-to-have
 * skills share their points per skill so that one required skill always counts three times one nice-to-have.
 */
export const DEFAULT_MATCH_WEIGHTS: Record<MatchFactorKey, number> = {
  required_skills: 34,
  nice_skills: 8,
  title: 10,
  seniority: 10,
  experience: 8,
  salary: 8,
  location: 10,
  availability: 6,
  recency: 3,
  outcomes: 3,
};

export type MatchWeights = Record<MatchFactorKey, number>;

const weight = z.coerce.number().int('Use a whole number.').min(0, 'Use 0 to 100.').max(100, 'Use 0 to 100.');
export const MatchWeightsSchema = z.object(
  Object.fromEntries(MATCH_FACTOR_KEYS.map((key) => [key, weight])) as Record<MatchFactorKey, typeof weight>,
);

/** PUT /api/roles/{id}/match-weights/ */
export const UpdateMatchWeightsInputSchema = z
  .object({
    weights: MatchWeightsSchema,
    /** Required skills (canonical names, as `requirements.required` lists them) a candidate must have. */
    must_skills: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  })
  .refine((value) => MATCH_FACTOR_KEYS.some((key) => value.weights[key] > 0), {
    message: 'Give at least one factor a weight above 0.',
    path: ['weights'],
  });
export type UpdateMatchWeightsInput = z.input<typeof UpdateMatchWeightsInputSchema>;

export const MatchFactorSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The factor's weight (as saved on the role). */
  weight: z.number(),
  /** Points of the score (one decimal; negative only for `feedback`); the factors add up to the score. */
  contribution: z.number(),
  detail: z.string(),
});
export type MatchFactor = z.infer<typeof MatchFactorSchema>;

export const MatchEvidenceSchema = z.object({
  skill: z.string(),
  /** A line of the resume (or the skills list) where the skill appears; render as text. */
  snippet: z.string(),
  /** Where the skill is inside `snippet` (highlight [start, end)). */
  start: z.number().int(),
  end: z.number().int(),
});
export type MatchEvidence = z.infer<typeof MatchEvidenceSchema>;

export const MatchCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  current_title: z.string(),
  current_company: z.string(),
  location: z.string(),
  status: CandidateStatusSchema,
});

export const MatchResultSchema = z.object({
  candidate: MatchCandidateSchema,
  rank: z.number().int(),
  score: z.number(),
  factors: z.array(MatchFactorSchema),
  evidence: z.array(MatchEvidenceSchema),
  missing: z.array(z.string()),
  in_pipeline: z.boolean(),
  not_a_fit: z.object({ reason: z.string() }).nullable(),
});
export type MatchResult = z.infer<typeof MatchResultSchema>;

export const RoleRequirementsSchema = z.object({
  required: z.array(z.string()),
  nice: z.array(z.string()),
  must: z.array(z.string()),
  seniority: z.string().nullable(),
  min_years: z.number().int().nullable(),
  location: z.string(),
  remote_type: z.string(),
});
export type RoleRequirements = z.infer<typeof RoleRequirementsSchema>;

export const MatchWeightsViewSchema = MatchWeightsSchema.extend({});

/** GET /api/roles/{id}/matches/?limit=50&offset=0&include_excluded=false */
export const RoleMatchesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'Use 1 to 100.').max(100, 'Use 1 to 100.').default(50),
  offset: z.coerce.number().int().min(0, 'Use 0 to 1000.').max(1000, 'Use 0 to 1000.').default(0),
  include_excluded: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});
export const RoleMatchesResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(MatchResultSchema),
  weights: MatchWeightsSchema,
  must_skills: z.array(z.string()),
  requirements: RoleRequirementsSchema,
  /** Whether salary took part (only for users allowed to see salaries). */
  salary_visible: z.boolean(),
  has_more: z.boolean(),
});
export type RoleMatchesResponse = z.infer<typeof RoleMatchesResponseSchema>;

/** GET /api/roles/{id}/matches/explain/?candidate_id= (or &name= to look up by name) */
export const ExplainMatchQuerySchema = z
  .object({
    candidate_id: IdSchema.optional(),
    name: z.string().trim().max(200).optional(),
  })
  .refine((value) => value.candidate_id !== undefined || (value.name ?? '') !== '', {
    message: 'Choose a candidate.',
    path: ['candidate_id'],
  });
export const ExplainMatchResponseSchema = z.object({
  success: z.literal(true),
  /** The candidate's rank among everyone the Matches tab would list (null: left out, see `excluded_because`). */
  result: MatchResultSchema,
  excluded_because: z.string().nullable(),
  /** What keeps the score down, most costly first (sentences). */
  reasons: z.array(z.string()),
});
export type ExplainMatchResponse = z.infer<typeof ExplainMatchResponseSchema>;

/** POST /api/roles/{id}/matches/feedback/ */
export const MatchFeedbackInputSchema = z.object({
  candidate_id: IdSchema,
  verdict: z.literal('not_a_fit', { error: 'The verdict must be "not_a_fit".' }),
  reason: z
    .string({ error: 'Say why this candidate is not a fit.' })
    .trim()
    .min(1, 'Say why this candidate is not a fit.')
    .max(500, 'Use at most 500 characters.'),
});
export type MatchFeedbackInput = z.input<typeof MatchFeedbackInputSchema>;

export const MatchWeightsResponseSchema = z.object({
  success: z.literal(true),
  weights: MatchWeightsSchema,
  must_skills: z.array(z.string()),
});

export const MatchingRoleResultSchema = z.object({
  role: z.object({ id: z.number().int(), name: z.string(), client_name: z.string(), location: z.string() }),
  score: z.number(),
  factors: z.array(MatchFactorSchema),
  evidence: z.array(MatchEvidenceSchema),
  missing: z.array(z.string()),
  in_pipeline: z.boolean(),
});
export type MatchingRoleResult = z.infer<typeof MatchingRoleResultSchema>;

/** GET /api/candidates/{id}/matching-roles/?limit=10 */
export const MatchingRolesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'Use 1 to 50.').max(50, 'Use 1 to 50.').default(10),
  /** Leave this role out (the one the candidate applied to: "other roles that fit"). */
  exclude_role_id: IdSchema.optional(),
});
export const MatchingRolesResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(MatchingRoleResultSchema),
  salary_visible: z.boolean(),
});
export type MatchingRolesResponse = z.infer<typeof MatchingRolesResponseSchema>;

/**
 * GET /api/applications/{id}/matching-roles/?limit=5 — the other open roles that fit an application (the
 * role applied to left out): the converted candidate's ranking, or, before conversion, one built from the
 * application's resume text. `candidate_id` names whom "Add to pipeline" adds (null until converted).
 */
export const ApplicationMatchingRolesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'Use 1 to 50.').max(50, 'Use 1 to 50.').default(5),
});
export const ApplicationMatchingRolesResponseSchema = MatchingRolesResponseSchema.extend({
  candidate_id: z.number().int().nullable(),
});
export type ApplicationMatchingRolesResponse = z.infer<typeof ApplicationMatchingRolesResponseSchema>;

export const MATCHING_ERRORS = {
  CANDIDATE_NOT_FOUND: 'Candidate not found.',
  APPLICATION_NOT_FOUND: 'Application not found.',
  NO_SUCH_CANDIDATE_NAME: 'No candidate has that name.',
  UNKNOWN_MUST_SKILL: 'A must-have skill has to be one of the role’s required skills.',
} as const;
