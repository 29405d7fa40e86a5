import { z } from 'zod';
import { pageQueryShape } from './common';
import { MAX_ID } from './common-constants';
import { MessageSchema } from './messages';

/** /api/mailboxes/ (issue 33): IMAP mailboxes the server keeps in sync. Owners see all; others their own. */
export const MAILBOX_SYNC_STATES = ['connecting', 'syncing', 'idle', 'stopped'] as const;
export const MailboxSchema = z.object({
  id: z.number().int(),
  /** Shared (the agency's) or a recruiter's own. */
  kind: z.enum(['shared', 'personal']),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  label: z.string(),
  email: z.string(),
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  username: z.string(),
  sync_state: z.enum(MAILBOX_SYNC_STATES),
  /** "sync stopped since … because …": when and why it stopped (null while it runs). */
  stopped_since: z.string().nullable(),
  stopped_reason: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  messages_synced: z.number().int(),
  /** The server answered IDLE (push); otherwise it is polled. */
  uses_idle: z.boolean(),
});
export type Mailbox = z.infer<typeof MailboxSchema>;

/** POST /api/mailboxes/ (connect: the credentials are checked with a real login before saving). */
export const MailboxConnectSchema = z.object({
  kind: z.enum(['shared', 'personal']).default('personal'),
  label: z.string().trim().max(200).default(''),
  email: z.email().max(254),
  host: z.string().trim().min(1, 'Enter the IMAP server.').max(253),
  port: z.number().int().min(1).max(65535).default(993),
  tls: z.boolean().default(true),
  username: z.string().trim().min(1, 'Enter the user name.').max(320),
  password: z.string().min(1, 'Enter the password or app password.').max(1000),
});
export type MailboxConnectInput = z.input<typeof MailboxConnectSchema>;
/** PATCH /api/mailboxes/{id}/ — a new password (resumes a stopped sync), label. */
export const MailboxUpdateSchema = z.object({
  label: z.string().trim().max(200).optional(),
  password: z.string().min(1).max(1000).optional(),
});

/** GET /api/messages/unmatched/ (paged): inbound messages no record claimed yet. */
export const UnmatchedPageSchema = z.object({
  results: z.array(MessageSchema),
  count: z.number().int(),
});
/** POST /api/messages/{id}/attach/ — attach an unmatched message to a record; or create a candidate from its sender. */
export const AttachMessageSchema = z.union([
  z.object({
    type: z.enum(['candidate', 'contact', 'client', 'role', 'pipeline']),
    id: z.number().int().min(1).max(MAX_ID),
  }),
  z.object({ create_candidate: z.literal(true) }),
]);

export const MailboxResponseSchema = z.object({ success: z.literal(true), mailbox: MailboxSchema });
export const MailboxListResponseSchema = z.object({ success: z.literal(true), results: z.array(MailboxSchema) });
/** ?page=&page_size= of GET /api/messages/unmatched/ (newest first). */
export const UnmatchedQuerySchema = z.object(pageQueryShape(25));
export const UnmatchedResponseSchema = UnmatchedPageSchema.extend({ success: z.literal(true) });
export const AttachMessageResponseSchema = z.object({
  success: z.literal(true),
  message: MessageSchema,
  /** The candidate made from the sender (create_candidate), else null. */
  candidate_id: z.number().int().nullable(),
});
