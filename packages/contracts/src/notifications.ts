import { z } from 'zod';
import { IdSchema } from './common';

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, or ''. */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: IdSchema.optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(NotificationSchema),
  has_more: z.boolean(),
  unread: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponseSchema>;

/** Either `{ids: [...]}` (the user's own; others' are ignored) or `{all: true}`. */
export const NotificationsReadBodySchema = z
  .object({
    ids: z.array(IdSchema).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => (body.ids ? !body.all : body.all === true), { message: 'Give either ids or all: true.' });

export const NotificationsReadResponseSchema = z.object({
  success: z.literal(true),
  changed: z.number().int(),
  unread: z.number().int(),
});
