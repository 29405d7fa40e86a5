import { z } from 'zod';

export const ActivitySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  verb: z.string(),
  model_type: z.string(),
  object_id: z.number().int().nullable(),
  summary: z.string(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivityListQuerySchema = z.object({
  mine: z.enum(['true', 'false']).optional(),
  /** Another user's activity: owners and superusers only. */
  actor_id: z.coerce.number().int().positive().optional(),
  model_type: z.string().max(40).optional(),
  /** One object's history (needs model_type), e.g. `?model_type=client&object_id=7`. */
  object_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.coerce.number().int().positive().optional(),
});

export const ActivityListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(ActivitySchema),
  has_more: z.boolean(),
});
export type ActivityListResponse = z.infer<typeof ActivityListResponseSchema>;
