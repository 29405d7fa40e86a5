import { z } from 'zod';
import { IdSchema } from './common';
import { MAX_ID } from './common-constants';
import {
  BulkSendResultSchema,
  EmailTemplateSchema,
  SubmittalEmailSchema,
  TEMPLATE_SCOPES,
  TemplatePreviewSchema,
} from './messages';

// The answers around templates, bulk sends and the submittal email (issue 33); the requests are in messages.ts.

/** GET /api/email-templates/?q=&scope=&purpose=: the shared ones and the user's own personal ones. */
export const EmailTemplateListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  scope: z.enum(TEMPLATE_SCOPES).optional(),
  purpose: z.enum(['general', 'submittal']).optional(),
});
export const EmailTemplateResponseSchema = z.object({ success: z.literal(true), template: EmailTemplateSchema });
export const EmailTemplateListResponseSchema = z.object({
  success: z.literal(true),
  templates: z.array(EmailTemplateSchema),
});
export const TemplatePreviewResponseSchema = z.object({ success: z.literal(true), preview: TemplatePreviewSchema });
export const BulkSendResponseSchema = z.object({ success: z.literal(true), result: BulkSendResultSchema });

/**
 * POST /api/pipelines/{id}/submittal-email/: the contract's fields plus the pipeline's `version` as the
 * stage actions take it (omitted: the pipeline as it is now).
 */
export const SubmittalEmailRequestSchema = SubmittalEmailSchema.extend({
  version: z.number().int().min(0).max(MAX_ID).optional(),
});
export const SubmittalEmailResponseSchema = z.object({
  success: z.literal(true),
  /** The queued message's id (GET /api/messages/{id}/). */
  message_id: z.number().int(),
  /** The pipeline's version after the submittal. */
  version: z.number().int(),
  stage: z.string(),
});

export const TemplateIdParamSchema = z.object({ id: IdSchema });
