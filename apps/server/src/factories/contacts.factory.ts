import type { Db } from '../db/client';
import { insertContactRow, insertContactRows } from '../modules/contacts/contacts.repository';
import type { ContactRow, NewContactRow } from '../modules/contacts/contacts.table';

let sequence = 0;

/** A contact row at the client (a unique email unless given). */
export function insertContact(db: Db, overrides: Partial<NewContactRow> & { clientId: number }): Promise<ContactRow> {
  sequence += 1;
  return insertContactRow(db, {
    firstName: 'Hana',
    lastName: `Manager${sequence}`,
    jobTitle: 'Engineering Manager',
    email: `hana.${sequence}.${Date.now().toString(36)}@client.test`,
    phone: '+1 206 555 0199',
    ...overrides,
  });
}

export function insertContacts(db: Db, rows: NewContactRow[]): Promise<ContactRow[]> {
  return insertContactRows(db, rows);
}
