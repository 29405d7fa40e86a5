import type { Message } from '@recruitdesk/contracts/messages';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { rolesTable } from '../roles/roles.table';
import { usersTable } from '../users/users.table';
import { messageAttachmentsTable, messageLinksTable, type MessageRow } from './messages.table';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The API view of messages (MessageSchema), in the order given. Minimal version written by the mailbox sync
 * (issue 33); the outbox helper owns this file. Bcc only for the author and owners.
 */
export async function toMessageViews(
  db: Db,
  rows: MessageRow[],
  viewer: { id: number; userType: readonly string[] },
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [links, attachments] = [
    await db.select().from(messageLinksTable).where(inArray(messageLinksTable.messageId, ids)),
    await db.select().from(messageAttachmentsTable).where(inArray(messageAttachmentsTable.messageId, ids)),
  ];
  const idsOf = (type: string) => [...new Set(links.filter((link) => link.recordType === type).map((l) => l.recordId))];
  const names = new Map<string, string>();
  const candidateIds = idsOf('candidate');
  if (candidateIds.length > 0)
    for (const row of await db
      .select({ id: candidatesTable.id, first: candidatesTable.firstName, last: candidatesTable.lastName })
      .from(candidatesTable)
      .where(inArray(candidatesTable.id, candidateIds)))
      names.set(`candidate:${row.id}`, fullName(row.first, row.last));
  const contactIds = idsOf('contact');
  if (contactIds.length > 0)
    for (const row of await db
      .select({ id: clientContactsTable.id, first: clientContactsTable.firstName, last: clientContactsTable.lastName })
      .from(clientContactsTable)
      .where(inArray(clientContactsTable.id, contactIds)))
      names.set(`contact:${row.id}`, fullName(row.first, row.last));
  const clientIds = idsOf('client');
  if (clientIds.length > 0)
    for (const row of await db
      .select({ id: clientsTable.id, name: clientsTable.name })
      .from(clientsTable)
      .where(inArray(clientsTable.id, clientIds)))
      names.set(`client:${row.id}`, row.name);
  const roleIds = idsOf('role');
  if (roleIds.length > 0)
    for (const row of await db
      .select({ id: rolesTable.id, name: rolesTable.name })
      .from(rolesTable)
      .where(inArray(rolesTable.id, roleIds)))
      names.set(`role:${row.id}`, row.name);
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is number => id != null))];
  const authors = new Map<number, string>();
  if (authorIds.length > 0)
    for (const row of await db
      .select({
        id: usersTable.id,
        first: usersTable.firstName,
        last: usersTable.lastName,
        username: usersTable.username,
      })
      .from(usersTable)
      .where(inArray(usersTable.id, authorIds)))
      authors.set(row.id, fullName(row.first, row.last) || row.username);
  const isOwner = viewer.userType.includes('owner');
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    status: row.status,
    from: { name: row.fromName, address: row.fromAddress },
    to: row.toAddresses,
    cc: row.ccAddresses,
    bcc: isOwner || row.authorId === viewer.id ? row.bccAddresses : [],
    subject: row.subject,
    body_html: row.bodyHtml,
    body_text: row.bodyText,
    author: row.authorId != null ? { id: row.authorId, name: authors.get(row.authorId) ?? '' } : null,
    occurred_at: row.occurredAt.toISOString(),
    send_after: row.sendAfter ? row.sendAfter.toISOString() : null,
    status_detail: row.error ?? row.relayResponse ?? null,
    thread_key: row.threadKey,
    attachments: attachments
      .filter((attachment) => attachment.messageId === row.id)
      .map((attachment) => ({
        id: attachment.id,
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.size,
        url: `/api/messages/${row.id}/attachments/${attachment.id}/`,
      })),
    records: links
      .filter((link) => link.messageId === row.id)
      .map((link) => ({
        type: link.recordType,
        id: link.recordId,
        name: names.get(`${link.recordType}:${link.recordId}`) ?? `${link.recordType} ${link.recordId}`,
      })),
  }));
}
