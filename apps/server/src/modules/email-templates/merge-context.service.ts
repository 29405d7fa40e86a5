import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/errors';
import { candidatesTable, type CandidateRow } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable, type ContactRow } from '../contacts/contacts.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { getAgencySettings } from '../settings/settings.service';
import { privacyUrl, unsubscribeUrl } from '../unsubscribes/unsubscribes.service';
import type { UserRow } from '../users/users.service';
import type { MergeContext } from './merge.service';

// The merge values for one message, read from real records: a pipeline gives its candidate, role and client;
// a role gives its client; a contact gives its client when no role does; the acting user is the recruiter.

export interface MergeRecords {
  candidateId?: number;
  contactId?: number;
  roleId?: number;
  pipelineId?: number;
}

/** What the agency-wide and sender fields need, read once for many messages (a bulk send). */
export interface SenderFields {
  recruiter: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'username'>;
  signature: string;
  agencyName: string;
}

export type MergeCandidate = Pick<
  CandidateRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'currentTitle' | 'currentCompany' | 'status'
> &
  /** "Do not process" (issue 34): bulk email and sequences leave the candidate out. Absent: not restricted. */
  Partial<Pick<CandidateRow, 'processingRestricted'>>;

const notFound = (what: string, field: string) =>
  new AppError('RECORD_NOT_FOUND', 400, `The ${what} does not exist.`, {
    fields: { [field]: [`Choose an existing ${what}.`] },
  });

/**
 * The user's email signature (HTML). Read defensively: the outbox helper adds `users.email_signature`; on a
 * database without the column this reads '' (the signature is the one merge field that may be empty).
 */
export async function readSignature(db: Db, userId: number): Promise<string> {
  const rows = rowsOf<{ signature: string | null }>(
    await db.execute(sql`SELECT to_jsonb(u) ->> 'email_signature' AS signature FROM users u WHERE u.id = ${userId}`),
  );
  return rows[0]?.signature ?? '';
}

export async function senderFields(db: Db, actor: SenderFields['recruiter']): Promise<SenderFields> {
  const [signature, settings] = [await readSignature(db, actor.id), await getAgencySettings(db)];
  return { recruiter: actor, signature, agencyName: settings.agency_name };
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

export function candidateFields(candidate: MergeCandidate): MergeContext {
  return {
    'candidate.first_name': candidate.firstName,
    'candidate.last_name': candidate.lastName,
    'candidate.full_name': fullName(candidate.firstName, candidate.lastName),
    'candidate.email': candidate.email,
    'candidate.current_title': candidate.currentTitle,
    'candidate.current_company': candidate.currentCompany,
  };
}

export function contactFields(contact: Pick<ContactRow, 'firstName' | 'lastName' | 'jobTitle'>): MergeContext {
  return {
    'contact.first_name': contact.firstName,
    'contact.last_name': contact.lastName,
    'contact.full_name': fullName(contact.firstName, contact.lastName),
    'contact.job_title': contact.jobTitle,
  };
}

export function senderContext(sender: SenderFields): MergeContext {
  const { recruiter } = sender;
  return {
    'recruiter.first_name': recruiter.firstName,
    'recruiter.full_name': fullName(recruiter.firstName, recruiter.lastName) || recruiter.username,
    'recruiter.email': recruiter.email,
    'recruiter.signature': sender.signature,
    'agency.name': sender.agencyName,
  };
}

/** The role's and its client's fields. */
export async function roleFields(db: Db, roleId: number): Promise<MergeContext & { clientId: number }> {
  const [row] = await db
    .select({
      title: rolesTable.name,
      location: rolesTable.location,
      clientId: rolesTable.clientId,
      client: clientsTable.name,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(rolesTable.id, roleId))
    .limit(1);
  if (!row) throw notFound('role', 'role_id');
  return { 'role.title': row.title, 'role.location': row.location, 'client.name': row.client, clientId: row.clientId };
}

/** Every merge value the records give, with the unsubscribe link of the address the message goes to. */
export async function loadMergeContext(
  db: Db,
  config: { publicUrl: string; secretKey: string },
  sender: SenderFields,
  records: MergeRecords,
): Promise<MergeContext> {
  let { candidateId, roleId } = records;
  if (records.pipelineId !== undefined) {
    const [pipeline] = await db
      .select({ candidateId: pipelinesTable.candidateId, roleId: pipelinesTable.roleId })
      .from(pipelinesTable)
      .where(eq(pipelinesTable.id, records.pipelineId))
      .limit(1);
    if (!pipeline) throw notFound('pipeline', 'pipeline_id');
    candidateId ??= pipeline.candidateId;
    roleId ??= pipeline.roleId;
  }
  const context: MergeContext = senderContext(sender);
  let recipient = '';
  if (roleId !== undefined) {
    const { clientId: _clientId, ...fields } = await roleFields(db, roleId);
    Object.assign(context, fields);
  }
  if (records.contactId !== undefined) {
    const [row] = await db
      .select({ contact: clientContactsTable, client: clientsTable.name })
      .from(clientContactsTable)
      .innerJoin(clientsTable, eq(clientsTable.id, clientContactsTable.clientId))
      .where(eq(clientContactsTable.id, records.contactId))
      .limit(1);
    if (!row) throw notFound('contact', 'contact_id');
    Object.assign(context, contactFields(row.contact));
    context['client.name'] ??= row.client;
    recipient = row.contact.email;
  }
  if (candidateId !== undefined) {
    const [candidate] = await db.select().from(candidatesTable).where(eq(candidatesTable.id, candidateId)).limit(1);
    if (!candidate) throw notFound('candidate', 'candidate_id');
    Object.assign(context, candidateFields(candidate));
    recipient ||= candidate.email;
    context.privacy_url = privacyUrl(config.publicUrl, config.secretKey, candidate.id);
  }
  if (recipient) context.unsubscribe_url = unsubscribeUrl(config.publicUrl, config.secretKey, recipient);
  return context;
}
