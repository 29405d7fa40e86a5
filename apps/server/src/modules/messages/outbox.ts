import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { JobRunner } from '../../lib/jobs';
import { linkMessage, recordsForAddresses, type MessageRecordRef } from './message-links.repository';
import {
  messagesTable,
  type MessageAddressJson,
  type MessageCalendarEventJson,
  type MessageRow,
} from './messages.table';

/** The job kind that hands one outbound message to the relay (registered by the messages module). */
export const MAIL_SEND_JOB = 'mail.send';
export interface MailSendPayload {
  messageId: number;
}

/** An outbound message ready for the outbox: addresses resolved, body sanitised, merge fields filled. */
export interface OutboundDraft {
  authorId: number | null;
  fromName: string;
  fromAddress: string;
  to: MessageAddressJson[];
  cc?: MessageAddressJson[];
  bcc?: MessageAddressJson[];
  subject: string;
  bodyHtml: string;
  bodyText: string;
  /** Records besides those the addresses find (the pipeline, the role it was written from). */
  records?: MessageRecordRef[];
  sendAfter?: Date | null;
  idempotencyKey?: string | null;
  inReplyTo?: string | null;
  references?: string[];
  /** The thread it continues; a new message starts its own. */
  threadKey?: string | null;
  /** A calendar invitation (or cancellation) sent with it as its text/calendar alternative. */
  calendarEvent?: MessageCalendarEventJson | null;
}

/** A Message-ID for a message made here: random, under the sender's domain. */
export function newMessageIdHeader(fromAddress: string): string {
  const domain = fromAddress.split('@')[1]?.trim() || 'recruitdesk.local';
  return `${randomBytes(16).toString('hex')}@${domain}`;
}

/**
 * Writes an outbound message as queued, on the timelines of its recipients' records and the extra records, and
 * its `mail.send` job: call inside the caller's transaction, so the message and its job exist together or not
 * at all. Attachments are added by the caller (message_attachments) in the same transaction.
 */
export async function queueOutboundMessage(
  tx: Db,
  jobs: Pick<JobRunner, 'enqueue'>,
  draft: OutboundDraft,
): Promise<MessageRow> {
  const messageIdHeader = newMessageIdHeader(draft.fromAddress);
  const occurredAt = draft.sendAfter ?? new Date();
  const [message] = await tx
    .insert(messagesTable)
    .values({
      direction: 'outbound',
      status: 'queued',
      messageIdHeader,
      inReplyTo: draft.inReplyTo ?? null,
      referencesHeader: draft.references ?? [],
      threadKey: draft.threadKey ?? messageIdHeader,
      fromName: draft.fromName,
      fromAddress: draft.fromAddress,
      toAddresses: draft.to,
      ccAddresses: draft.cc ?? [],
      bccAddresses: draft.bcc ?? [],
      subject: draft.subject,
      bodyHtml: draft.bodyHtml,
      bodyText: draft.bodyText,
      authorId: draft.authorId,
      idempotencyKey: draft.idempotencyKey ?? null,
      sendAfter: draft.sendAfter ?? null,
      calendarEvent: draft.calendarEvent ?? null,
      occurredAt,
    })
    .returning();
  const recipients = [...draft.to, ...(draft.cc ?? []), ...(draft.bcc ?? [])].map((item) => item.address);
  await linkMessage(tx, message!.id, occurredAt, [
    ...(await recordsForAddresses(tx, recipients)),
    ...(draft.records ?? []),
  ]);
  await jobs.enqueue<MailSendPayload>(tx, {
    kind: MAIL_SEND_JOB,
    payload: { messageId: message!.id },
    ...(draft.sendAfter ? { runAfter: draft.sendAfter } : {}),
  });
  return message!;
}
