import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { messageLinksTable, type MessageRecordType } from './messages.table';

export interface MessageRecordRef {
  recordType: MessageRecordType;
  recordId: number;
}

/**
 * The records an address list belongs to: candidates and client contacts by email (case-insensitive), and each
 * contact's client. Shared by sending (the recipients) and mailbox sync (sender and recipients).
 */
export async function recordsForAddresses(db: Db, addresses: readonly string[]): Promise<MessageRecordRef[]> {
  const lowered = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (lowered.length === 0) return [];
  const [candidates, contacts] = [
    await db
      .select({ id: candidatesTable.id })
      .from(candidatesTable)
      .where(inArray(sql`lower(${candidatesTable.email})`, lowered)),
    await db
      .select({ id: clientContactsTable.id, clientId: clientContactsTable.clientId })
      .from(clientContactsTable)
      .where(inArray(sql`lower(${clientContactsTable.email})`, lowered)),
  ];
  return [
    ...candidates.map((row) => ({ recordType: 'candidate' as const, recordId: row.id })),
    ...contacts.map((row) => ({ recordType: 'contact' as const, recordId: row.id })),
    ...[...new Set(contacts.map((row) => row.clientId))].map((id) => ({ recordType: 'client' as const, recordId: id })),
  ];
}

/** Puts a message on the timelines of these records (a link already there is kept). */
export async function linkMessage(
  db: Db,
  messageId: number,
  occurredAt: Date,
  records: readonly MessageRecordRef[],
): Promise<void> {
  const unique = new Map(records.map((record) => [`${record.recordType}:${record.recordId}`, record]));
  if (unique.size === 0) return;
  await db
    .insert(messageLinksTable)
    .values([...unique.values()].map((record) => ({ messageId, occurredAt, ...record })))
    .onConflictDoNothing();
}
