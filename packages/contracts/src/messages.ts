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
