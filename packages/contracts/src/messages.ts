import { z } from 'zod';
import { MAX_ID } from './common-constants';

/** Shared by sending (issue 33: compose, templates, bulk, sequences) and receiving (mailbox sync). */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'bounced',
  'unconfirmed',
  'cancelled',
  'received',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_RECORD_TYPES = ['candidate', 'contact', 'client', 'role', 'pipeline'] as const;
export type MessageRecordType = (typeof MESSAGE_RECORD_TYPES)[number];
/** The URL segment of each record type's timeline: GET /api/{segment}/{id}/timeline/. */
export const TIMELINE_SEGMENTS: Record<MessageRecordType, string> = {
  candidate: 'candidates',
  contact: 'contacts',
  client: 'clients',
  role: 'roles',
  pipeline: 'pipelines',
};

export const MessageAddressSchema = z.object({ name: z.string(), address: z.string() });
export type MessageAddress = z.infer<typeof MessageAddressSchema>;

export const MessageAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** GET: the file (session required; the user must be allowed to see one of the message's records). */
  url: z.string(),
});

/** A message as the API returns it (GET /api/messages/{id}/, and each timeline item). */
export const MessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['outbound', 'inbound']),
  status: z.enum(MESSAGE_STATUSES),
  from: MessageAddressSchema,
  to: z.array(MessageAddressSchema),
  cc: z.array(MessageAddressSchema),
  /** Only for the author and owners: bcc is never shown to others. */
  bcc: z.array(MessageAddressSchema),
  subject: z.string(),
  /** Sanitised HTML. */
  body_html: z.string(),
  body_text: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  occurred_at: z.string(),
  send_after: z.string().nullable(),
  /** The relay's last answer or the failure, for the status shown on the message. */
  status_detail: z.string().nullable(),
  thread_key: z.string(),
  attachments: z.array(MessageAttachmentSchema),
  records: z.array(z.object({ type: z.enum(MESSAGE_RECORD_TYPES), id: z.number().int(), name: z.string() })),
});
export type Message = z.infer<typeof MessageSchema>;

/** GET /api/{candidates|contacts|clients|roles|pipelines}/{id}/timeline/?before=<cursor>&limit=: newest first. */
export const TimelineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The `next` cursor of the previous page. */
  before: z.string().max(100).optional(),
});
export const TimelinePageSchema = z.object({
  results: z.array(MessageSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof TimelinePageSchema>;

export const MessageIdSchema = z.coerce.number().int().min(1).max(MAX_ID);
const id = z.number().int().min(1).max(MAX_ID);

/** A recipient picked from the records (the server reads the address) or typed. */
export const RecipientInputSchema = z.union([
  z.object({ record: z.enum(['candidate', 'contact']), id }),
  z.object({ name: z.string().trim().max(200).default(''), address: z.email().max(254) }),
]);
export type RecipientInput = z.input<typeof RecipientInputSchema>;

/**
 * POST /api/messages/ (JSON; `Idempotency-Key` header honoured: the same key from the same user answers the
 * same message, 200, and sends nothing more). 201 with the Message, status queued.
 */
export const ComposeMessageSchema = z.object({
  to: z.array(RecipientInputSchema).min(1, 'Add at least one recipient.').max(50),
  cc: z.array(RecipientInputSchema).max(50).default([]),
  bcc: z.array(RecipientInputSchema).max(50).default([]),
  subject: z.string().trim().min(1, 'Enter a subject.').max(998),
  /** HTML from the composer; sanitised by the server. */
  body_html: z.string().max(1_000_000),
  /** Extra records the message belongs to (the pipeline or role it was written from). */
  records: z
    .array(z.object({ type: z.enum(MESSAGE_RECORD_TYPES), id }))
    .max(20)
    .default([]),
  /** Stored files to attach: a candidate's resume (`candidate_resume`), or an upload (`upload`, from POST /api/messages/attachments/). */
  attachments: z
    .array(z.object({ kind: z.enum(['candidate_resume', 'upload']), id }))
    .max(20)
    .default([]),
  /** Send later (ISO time); omitted = now. */
  send_after: z.iso.datetime({ offset: true }).optional(),
  /** The template it came from (kept on the message for reporting). */
  template_id: id.optional(),
  /** Replying: the message this answers (sets In-Reply-To / References and the thread). */
  in_reply_to_message_id: id.optional(),
});
export type ComposeMessageInput = z.input<typeof ComposeMessageSchema>;

/** POST /api/messages/attachments/ (multipart `file`, ≤ 25 MB): an upload to attach → its id. */
export const MessageUploadSchema = z.object({ id: z.number().int(), filename: z.string(), size: z.number().int() });

export const TEMPLATE_SCOPES = ['shared', 'personal'] as const;
/** Merge fields a template may use; anything else in {{ }} is flagged as unknown. */
export const MERGE_FIELDS = [
  'candidate.first_name',
  'candidate.last_name',
  'candidate.full_name',
  'candidate.email',
  'candidate.current_title',
  'candidate.current_company',
  'contact.first_name',
  'contact.last_name',
  'contact.full_name',
  'contact.job_title',
  'role.title',
  'role.location',
  'client.name',
  'recruiter.first_name',
  'recruiter.full_name',
  'recruiter.email',
  'recruiter.signature',
  'agency.name',
  'unsubscribe_url',
  'privacy_url',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** /api/email-templates/ (GET list ?q=&scope=, POST, GET/PUT/DELETE {id}/). */
export const EmailTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(TEMPLATE_SCOPES),
  /** submittal templates are offered by the pipeline's "Email submittal". */
  purpose: z.enum(['general', 'submittal']),
  subject: z.string(),
  body_html: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  updated_at: z.string(),
  can_edit: z.boolean(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;
export const EmailTemplateInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(200),
  scope: z.enum(TEMPLATE_SCOPES).default('personal'),
  purpose: z.enum(['general', 'submittal']).default('general'),
  subject: z.string().trim().min(1, 'Enter a subject.').max(998),
  body_html: z.string().max(200_000),
});

/** POST /api/email-templates/{id}/preview/ — the template filled from real records. */
export const TemplatePreviewRequestSchema = z.object({
  candidate_id: id.optional(),
  contact_id: id.optional(),
  role_id: id.optional(),
  pipeline_id: id.optional(),
});
export const TemplatePreviewSchema = z.object({
  subject: z.string(),
  body_html: z.string(),
  /** Fields that have no value for these records (sending is refused while any is left). */
  missing: z.array(z.string()),
  /** {{tags}} that are not merge fields. */
  unknown: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;

/**
 * POST /api/messages/bulk/ — one template to up to 200 candidates, each personalised, sent at a throttled
 * rate. Answers who got a message and who was left out and why.
 */
export const BulkSendSchema = z.object({
  template_id: id,
  candidate_ids: z.array(id).min(1).max(200, 'Send to at most 200 candidates at once.'),
  role_id: id.optional(),
  send_after: z.iso.datetime({ offset: true }).optional(),
});
export const BulkSendResultSchema = z.object({
  queued: z.number().int(),
  left_out: z.array(
    z.object({
      candidate_id: z.number().int(),
      name: z.string(),
      reason: z.enum(['do_not_contact', 'unsubscribed', 'no_email', 'missing_fields', 'restricted']),
      detail: z.string(),
    }),
  ),
});
export type BulkSendResult = z.infer<typeof BulkSendResultSchema>;

/** POST /api/pipelines/{id}/submittal-email/ — the submittal to the role's hiring manager; records the submittal. */
export const SubmittalEmailSchema = z.object({
  template_id: id.optional(),
  to_contact_id: id,
  subject: z.string().trim().min(1).max(998),
  body_html: z.string().max(1_000_000),
  attach_resume: z.boolean().default(true),
  /** The resume sent without the candidate's email, phone and links. */
  redact_contact_details: z.boolean().default(false),
});

/** The answer of POST /api/messages/ (201, or 200 for a repeated Idempotency-Key), GET …/{id}/, resend, cancel. */
export const MessageViewResponseSchema = z.object({ success: z.literal(true), message: MessageSchema });
/** The answer of POST /api/messages/attachments/ (201). */
export const MessageUploadResponseSchema = z.object({ success: z.literal(true), upload: MessageUploadSchema });
export const AttachmentParamsSchema = z.object({ id: MessageIdSchema, attachmentId: MessageIdSchema });
