import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import type { Deps } from '../../lib/deps';
import { JobError, type JobContext } from '../../lib/jobs';
import type { Relay } from '../../lib/mail';
import { usersTable } from '../users/users.table';
import { messageAttachmentsTable, messagesTable, type MessageRow } from './messages.table';
import type { MailSendPayload } from './outbox';

/** Hand-overs before a message the relay keeps deferring is `failed` (back-off 10 s doubling: about 40 minutes). */
export const MAIL_SEND_ATTEMPTS = 8;

/**
 * Test-only (tools/faults/mail-kill.test.ts): the process kills itself right after the relay accepted a
 * message and before the answer is written, the one moment SMTP cannot make safe (decision 105).
 */
export const KILL_AFTER_RELAY_VARIABLE = 'RECRUITDESK_TEST_KILL_AFTER_RELAY';

/** Test-only: the `mail.send` lease in ms (the fault tests' restarted server claims a dead one's job sooner). */
export const MAIL_LEASE_VARIABLE = 'RECRUITDESK_TEST_MAIL_LEASE_MS';

export const UNCONFIRMED_DETAIL =
  'The server stopped after handing this message to the mail server and before recording its answer. It was ' +
  'not sent again on its own: check the recipient got it, or send it again.';

type Outcome =
  | { status: 'sent'; detail: string }
  | { status: 'failed'; detail: string }
  | { status: 'retry'; detail: string }
  | { status: 'skipped'; detail: string };

/** The relay's words (nodemailer puts the SMTP reply in `response`), or the connection error's. */
function relayDetail(error: unknown): string {
  const failure = error as { response?: unknown; code?: unknown; message?: unknown };
  const text =
    typeof failure.response === 'string' && failure.response
      ? failure.response
      : `${typeof failure.code === 'string' ? `${failure.code}: ` : ''}${typeof failure.message === 'string' ? failure.message : 'The mail server could not be reached.'}`;
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000);
}

/** 5xx is the relay's final no; everything else (4xx, refused, timeouts, dropped connections) may pass later. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The List-Unsubscribe link is the one in the body's footer (modules/unsubscribes), when there is one. */
const UNSUBSCRIBE_LINK = /href="(https?:\/\/[^"\s]+\/unsubscribe\/[A-Za-z0-9_.-]+)"/;

async function mailOf(deps: Deps, message: MessageRow): Promise<SendMailOptions> {
  const [author] = message.authorId
    ? await deps.db
        .select({ email: usersTable.email, firstName: usersTable.firstName, lastName: usersTable.lastName })
        .from(usersTable)
        .where(eq(usersTable.id, message.authorId))
    : [];
  const attachments = await deps.db
    .select()
    .from(messageAttachmentsTable)
    .where(eq(messageAttachmentsTable.messageId, message.id))
    .orderBy(messageAttachmentsTable.id);
  const unsubscribe = UNSUBSCRIBE_LINK.exec(message.bodyHtml)?.[1];
  const headers: Record<string, string> = {};
  if (unsubscribe) {
    headers['List-Unsubscribe'] = `<${unsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    messageId: `<${message.messageIdHeader}>`,
    from: { name: message.fromName, address: message.fromAddress },
    ...(author?.email
      ? {
          replyTo: {
            name: `${author.firstName} ${author.lastName}`.trim() || message.fromName,
            address: author.email,
          },
        }
      : {}),
    to: message.toAddresses,
    cc: message.ccAddresses,
    bcc: message.bccAddresses,
    subject: message.subject,
    html: message.bodyHtml,
    text: message.bodyText,
    ...(message.inReplyTo ? { inReplyTo: `<${message.inReplyTo}>` } : {}),
    ...(message.referencesHeader.length ? { references: message.referencesHeader.map((id) => `<${id}>`) } : {}),
    headers,
    // nodemailer adds it as a text/calendar alternative with its method, and as invite.ics.
    ...(message.calendarEvent
      ? {
          icalEvent: {
            method: message.calendarEvent.method,
            filename: 'invite.ics',
            content: message.calendarEvent.content,
          },
        }
      : {}),
    attachments: await Promise.all(
      attachments.map(async (attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: await deps.storage.read(attachment.storageKey),
        ...(attachment.contentId ? { cid: attachment.contentId } : {}),
      })),
    ),
  };
}

/**
 * Claims the message: queued -> sending with attempts + 1, committed before the relay hears of it. A second
 * claim (another server, a retried job) finds it no longer queued and changes nothing.
 */
async function claim(deps: Deps, messageId: number): Promise<MessageRow | null> {
  const [row] = await deps.db
    .update(messagesTable)
    .set({ status: 'sending', attempts: sql`${messagesTable.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(eq(messagesTable.id, messageId), eq(messagesTable.status, 'queued'), eq(messagesTable.direction, 'outbound')),
    )
    .returning();
  return row ?? null;
}

/**
 * Records the end of one hand-over, only over the claim this run made. A 250 also replaces `unconfirmed`: if
 * this run lost its lease while the relay was slow and another worker marked the message unconfirmed, the
 * relay's answer is the better knowledge.
 */
async function settle(
  deps: Deps,
  messageId: number,
  values: Partial<Pick<MessageRow, 'status' | 'relayResponse' | 'error'>>,
): Promise<void> {
  const from = values.status === 'sent' ? (['sending', 'unconfirmed'] as const) : (['sending'] as const);
  await deps.db
    .update(messagesTable)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(messagesTable.id, messageId), inArray(messagesTable.status, [...from])));
}

/**
 * The `mail.send` job: one outbound message to the relay, at most once (decision 105). Queued -> sending
 * (committed) -> the relay -> sent | failed (5xx, with its answer) | queued again and the job retried with
 * back-off (4xx, connection trouble). A message found `sending` when its job runs means a server died between
 * the relay and the database: it becomes `unconfirmed` and is never resent on its own.
 */
export async function runMailSend(deps: Deps, relay: Relay, ctx: JobContext<MailSendPayload>): Promise<Outcome> {
  const messageId = ctx.payload.messageId;
  const message = await claim(deps, messageId);
  if (!message) {
    const [found] = await deps.db
      .select({ status: messagesTable.status })
      .from(messagesTable)
      .where(eq(messagesTable.id, messageId));
    if (found?.status === 'sending') {
      await settle(deps, messageId, { status: 'unconfirmed', error: UNCONFIRMED_DETAIL });
      ctx.log.warn({ messageId }, 'mail.send: message left mid-send by a stopped server; marked unconfirmed');
      return { status: 'skipped', detail: 'unconfirmed' };
    }
    return { status: 'skipped', detail: found ? found.status : 'deleted' };
  }

  let answer: string;
  try {
    answer = (await relay.send(await mailOf(deps, message))).response;
  } catch (error) {
    const detail = relayDetail(error);
    if (isPermanent(error)) {
      await settle(deps, messageId, { status: 'failed', relayResponse: detail, error: detail });
      return { status: 'failed', detail };
    }
    if (ctx.attempt >= MAIL_SEND_ATTEMPTS) {
      const gaveUp = `Gave up after ${ctx.attempt} attempts: ${detail}`;
      await settle(deps, messageId, { status: 'failed', relayResponse: detail, error: gaveUp });
      return { status: 'failed', detail: gaveUp };
    }
    await settle(deps, messageId, { status: 'queued', relayResponse: detail, error: detail });
    // The runner retries with back-off; the message waits in `queued`.
    throw new JobError(`The mail server did not take the message yet: ${detail}`.slice(0, 480));
  }
  if (process.env[KILL_AFTER_RELAY_VARIABLE] === '1') process.kill(process.pid, 'SIGKILL');
  await settle(deps, messageId, { status: 'sent', relayResponse: answer.slice(0, 1000), error: null });
  return { status: 'sent', detail: answer };
}
