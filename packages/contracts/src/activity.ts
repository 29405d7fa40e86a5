import { z } from 'zod';
import { IdSchema } from './common';

export const ActivitySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  verb: z.string(),
  model_type: z.string(),
  object_id: z.number().int().nullable(),
  summary: z.string(),
  created_at: z.string(),
  /** What the record hangs under (decision 029), e.g. a pipeline event's client, role and candidate. */
  client_id: z.number().int().nullable(),
  role_id: z.number().int().nullable(),
  candidate_id: z.number().int().nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityListQuerySchema = z.object({
  mine: z.enum(['true', 'false']).optional(),
  /** Another user's activity: owners and superusers only. */
  actor_id: IdSchema.optional(),
  model_type: z.string().max(40).optional(),
  /**
   * One object's history (needs model_type), e.g. `?model_type=client&object_id=7`. A client's, role's or
   * candidate's history includes what hangs under it: its roles, pipelines, placements, notes, qualifications.
   */
  object_id: IdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: IdSchema.optional(),
});

export const ActivityListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(ActivitySchema),
  has_more: z.boolean(),
});
export type ActivityListResponse = z.infer<typeof ActivityListResponseSchema>;
