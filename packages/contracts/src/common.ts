import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_PAGE, MAX_PAGE_SIZE, PAGE_MESSAGES } from './common-constants';

export {
  DEFAULT_PAGE_SIZE,
  FILE_MESSAGES,
  MAX_ID,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_MESSAGES,
  PAGE_SIZES,
} from './common-constants';

/** The error body every failing API call returns (design §4). */
export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** A record id given as a path or query value: a positive PostgreSQL integer, anything else 400. */
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);
export const IdParamSchema = z.object({ id: IdSchema });

/** Django-style email field: trimmed, at most 254 characters. */
export const EmailSchema = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .min(1, 'Enter an email address.')
  .max(254, 'Email addresses are at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

/**
 * `?page=&page_size=` of every paged list, validated the same way everywhere (decision 028). Each list keeps
 * its own default size; the cap is shared.
 */
export function pageQueryShape(defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  return {
    page: z.coerce
      .number({ error: PAGE_MESSAGES.page })
      .int(PAGE_MESSAGES.page)
      .min(1, PAGE_MESSAGES.page)
      .max(MAX_PAGE, PAGE_MESSAGES.page)
      .default(1),
    page_size: z.coerce
      .number({ error: PAGE_MESSAGES.pageSize })
      .int(PAGE_MESSAGES.pageSize)
      .min(1, PAGE_MESSAGES.pageSize)
      .max(MAX_PAGE_SIZE, PAGE_MESSAGES.pageSize)
      .default(defaultPageSize),
  };
}
export const PageQuerySchema = z.object(pageQueryShape());
/**
 * What deleting a record would meet, asked before the confirmation (clients and roles; decision 021):
 * `blockers` (history the agency keeps: roles, pipelines, invoices later) make a delete refused; then
 * archiving is the way out, unless `archive_blocker` says what to do first. `removes` lists what a
 * delete takes with it. `message` is the sentence the screen shows (the same as the refusal's).
 */
export const DeletionCheckSchema = z.object({
  can_delete: z.boolean(),
  blockers: z.array(z.object({ kind: z.string(), count: z.number().int(), label: z.string() })),
  removes: z.array(z.string()),
  message: z.string(),
  archived: z.boolean(),
  can_archive: z.boolean(),
  archive_blocker: z.string().nullable(),
});
export type DeletionCheck = z.infer<typeof DeletionCheckSchema>;
export const DeletionCheckResponseSchema = z.object({ success: z.literal(true), check: DeletionCheckSchema });
export type DeletionCheckResponse = z.infer<typeof DeletionCheckResponseSchema>;

/** `archived` on list queries: `false` (default) leaves archived records out, `true` lists only them, `all` both. */
export const ArchivedFilterSchema = z.enum(['false', 'true', 'all']).default('false');
export type ArchivedFilter = z.infer<typeof ArchivedFilterSchema>;
