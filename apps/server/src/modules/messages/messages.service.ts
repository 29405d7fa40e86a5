import type { Message, MessageRecordType, TimelinePage } from '@recruitdesk/contracts/messages';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import type { UserRow } from '../users/users.service';
import { toMessageViews } from './message-view';

export { toMessageViews };
import { messageAttachmentsTable, messageLinksTable, messagesTable, type MessageRow } from './messages.table';
import { MAIL_SEND_JOB, type MailSendPayload } from './outbox';
import { recordNames } from './record-names';

const notFound = () => new AppError('NOT_FOUND', 404, 'Message not found.');

export const viewerOf = (user: UserRow) => ({ id: user.id, userType: user.userType });

export async function viewOne(db: Db, row: MessageRow, actor: UserRow): Promise<Message> {
  return (await toMessageViews(db, [row], viewerOf(actor)))[0]!;
}

async function findMessage(db: Db, id: number): Promise<MessageRow> {
  const [row] = await db.select().from(messagesTable).where(eq(messagesTable.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getMessage(deps: Deps, actor: UserRow, id: number): Promise<Message> {
  assertCan(actor, 'records.read');
  return viewOne(deps.db, await findMessage(deps.db, id), actor);
}

/**
 * POST /api/messages/{id}/resend/: a failed or unconfirmed message queued again, by the user's decision (the
 * outbox never does it on its own, decision 105). The same Message-ID, so a copy that did arrive is one thread.
 */
export async function resendMessage(deps: Deps, actor: UserRow, id: number): Promise<Message> {
  assertCan(actor, 'records.write');
  const row = await inTransaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(messagesTable)
      .set({ status: 'queued', error: null, sendAfter: null, updatedAt: new Date() })
      .where(
        and(
          eq(messagesTable.id, id),
          eq(messagesTable.direction, 'outbound'),
          inArray(messagesTable.status, ['failed', 'unconfirmed']),
        ),
      )
      .returning();
    if (!updated) {
      await findMessage(tx, id);
      throw new AppError('NOT_RESENDABLE', 409, 'Only a failed or unconfirmed message can be sent again.');
    }
    await deps.jobs.enqueue<MailSendPayload>(tx, { kind: MAIL_SEND_JOB, payload: { messageId: id } });
    return updated;
  });
  return viewOne(deps.db, row, actor);
}

/** POST /api/messages/{id}/cancel/: a message still waiting (queued or scheduled) is not sent. */
export async function cancelMessage(deps: Deps, actor: UserRow, id: number): Promise<Message> {
  assertCan(actor, 'records.write');
  const [row] = await deps.db
    .update(messagesTable)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(messagesTable.id, id), eq(messagesTable.status, 'queued')))
    .returning();
  if (!row) {
    await findMessage(deps.db, id);
    throw new AppError('NOT_CANCELLABLE', 409, 'Only a message that has not been sent yet can be cancelled.');
  }
  return viewOne(deps.db, row, actor);
}

/** The timeline cursor: the last item's (occurred_at as the database wrote it, message id). */
function encodeCursor(occurredAt: string, id: number): string {
  return Buffer.from(JSON.stringify([occurredAt, id])).toString('base64url');
}
function decodeCursor(cursor: string): { occurredAt: string; id: number } {
  try {
    const [occurredAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof occurredAt === 'string' &&
      /^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)$/.test(occurredAt) &&
      Number.isInteger(id) &&
      (id as number) > 0 &&
      (id as number) <= 2_147_483_647
    )
      return { occurredAt, id: id as number };
  } catch {
    // refused below
  }
  throw new AppError('BAD_CURSOR', 400, 'The page cursor is not valid: start from the first page.', {
    fields: { before: ['Not a valid cursor.'] },
  });
}

/**
 * GET /api/{type}s/{id}/timeline/: the record's messages newest first, a keyset page over message_links'
 * (record_type, record_id, occurred_at, message_id) index: one range scan however deep the page.
 */
export async function recordTimeline(
  deps: Deps,
  actor: UserRow,
  recordType: MessageRecordType,
  recordId: number,
  query: { limit: number; before?: string | undefined },
): Promise<TimelinePage> {
  assertCan(actor, 'records.read');
  const cursor = query.before ? decodeCursor(query.before) : null;
  if ((await recordNames(deps.db, [{ recordType, recordId }])).size === 0)
    throw new AppError('NOT_FOUND', 404, `This ${recordType} was not found.`);
  const links = await deps.db
    .select({ messageId: messageLinksTable.messageId, occurredAt: sql<string>`${messageLinksTable.occurredAt}::text` })
    .from(messageLinksTable)
    .where(
      and(
        eq(messageLinksTable.recordType, recordType),
        eq(messageLinksTable.recordId, recordId),
        cursor
          ? sql`(${messageLinksTable.occurredAt}, ${messageLinksTable.messageId}) < (${cursor.occurredAt}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(messageLinksTable.occurredAt), desc(messageLinksTable.messageId))
    .limit(query.limit + 1);
  const page = links.slice(0, query.limit);
  const rows = page.length
    ? await deps.db
        .select()
        .from(messagesTable)
        .where(
          inArray(
            messagesTable.id,
            page.map((link) => link.messageId),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = page.flatMap((link) => (byId.has(link.messageId) ? [byId.get(link.messageId)!] : []));
  const last = page[page.length - 1];
  return {
    results: await toMessageViews(deps.db, ordered, viewerOf(actor)),
    next: links.length > query.limit && last ? encodeCursor(last.occurredAt, last.messageId) : null,
  };
}

/** An attachment of a message the user may read: its row (the route streams the file). */
export async function findAttachment(deps: Deps, actor: UserRow, messageId: number, attachmentId: number) {
  assertCan(actor, 'records.read');
  const [row] = await deps.db
    .select()
    .from(messageAttachmentsTable)
    .where(and(eq(messageAttachmentsTable.id, attachmentId), eq(messageAttachmentsTable.messageId, messageId)));
  if (!row) throw new AppError('NOT_FOUND', 404, 'Attachment not found.');
  return row;
}
