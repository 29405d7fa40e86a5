import { z } from 'zod';
import { MAX_ID } from './common-constants';

const id = z.number().int().min(1).max(MAX_ID);

/**
 * POST /api/messages/drafts/ (issue 33, "the assistant drafts"): a request in the user's words, with the
 * record the compose window was opened from. Nothing is sent: the draft opens in the compose window.
 */
export const DraftRequestSchema = z.object({
  request: z.string().trim().min(3, 'Say what to draft.').max(2000),
  candidate_id: id.optional(),
  contact_id: id.optional(),
  client_id: id.optional(),
  role_id: id.optional(),
  pipeline_id: id.optional(),
});
export type DraftRequest = z.input<typeof DraftRequestSchema>;

export const DRAFT_KINDS = ['submittal', 'client_update', 'follow_up'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

const RecipientSchema = z.object({
  record: z.enum(['candidate', 'contact']),
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});

export const DraftSchema = z.object({
  kind: z.enum(DRAFT_KINDS),
  /** Who wrote it: the built-in drafter (templates filled from the data) or the configured model. */
  engine: z.enum(['builtin', 'model']),
  to: z.array(RecipientSchema),
  subject: z.string(),
  /** HTML; for a follow-up to several candidates it holds merge fields ({{candidate.first_name}}). */
  body_html: z.string(),
  /** Records the message belongs to (the pipeline, the role, the client). */
  records: z.array(
    z.object({ type: z.enum(['candidate', 'contact', 'client', 'role', 'pipeline']), id: z.number().int() }),
  ),
  /** One click attachments the draft suggests (the candidate's resume for a submittal). */
  attachments: z.array(z.object({ kind: z.literal('candidate_resume'), id: z.number().int(), filename: z.string() })),
  /** Follow-ups: each candidate gets their own message (bulk), not one message to all. */
  send_individually: z.boolean(),
  /** What the draft was built from, and what it could not find ("no hiring manager on the role"). */
  notes: z.array(z.string()),
});
export type Draft = z.infer<typeof DraftSchema>;
export const DraftResponseSchema = z.object({ success: z.literal(true), draft: DraftSchema });
