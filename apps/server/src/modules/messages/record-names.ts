import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { MessageRecordRef } from './message-links.repository';
import type { MessageRecordType } from './messages.table';

export const recordKey = (type: MessageRecordType, id: number) => `${type}:${id}`;

const fullName = (first: string, last: string) => `${first} ${last}`.trim() || '(no name)';

export interface RecordName {
  name: string;
  /** Candidates' and contacts' address ('' for the other types). */
  email: string;
}

/** The names of these records, one query per type present ("candidate:12" -> "Jane Doe"); unknown ids are absent. */
export async function recordNames(db: Db, refs: readonly MessageRecordRef[]): Promise<Map<string, RecordName>> {
  const ids = (type: MessageRecordType) => [
    ...new Set(refs.filter((ref) => ref.recordType === type).map((ref) => ref.recordId)),
  ];
  const names = new Map<string, RecordName>();
  const [candidates, contacts, clients, roles, pipelines] = [
    ids('candidate'),
    ids('contact'),
    ids('client'),
    ids('role'),
    ids('pipeline'),
  ];
  if (candidates.length)
    for (const row of await db
      .select({
        id: candidatesTable.id,
        first: candidatesTable.firstName,
        last: candidatesTable.lastName,
        email: candidatesTable.email,
      })
      .from(candidatesTable)
      .where(inArray(candidatesTable.id, candidates)))
      names.set(recordKey('candidate', row.id), { name: fullName(row.first, row.last), email: row.email });
  if (contacts.length)
    for (const row of await db
      .select({
        id: clientContactsTable.id,
        first: clientContactsTable.firstName,
        last: clientContactsTable.lastName,
        email: clientContactsTable.email,
      })
      .from(clientContactsTable)
      .where(inArray(clientContactsTable.id, contacts)))
      names.set(recordKey('contact', row.id), { name: fullName(row.first, row.last), email: row.email });
  if (clients.length)
    for (const row of await db
      .select({ id: clientsTable.id, name: clientsTable.name })
      .from(clientsTable)
      .where(inArray(clientsTable.id, clients)))
      names.set(recordKey('client', row.id), { name: row.name, email: '' });
  if (roles.length)
    for (const row of await db
      .select({ id: rolesTable.id, name: rolesTable.name })
      .from(rolesTable)
      .where(inArray(rolesTable.id, roles)))
      names.set(recordKey('role', row.id), { name: row.name, email: '' });
  if (pipelines.length)
    for (const row of await db
      .select({
        id: pipelinesTable.id,
        name: sql<string>`${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName} || ' — ' || ${rolesTable.name}`,
      })
      .from(pipelinesTable)
      .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
      .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
      .where(inArray(pipelinesTable.id, pipelines)))
      names.set(recordKey('pipeline', row.id), { name: row.name.trim(), email: '' });
  return names;
}
