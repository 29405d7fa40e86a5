// The records a draft request is about: the ids the compose window was opened with first, then names found in
// the request's words (the assistant's find_records search: trigram word similarity, typo-tolerant).
import type { DraftRequest } from '@recruitdesk/contracts/drafts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findNamedRecords, isCommonWord, type FoundRecord } from '../assistant/assistant.service';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { UserRow } from '../users/users.service';
import type { Deps } from '../../lib/deps';

export type CandidateFacts = typeof candidatesTable.$inferSelect;
export type RoleFacts = typeof rolesTable.$inferSelect;
export type ClientFacts = typeof clientsTable.$inferSelect;
export type ContactFacts = typeof clientContactsTable.$inferSelect;

export interface DraftRecords {
  candidate: CandidateFacts | null;
  role: RoleFacts | null;
  client: ClientFacts | null;
  contact: ContactFacts | null;
  pipelineId: number | null;
}

const notFound = (what: string) => new AppError('NOT_FOUND', 404, `No such ${what}.`);

async function byId<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw notFound(what);
  return row;
}

/** The phrases of the request a name could be: runs of up to four words that are not all common words. */
export function namePhrases(request: string): string[] {
  const words = request
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#'’-]+/u)
    .map((word) => word.replace(/['’]s$/, ''))
    .filter(Boolean);
  const phrases = new Set<string>();
  for (let size = 1; size <= 4; size += 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const run = words.slice(start, start + size);
      if (run.every((word) => isCommonWord(word) || word.length < 2)) continue;
      if (isCommonWord(run[0]!) || isCommonWord(run[run.length - 1]!)) continue;
      phrases.add(run.join(' '));
    }
  }
  return [...phrases].slice(0, 40);
}

/** The best match of a kind: highest score, then the most of the name covered, then the lowest id. */
function best(found: FoundRecord[], kind: FoundRecord['kind']): FoundRecord | null {
  return (
    found
      .filter((record) => record.kind === kind && record.score >= 0.75 && record.coverage >= 0.5)
      .sort((a, b) => b.score - a.score || b.coverage - a.coverage || a.id - b.id)[0] ?? null
  );
}

async function findByName(deps: Deps, user: UserRow, request: string, kinds: Array<'candidate' | 'role' | 'client'>) {
  const phrases = namePhrases(request).filter((phrase) => phrase.length >= 2);
  if (!phrases.length || !kinds.length) return [];
  return findNamedRecords(deps, user, kinds, phrases);
}

/** The records of the request; a named id that does not exist is 404, a name that matches nothing is left null. */
export async function resolveDraftRecords(deps: Deps, user: UserRow, input: DraftRequest): Promise<DraftRecords> {
  const db: Db = deps.db;
  const records: DraftRecords = { candidate: null, role: null, client: null, contact: null, pipelineId: null };
  if (input.pipeline_id) {
    const pipeline = await byId(
      db.select().from(pipelinesTable).where(eq(pipelinesTable.id, input.pipeline_id)),
      'pipeline',
    );
    records.pipelineId = pipeline.id;
    input = {
      ...input,
      candidate_id: input.candidate_id ?? pipeline.candidateId,
      role_id: input.role_id ?? pipeline.roleId,
    };
  }
  if (input.candidate_id)
    records.candidate = await byId(
      db.select().from(candidatesTable).where(eq(candidatesTable.id, input.candidate_id)),
      'candidate',
    );
  if (input.role_id)
    records.role = await byId(db.select().from(rolesTable).where(eq(rolesTable.id, input.role_id)), 'role');
  if (input.contact_id)
    records.contact = await byId(
      db.select().from(clientContactsTable).where(eq(clientContactsTable.id, input.contact_id)),
      'contact',
    );
  const clientId = input.client_id ?? records.role?.clientId ?? records.contact?.clientId;
  if (clientId)
    records.client = await byId(db.select().from(clientsTable).where(eq(clientsTable.id, clientId)), 'client');

  const missing = (['candidate', 'role', 'client'] as const).filter((kind) => !records[kind]);
  const found = await findByName(deps, user, input.request, missing);
  const candidate = best(found, 'candidate');
  if (!records.candidate && candidate)
    records.candidate = await byId(
      db.select().from(candidatesTable).where(eq(candidatesTable.id, candidate.id)),
      'candidate',
    );
  const role = best(found, 'role');
  if (!records.role && role)
    records.role = await byId(db.select().from(rolesTable).where(eq(rolesTable.id, role.id)), 'role');
  const client = best(found, 'client');
  const namedClientId = records.role?.clientId ?? client?.id;
  if (!records.client && namedClientId)
    records.client = await byId(db.select().from(clientsTable).where(eq(clientsTable.id, namedClientId)), 'client');
  if (!records.pipelineId && records.candidate && records.role) {
    const [pipeline] = await db
      .select({ id: pipelinesTable.id })
      .from(pipelinesTable)
      .where(and(eq(pipelinesTable.candidateId, records.candidate.id), eq(pipelinesTable.roleId, records.role.id)));
    records.pipelineId = pipeline?.id ?? null;
  }
  return records;
}

/**
 * Whom a message about a role goes to at its client: the role's hiring manager, else the client's contacts who
 * manage its open roles, else its first contact still there.
 */
export async function clientRecipients(db: Db, client: ClientFacts, role: RoleFacts | null): Promise<ContactFacts[]> {
  const contacts = await db
    .select()
    .from(clientContactsTable)
    .where(and(eq(clientContactsTable.clientId, client.id), eq(clientContactsTable.leftCompany, false)))
    .orderBy(asc(clientContactsTable.id));
  const withEmail = contacts.filter((contact) => contact.email);
  if (role?.hiringManagerContactId) {
    const manager = withEmail.find((contact) => contact.id === role.hiringManagerContactId);
    if (manager) return [manager];
  }
  if (!role) {
    const managerIds = (
      await db
        .select({ id: rolesTable.hiringManagerContactId })
        .from(rolesTable)
        .where(and(eq(rolesTable.clientId, client.id), eq(rolesTable.state, 'open')))
    )
      .map((row) => row.id)
      .filter((value): value is number => value !== null);
    const managers = withEmail.filter((contact) => managerIds.includes(contact.id));
    if (managers.length) return managers;
  }
  return withEmail.slice(0, 1);
}

export async function contactsById(db: Db, ids: number[]): Promise<ContactFacts[]> {
  if (!ids.length) return [];
  return db.select().from(clientContactsTable).where(inArray(clientContactsTable.id, ids));
}
