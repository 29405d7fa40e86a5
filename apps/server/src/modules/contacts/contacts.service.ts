import {
  CONTACT_ERRORS,
  contactDisplayName,
  type Contact,
  type ContactInputParsed,
  type ContactListQuerySchema,
  type SearchContact,
} from '@recruitdesk/contracts/contacts';
import { LEGAL_BASES } from '@recruitdesk/contracts/data-protection-constants';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { requireClientRow, setClientContactColumns, type ClientContactFields } from '../clients/clients.service';
import type { UserRow } from '../users/users.service';
import {
  contactIdsOfClient,
  deleteContactRow,
  findContactWithClient,
  findMainContactRow,
  insertContactRow,
  listContactRows,
  searchContactRows,
  updateContactRow,
  type ContactWithClient,
  insertContactRows,
} from './contacts.repository';
import type { ContactRow } from './contacts.table';

export type { ContactRow } from './contacts.table';
export { contactIdsOfClient };

type Actor = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

const notFound = () => new AppError('CONTACT_NOT_FOUND', 404, CONTACT_ERRORS.CONTACT_NOT_FOUND);

const nameOf = (row: ContactRow) =>
  contactDisplayName({ first_name: row.firstName, last_name: row.lastName, email: row.email });

export function toApiContact({ contact, clientName }: ContactWithClient): Contact {
  return {
    id: contact.id,
    client: { id: contact.clientId, name: clientName },
    first_name: contact.firstName,
    last_name: contact.lastName,
    name: nameOf(contact),
    job_title: contact.jobTitle,
    email: contact.email,
    phone: contact.phone,
    notes: contact.notes,
    left_company: contact.leftCompany,
    legal_basis: LEGAL_BASES.find((basis) => basis === contact.legalBasis) ?? 'legitimate_interest',
    legal_basis_at: contact.legalBasisAt?.toISOString() ?? null,
    legal_basis_expires_at: contact.legalBasisExpiresAt?.toISOString() ?? null,
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}

/** A contact's change, on its own history and (decision 029: scope) on its client's. */
function recordContactEvent(tx: Db, actor: Actor, verb: string, row: ContactRow, summary: string): Promise<void> {
  return recordActivity(tx, {
    actor,
    verb,
    modelType: 'contact',
    objectId: row.id,
    summary,
    scope: { clientId: row.clientId },
  });
}

/** The client's contact columns follow its main contact (decision 104), in the same transaction. */
async function syncClientColumns(tx: Db, clientId: number): Promise<void> {
  const main = await findMainContactRow(tx, clientId);
  await setClientContactColumns(tx, clientId, {
    contactName: main ? `${main.firstName} ${main.lastName}`.trim() : '',
    contactEmail: main?.email ?? '',
    contactPhone: main?.phone ?? '',
  });
}

async function requireContact(db: Db, id: number): Promise<ContactWithClient> {
  const row = await findContactWithClient(db, id);
  if (!row) throw notFound();
  return row;
}

const valuesOf = (input: ContactInputParsed) => ({
  firstName: input.first_name,
  lastName: input.last_name,
  jobTitle: input.job_title,
  email: input.email,
  phone: input.phone,
  notes: input.notes,
  leftCompany: input.left_company,
  legalBasis: input.legal_basis,
});

type ListQuery = z.output<typeof ContactListQuerySchema>;

export async function listContacts(
  deps: Deps,
  actor: UserRow,
  query: ListQuery,
): Promise<{ contacts: Contact[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listContactRows(deps.db, {
    q: query.q || undefined,
    leftCompany: query.left_company === undefined ? undefined : query.left_company === 'true',
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { contacts: rows.map(toApiContact), count };
}

/** GET /api/clients/{id}/contacts/: the client's contacts, those still at the company first. */
export async function listContactsOfClient(
  deps: Deps,
  actor: UserRow,
  clientId: number,
  page: { page: number; page_size: number },
): Promise<{ contacts: Contact[]; count: number }> {
  assertCan(actor, 'records.read');
  await requireClientRow(deps.db, clientId);
  const { rows, count } = await listContactRows(deps.db, {
    clientId,
    ordering: 'created_at',
    limit: page.page_size,
    offset: (page.page - 1) * page.page_size,
  });
  const contacts = rows.map(toApiContact);
  contacts.sort((a, b) => Number(a.left_company) - Number(b.left_company));
  return { contacts, count };
}

export async function getContact(deps: Deps, actor: UserRow, id: number): Promise<Contact> {
  assertCan(actor, 'records.read');
  return toApiContact(await requireContact(deps.db, id));
}

export async function createContact(
  deps: Deps,
  actor: UserRow,
  clientId: number,
  input: ContactInputParsed,
  /** Through POST /api/contacts/ an unknown client is a field error; under /api/clients/{id}/ a 404. */
  clientAsField = false,
): Promise<Contact> {
  assertCan(actor, 'records.write');
  const client = await requireClientRow(deps.db, clientId).catch((error: unknown) => {
    if (clientAsField && error instanceof AppError && error.status === 404)
      throw fieldsError({ client_id: ['Choose an existing client.'] }, 'CLIENT_NOT_FOUND');
    throw error;
  });
  const id = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const row = await insertContactRow(tx, {
      ...valuesOf(input),
      clientId,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordContactEvent(tx, actor, 'created', row, `Added contact ${nameOf(row)} at ${client.name}`);
    await syncClientColumns(tx, clientId);
    return row.id;
  });
  return getContact(deps, actor, id);
}

export async function updateContact(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: ContactInputParsed,
): Promise<Contact> {
  assertCan(actor, 'records.write');
  const existing = await requireContact(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const basisChanged = input.legal_basis !== existing.contact.legalBasis;
    const row = await updateContactRow(tx, id, {
      ...valuesOf(input),
      ...(basisChanged ? { legalBasisAt: now, legalBasisSource: 'manual' } : {}),
      updatedAt: now,
    });
    if (!row) throw notFound();
    const summary =
      row.leftCompany && !existing.contact.leftCompany
        ? `Marked contact ${nameOf(row)} as having left ${existing.clientName}`
        : `Updated contact ${nameOf(row)}`;
    await recordContactEvent(
      tx,
      actor,
      row.leftCompany && !existing.contact.leftCompany ? 'left_company' : 'updated',
      row,
      summary,
    );
    await syncClientColumns(tx, row.clientId);
  });
  return getContact(deps, actor, id);
}

/** Deletes the contact; roles it managed keep no hiring manager (the key sets null). */
export async function deleteContact(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  const { contact, clientName } = await requireContact(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    await deleteContactRow(tx, id);
    await recordContactEvent(tx, actor, 'deleted', contact, `Deleted contact ${nameOf(contact)} at ${clientName}`);
    await syncClientColumns(tx, contact.clientId);
  });
}

/**
 * The client form's single contact fields (decision 104): they create the client's main contact, or
 * update it. Filled into the clients module's slot at start-up; runs in the client's transaction.
 */
export async function applyClientContactFields(
  tx: Db,
  actor: Actor,
  clientId: number,
  fields: ClientContactFields,
): Promise<void> {
  const values = contactValues(fields);
  const main = await findMainContactRow(tx, clientId);
  if (main) {
    const row = await updateContactRow(tx, main.id, { ...values, updatedAt: new Date() });
    if (row) await recordContactEvent(tx, actor, 'updated', row, `Updated contact ${nameOf(row)}`);
    return;
  }
  if (!values.firstName && !values.email && !values.phone) return;
  const row = await insertContactRow(tx, { ...values, clientId, createdById: actor.id });
  await recordContactEvent(tx, actor, 'created', row, `Added contact ${nameOf(row)}`);
}

/** A client's single contact fields split into the contact's name, email and phone. */
function contactValues(fields: ClientContactFields) {
  const name = fields.name.trim();
  const space = name.lastIndexOf(' ');
  const firstName = space > 0 ? name.slice(0, space).trim() : name;
  const lastName = space > 0 ? name.slice(space + 1) : '';
  return { firstName, lastName, email: fields.email.trim(), phone: fields.phone.trim() };
}

/**
 * Clients created by an import: their contact fields become each one's main contact, in one statement in the
 * import's batch transaction (decision 104; the import records its own activity, not one per contact).
 */
export async function insertImportedClientContacts(
  tx: Db,
  clients: Array<{ clientId: number; fields: ClientContactFields }>,
): Promise<void> {
  const rows = clients
    .map(({ clientId, fields }) => ({ clientId, ...contactValues(fields) }))
    .filter((values) => values.firstName || values.email || values.phone);
  await insertContactRows(tx, rows);
}

/** Contacts for the shell search. */
export async function searchContacts(
  deps: Deps,
  actor: UserRow,
  text: string,
  limit: number,
): Promise<SearchContact[]> {
  assertCan(actor, 'records.read');
  const rows = await searchContactRows(deps.db, text, limit);
  return rows.map(({ contact, clientName }) => ({
    id: contact.id,
    name: nameOf(contact),
    job_title: contact.jobTitle,
    left_company: contact.leftCompany,
    client: { id: contact.clientId, name: clientName },
  }));
}

/** Whether every id is a contact of the client; a 400 on `field` otherwise (a role's hiring manager and contacts). */
export async function assertContactsOfClient(db: Db, clientId: number, ids: number[], field: string): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await contactIdsOfClient(db, clientId, unique);
  if (found.length !== unique.length) throw fieldsError({ [field]: [CONTACT_ERRORS.NOT_THE_ROLES_CLIENT] });
}

/** A contact's name and client, for other modules (the role's hiring manager). */
export async function findContactSummary(db: Db, id: number): Promise<{ id: number; name: string } | null> {
  const row = await findContactWithClient(db, id);
  return row ? { id: row.contact.id, name: nameOf(row.contact) } : null;
}
