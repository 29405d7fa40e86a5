import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { MessageRecordRef } from './message-links.repository';
import { MESSAGE_RECORD_TYPES, type MessageRecordType } from './messages.table';

export const recordKey = (type: MessageRecordType, id: number) => `${type}:${id}`;

export interface RecordName {
  name: string;
  /** Candidates' and contacts' address ('' for the other types). */
  email: string;
}

type Lookup = (db: Db, ids: number[]) => Promise<{ id: number; name: string; email: string }[]>;

const personName = (first: SQL, last: SQL) =>
  sql<string>`coalesce(nullif(trim(${first} || ' ' || ${last}), ''), '(no name)')`;

/** One query per record type: its records' names (and addresses) by id. */
const LOOKUPS: Record<MessageRecordType, Lookup> = {
  candidate: (db, ids) =>
    db
      .select({
        id: candidatesTable.id,
        name: personName(sql`${candidatesTable.firstName}`, sql`${candidatesTable.lastName}`),
        email: candidatesTable.email,
      })
      .from(candidatesTable)
      .where(inArray(candidatesTable.id, ids)),
  contact: (db, ids) =>
    db
      .select({
        id: clientContactsTable.id,
        name: personName(sql`${clientContactsTable.firstName}`, sql`${clientContactsTable.lastName}`),
        email: clientContactsTable.email,
      })
      .from(clientContactsTable)
      .where(inArray(clientContactsTable.id, ids)),
  client: (db, ids) =>
    db
      .select({ id: clientsTable.id, name: clientsTable.name, email: sql<string>`''` })
      .from(clientsTable)
      .where(inArray(clientsTable.id, ids)),
  role: (db, ids) =>
    db
      .select({ id: rolesTable.id, name: rolesTable.name, email: sql<string>`''` })
      .from(rolesTable)
      .where(inArray(rolesTable.id, ids)),
  pipeline: (db, ids) =>
    db
      .select({
        id: pipelinesTable.id,
        name: sql<string>`trim(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}) || ' — ' || ${rolesTable.name}`,
        email: sql<string>`''`,
      })
      .from(pipelinesTable)
      .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
      .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
      .where(inArray(pipelinesTable.id, ids)),
};

/** The names of these records, one query per type present ("candidate:12" -> "Jane Doe"); unknown ids are absent. */
export async function recordNames(db: Db, refs: readonly MessageRecordRef[]): Promise<Map<string, RecordName>> {
  const names = new Map<string, RecordName>();
  for (const type of MESSAGE_RECORD_TYPES) {
    const ids = [...new Set(refs.filter((ref) => ref.recordType === type).map((ref) => ref.recordId))];
    if (ids.length === 0) continue;
    for (const row of await LOOKUPS[type](db, ids))
      names.set(recordKey(type, row.id), { name: row.name, email: row.email });
  }
  return names;
}
