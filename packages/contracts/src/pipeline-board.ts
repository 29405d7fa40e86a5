/** A role's board: its pipelines, the column headers, the candidates list, form data and export (part of ./pipelines). */
import { z } from 'zod';
import { pageQueryShape } from './common';
import { PipelineCloseReasonSchema, PipelineStageNameSchema, PipelineSummarySchema } from './pipeline-summary';

/** GET /api/roles/{id}/pipelines/?state=open|closed|all → every pipeline of the role (the board). */
export const RolePipelinesQuerySchema = z.object({
  state: z.enum(['open', 'closed', 'all']).default('open'),
});
export const RolePipelinesResponseSchema = z.object({
  success: z.literal(true),
  pipelines: z.array(PipelineSummarySchema),
  count: z.number().int(),
});
export type RolePipelinesResponse = z.infer<typeof RolePipelinesResponseSchema>;

/** GET /api/roles/{id}/pipeline-headers/: one column per stage, in order, with counts. */
export const PipelineHeaderSchema = z.object({
  name: PipelineStageNameSchema,
  label: z.string(),
  position: z.number().int(),
  open_count: z.number().int(),
  closed_count: z.number().int(),
});
export type PipelineHeader = z.infer<typeof PipelineHeaderSchema>;
export const PipelineHeadersResponseSchema = z.object({
  success: z.literal(true),
  headers: z.array(PipelineHeaderSchema),
  /** Open pipelines in every stage, Placed included (a placement stays open). */
  open_count: z.number().int(),
  /** Open pipelines not yet placed: the candidates still being worked. */
  in_progress_count: z.number().int(),
  /** Placements: the open pipelines in Placed. */
  placed_count: z.number().int(),
  closed_count: z.number().int(),
});
export type PipelineHeadersResponse = z.infer<typeof PipelineHeadersResponseSchema>;

/** GET /api/roles/{id}/candidates/: the role's candidates (one row per pipeline), searchable and paged. */
export const RoleCandidatesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  stage: z.preprocess((value) => (value === '' ? undefined : value), PipelineStageNameSchema.optional()),
  state: z.enum(['open', 'closed', 'all']).default('all'),
  ...pageQueryShape(25),
});
export const RoleCandidatesResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(PipelineSummarySchema),
  count: z.number().int(),
});
export type RoleCandidatesResponse = z.infer<typeof RoleCandidatesResponseSchema>;

/** GET /api/pipelines/form-data/ */
export const PipelineFormDataResponseSchema = z.object({
  success: z.literal(true),
  stages: z.array(z.object({ value: PipelineStageNameSchema, label: z.string() })),
  close_reasons: z.array(z.object({ value: PipelineCloseReasonSchema, label: z.string() })),
  interview_outcomes: z.array(z.object({ value: z.string(), label: z.string() })),
  interviewers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PipelineFormDataResponse = z.infer<typeof PipelineFormDataResponseSchema>;

/** Spreadsheet columns of GET /api/roles/{id}/candidates/export/, in order. */
export const ROLE_EXPORT_COLUMNS = [
  'Candidate',
  'Email',
  'Phone',
  'Current title',
  'Current company',
  'Stage',
  'State',
  'Close reason',
  'Added',
  'Stage changed',
  'Submitted on',
  'Proposed salary',
  'Placement salary',
  'Start date',
  'Fee',
  'Recruiter',
] as const;

/** The export's fee columns: left out of the sheet for whoever may not see fees (decision 071). */
export const ROLE_EXPORT_MONEY_COLUMNS: readonly (typeof ROLE_EXPORT_COLUMNS)[number][] = ['Fee'];
