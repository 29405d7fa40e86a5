import { z } from 'zod';
import { IdSchema } from './common';

/**
 * A role's public text (title and description as the careers pages, the job-board feed and the
 * confirmation email show them) in segments: a masked one replaces what named a client not shown
 * publicly, and `masked` says what it hid, so the recruiter's preview can highlight it.
 */
export const PublicTextSegmentSchema = z.object({ text: z.string(), masked: z.string().nullable() });
export type PublicTextSegment = z.infer<typeof PublicTextSegmentSchema>;

/** POST /api/roles/public-preview/: the form's values, before they are saved. */
export const RolePublicPreviewInputSchema = z.object({
  client_id: IdSchema,
  name: z.string().max(200).default(''),
  description_text: z.string().max(50_000).default(''),
  show_client_publicly: z.boolean().default(false),
});
export type RolePublicPreviewInput = z.input<typeof RolePublicPreviewInputSchema>;

export const RolePublicPreviewSchema = z.object({
  title: z.array(PublicTextSegmentSchema),
  description: z.array(PublicTextSegmentSchema),
  /** The title or description names the client (masked in public while the client is hidden). */
  names_client: z.boolean(),
  /** The client's name as the public reads it: its name, or null when hidden. */
  public_client_name: z.string().nullable(),
});
export type RolePublicPreview = z.infer<typeof RolePublicPreviewSchema>;

export const RolePublicPreviewResponseSchema = z.object({
  success: z.literal(true),
  preview: RolePublicPreviewSchema,
});
export type RolePublicPreviewResponse = z.infer<typeof RolePublicPreviewResponseSchema>;

/** The save's warning when the text names a hidden client (the public reads it masked). */
export const NAMES_CLIENT_WARNING =
  'The title or description names the client, who is not shown publicly. The public text masks it: check the preview.';
