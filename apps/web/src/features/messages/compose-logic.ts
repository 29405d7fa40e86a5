// The compose window's rules, apart from its screen: recipients, what is sent, what blocks sending.
import type { Draft } from '@recruitdesk/contracts/drafts';
import type { ComposeMessageInput, Message, MessageRecordType, RecipientInput } from '@recruitdesk/contracts/messages';

/** A recipient on screen: a record (the server reads its address) or a typed address. */
export interface RecipientChip {
  /** Unique within a field: `candidate:3`, `contact:9` or the lower-case address. */
  key: string;
  label: string;
  input: RecipientInput;
}

export interface ComposeAttachment {
  kind: 'candidate_resume' | 'upload';
  id: number;
  filename: string;
  size?: number | undefined;
}

export interface ComposeDraft {
  to: RecipientChip[];
  cc: RecipientChip[];
  bcc: RecipientChip[];
  subject: string;
  bodyHtml: string;
  attachments: ComposeAttachment[];
  /** A `datetime-local` value ('' = send now). */
  sendAt: string;
  templateId?: number | undefined;
  inReplyTo?: number | undefined;
  records: { type: MessageRecordType; id: number }[];
}

/** The server's limit for one uploaded attachment (POST /api/messages/attachments/). */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** A typed "Name <a@b.c>" or "a@b.c" as a recipient, or null when it is not an address. */
export function parseTypedAddress(text: string): RecipientChip | null {
  const trimmed = text.trim().replace(/[,;]$/, '');
  const angle = /^(.*?)\s*<([^>]+)>$/.exec(trimmed);
  const name = angle ? angle[1]!.trim().replace(/^"|"$/g, '') : '';
  const address = (angle ? angle[2]! : trimmed).trim();
  if (!EMAIL.test(address) || address.length > 254) return null;
  return {
    key: address.toLowerCase(),
    label: name ? `${name} <${address}>` : address,
    input: { name: name.slice(0, 200), address },
  };
}

export const recordChip = (
  record: 'candidate' | 'contact',
  id: number,
  name: string,
  email?: string,
): RecipientChip => ({
  key: `${record}:${id}`,
  label: email ? `${name} <${email}>` : name,
  input: { record, id },
});

/** Adds a chip unless the field already has it. */
export const withChip = (list: RecipientChip[], chip: RecipientChip) =>
  list.some((c) => c.key === chip.key) ? list : [...list, chip];

/** Tags left in the text: they would be sent raw. */
export function leftoverTags(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) found.add(match[1]!);
  return [...found];
}

export const isBodyEmpty = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img\b/i.test(html);

export type ComposeErrors = Partial<Record<'to' | 'subject' | 'body' | 'sendAt' | 'form', string>>;

/**
 * What stops this draft from being sent, by field (empty when it may go). `missing`: merge fields the
 * template preview could not fill, unless the user confirmed they filled them in by hand.
 */
export function validateDraft(
  draft: ComposeDraft,
  options: { missing?: string[]; missingConfirmed?: boolean; now?: Date } = {},
): ComposeErrors {
  const errors: ComposeErrors = {};
  if (draft.to.length === 0) errors.to = 'Add at least one recipient.';
  const total = draft.to.length + draft.cc.length + draft.bcc.length;
  if (total > 150 || draft.to.length > 50 || draft.cc.length > 50 || draft.bcc.length > 50)
    errors.to = 'Send to at most 50 addresses in each of To, Cc and Bcc.';
  if (!draft.subject.trim()) errors.subject = 'Enter a subject.';
  if (isBodyEmpty(draft.bodyHtml)) errors.body = 'Write a message.';
  const tags = leftoverTags(`${draft.subject} ${draft.bodyHtml}`);
  if (tags.length) errors.body = `Replace the merge tags before sending: ${tags.map((t) => `{{${t}}}`).join(', ')}.`;
  if (options.missing?.length && !options.missingConfirmed)
    errors.form = `The template has no value for ${options.missing.join(', ')}. Fill them in, or pick other records.`;
  if (draft.sendAt) {
    const at = new Date(draft.sendAt);
    if (Number.isNaN(at.getTime())) errors.sendAt = 'Enter a date and time.';
    else if (at.getTime() < (options.now ?? new Date()).getTime() - 60_000)
      errors.sendAt = 'Pick a time in the future.';
  }
  return errors;
}

/** The POST /api/messages/ body of a draft. */
export function composeBody(draft: ComposeDraft): ComposeMessageInput {
  const body: ComposeMessageInput = {
    to: draft.to.map((c) => c.input),
    cc: draft.cc.map((c) => c.input),
    bcc: draft.bcc.map((c) => c.input),
    subject: draft.subject.trim(),
    body_html: draft.bodyHtml,
    records: draft.records,
    attachments: draft.attachments.map(({ kind, id }) => ({ kind, id })),
  };
  if (draft.sendAt) body.send_after = new Date(draft.sendAt).toISOString();
  if (draft.templateId) body.template_id = draft.templateId;
  if (draft.inReplyTo) body.in_reply_to_message_id = draft.inReplyTo;
  return body;
}

/** A new `Idempotency-Key`: made once per compose window, reused by every retry of its Send. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The reply's subject, recipients and thread. */
export function replyDraft(message: Message): Pick<ComposeDraft, 'to' | 'subject' | 'inReplyTo'> {
  const to = message.direction === 'inbound' ? [message.from] : message.to;
  return {
    to: to.flatMap((a) => {
      const chip = parseTypedAddress(a.name ? `${a.name} <${a.address}>` : a.address);
      return chip ? [chip] : [];
    }),
    subject: /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`,
    inReplyTo: message.id,
  };
}

/** A refusal's words for the compose window: do-not-contact and unsubscribed are said plainly. */
export function sendRefusal(error: { status: number; message: string; code?: string } | undefined): string | null {
  if (!error) return null;
  if (error.status === 409) return `Not sent: ${error.message}`;
  if (error.status === 400) return `Not sent: ${error.message}`;
  if (error.status === 0) return `${error.message} Press Send again: it will not be sent twice.`;
  return error.message || 'The message could not be sent. Please try again.';
}

/** The compose form after the assistant's draft: its recipients, subject, body, records and the resume it suggests. */
export function withAssistantDraft(draft: ComposeDraft, suggestion: Draft): ComposeDraft {
  // The draft names whom it is for (a submittal: the hiring manager): those replace the window's To, so a
  // submittal opened from a pipeline does not also go to the candidate the window was addressed to.
  const to = suggestion.to.length
    ? suggestion.to.reduce<ComposeDraft['to']>(
        (list, person) => withChip(list, recordChip(person.record, person.id, person.name, person.address)),
        [],
      )
    : draft.to;
  const records = [...draft.records];
  for (const record of suggestion.records)
    if (!records.some((r) => r.type === record.type && r.id === record.id)) records.push(record);
  const attachments = [...draft.attachments];
  for (const item of suggestion.attachments)
    if (!attachments.some((a) => a.kind === item.kind && a.id === item.id))
      attachments.push({ kind: item.kind, id: item.id, filename: item.filename });
  return { ...draft, to, subject: suggestion.subject, bodyHtml: suggestion.body_html, records, attachments };
}
