import type { Message } from '@recruitdesk/contracts/messages';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable } from '../users/users.table';
import { recordKey, recordNames } from './record-names';
import {
  messageAttachmentsTable,
  messageLinksTable,
  type MessageAttachmentRow,
  type MessageLinkRow,
  type MessageRow,
} from './messages.table';

/** bcc is the author's and the owners' to see (issue 33): everyone else gets an empty list. */
export const seesBcc = (row: Pick<MessageRow, 'authorId'>, viewer: { id: number; userType: readonly string[] }) =>
  row.authorId === viewer.id || viewer.userType.includes('owner');

/** What the message's status line says: the relay's answer once sent, otherwise the failure. */
function statusDetail(row: MessageRow): string | null {
  if (row.status === 'sent') return row.relayResponse;
  return row.error ?? row.relayResponse;
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const id = key(item);
    const list = groups.get(id);
    if (list) list.push(item);
    else groups.set(id, [item]);
  }
  return groups;
}

/**
 * Messages as the API shows them, for one viewer: attachments, records (with names) and authors read in one
 * batch each, whatever the number of rows (a timeline page is a handful of queries, never one per message).
 */
export async function toMessageViews(
  db: Db,
  rows: MessageRow[],
  viewer: { id: number; userType: readonly string[] },
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is number => id !== null))];
  const [attachments, links, authors] = [
    await db
      .select()
      .from(messageAttachmentsTable)
      .where(inArray(messageAttachmentsTable.messageId, ids))
      .orderBy(messageAttachmentsTable.id),
    await db.select().from(messageLinksTable).where(inArray(messageLinksTable.messageId, ids)),
    authorIds.length
      ? await db
          .select({
            id: usersTable.id,
            firstName: usersTable.firstName,
            lastName: usersTable.lastName,
            email: usersTable.email,
          })
          .from(usersTable)
          .where(inArray(usersTable.id, authorIds))
      : [],
  ];
  const names = await recordNames(db, links);
  const attachmentsOf = groupBy<MessageAttachmentRow>(attachments, (item) => item.messageId);
  const linksOf = groupBy<MessageLinkRow>(links, (item) => item.messageId);
  const authorOf = new Map(
    authors.map((author) => [author.id, `${author.firstName} ${author.lastName}`.trim() || author.email]),
  );

  /** A person on the message only through bcc is not named to those who may not see bcc. */
  const visibleRecord = (row: MessageRow, link: MessageLinkRow, showBcc: boolean) => {
    const known = names.get(recordKey(link.recordType, link.recordId));
    if (!known) return false;
    if (showBcc || !known.email || row.bccAddresses.length === 0) return true;
    const email = known.email.toLowerCase();
    const open = [...row.toAddresses, ...row.ccAddresses, { address: row.fromAddress }];
    const onlyBcc =
      row.bccAddresses.some((item) => item.address.toLowerCase() === email) &&
      !open.some((item) => item.address.toLowerCase() === email);
    return !onlyBcc;
  };

  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    status: row.status,
    from: { name: row.fromName, address: row.fromAddress },
    to: row.toAddresses,
    cc: row.ccAddresses,
    bcc: seesBcc(row, viewer) ? row.bccAddresses : [],
    subject: row.subject,
    body_html: row.bodyHtml,
    body_text: row.bodyText,
    author:
      row.authorId !== null && authorOf.has(row.authorId)
        ? { id: row.authorId, name: authorOf.get(row.authorId)! }
        : null,
    occurred_at: row.occurredAt.toISOString(),
    send_after: row.sendAfter ? row.sendAfter.toISOString() : null,
    status_detail: statusDetail(row),
    thread_key: row.threadKey,
    attachments: (attachmentsOf.get(row.id) ?? []).map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      content_type: attachment.contentType,
      size: attachment.size,
      url: `/api/messages/${row.id}/attachments/${attachment.id}/`,
    })),
    records: (linksOf.get(row.id) ?? [])
      .filter((link) => visibleRecord(row, link, seesBcc(row, viewer)))
      .map((link) => ({
        type: link.recordType,
        id: link.recordId,
        name: names.get(recordKey(link.recordType, link.recordId))!.name,
      })),
  }));
}
