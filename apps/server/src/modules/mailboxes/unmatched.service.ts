import { CandidateInputSchema } from '@recruitdesk/contracts/candidates';
import type { AttachMessageSchema } from '@recruitdesk/contracts/mailboxes';
import type { Message } from '@recruitdesk/contracts/messages';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError, ERROR_MESSAGES } from '../../lib/errors';
import { forbidden } from '../../lib/permissions';
import { createCandidate } from '../candidates/candidates.service';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { linkMessage } from '../messages/outbox.service';
import { toMessageViews } from '../messages/messages.service';
import { messageLinksTable, messagesTable, type MessageRecordType } from '../messages/messages.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { UserRow } from '../users/users.service';
import { mailboxesTable, mailboxMessagesTable } from './mailboxes.table';

const has = (actor: Pick<UserRow, 'userType'>, ...types: string[]) =>
  actor.userType.some((type) => types.includes(type));

function assertUnmatchedUser(actor: UserRow): void {
  if (!has(actor, 'owner', 'superuser', 'recruiter')) throw forbidden();
}

/**
 * Synced messages this user may triage: owners and superusers every one; a recruiter those that came through
 * a shared mailbox or their own (another recruiter's personal mail stays theirs).
 */
function triageable(actor: UserRow): SQL | undefined {
  if (has(actor, 'owner', 'superuser')) return undefined;
  return sql`exists (select 1 from ${mailboxMessagesTable} join ${mailboxesTable} on ${mailboxesTable.id} = ${mailboxMessagesTable.mailboxId}
        where ${mailboxMessagesTable.messageId} = ${messagesTable.id}
        and (${mailboxesTable.kind} = 'shared' or ${mailboxesTable.ownerId} = ${actor.id}))`;
}

const unlinked = sql`not exists (select 1 from ${messageLinksTable} where ${messageLinksTable.messageId} = ${messagesTable.id})`;

/** GET /api/messages/unmatched/: inbound messages no record claimed, newest first. */
export async function listUnmatched(
  deps: Deps,
  actor: UserRow,
  query: { page: number; page_size: number },
): Promise<{ results: Message[]; count: number }> {
  assertUnmatchedUser(actor);
  const where = and(eq(messagesTable.direction, 'inbound'), unlinked, triageable(actor));
  const [counted] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messagesTable)
    .where(where);
  const rows = await deps.db
    .select()
    .from(messagesTable)
    .where(where)
    .orderBy(desc(messagesTable.occurredAt), desc(messagesTable.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { results: await toMessageViews(deps.db, rows, actor), count: Number(counted?.count ?? 0) };
}

const RECORD_TABLES = {
  candidate: candidatesTable,
  contact: clientContactsTable,
  client: clientsTable,
  role: rolesTable,
  pipeline: pipelinesTable,
} as const;

async function recordExists(db: Db, type: MessageRecordType, id: number): Promise<boolean> {
  const table = RECORD_TABLES[type];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return !!row;
}

/** Splits "Jane Q. Doe" into first and last name; an empty name falls back to the address's local part. */
export function nameFromSender(name: string, address: string): { first: string; last: string } {
  const words = name.replace(/["<>]/g, ' ').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2)
    return { first: words.slice(0, -1).join(' ').slice(0, 100), last: words.at(-1)!.slice(0, 100) };
  const local = address.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  if (words.length === 1)
    return { first: words[0]!.slice(0, 100), last: (parts.length >= 2 ? parts.at(-1)! : '-').slice(0, 100) };
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return parts.length >= 2
    ? { first: cap(parts[0]!).slice(0, 100), last: cap(parts.at(-1)!).slice(0, 100) }
    : { first: cap(local || 'Unknown').slice(0, 100), last: '-' };
}

/** POST /api/messages/{id}/attach/: puts the message (and the rest of its unmatched thread) on a record. */
export async function attachMessage(
  deps: Deps,
  actor: UserRow,
  messageId: number,
  input: z.output<typeof AttachMessageSchema>,
): Promise<{ message: Message; candidateId: number | null }> {
  assertUnmatchedUser(actor);
  const [message] = await deps.db
    .select()
    .from(messagesTable)
    .where(and(eq(messagesTable.id, messageId), triageable(actor)));
  if (
    !message ||
    !(await deps.db.select().from(mailboxMessagesTable).where(eq(mailboxMessagesTable.messageId, messageId))).length
  )
    throw new AppError('NOT_FOUND', 404, ERROR_MESSAGES.notFound);
  let candidateId: number | null = null;
  let record: { recordType: MessageRecordType; recordId: number };
  if ('create_candidate' in input) {
    const address = message.direction === 'inbound' ? message.fromAddress : (message.toAddresses[0]?.address ?? '');
    const name = message.direction === 'inbound' ? message.fromName : (message.toAddresses[0]?.name ?? '');
    const { first, last } = nameFromSender(name, address);
    const parsed = CandidateInputSchema.safeParse({
      first_name: first,
      last_name: last,
      email: address,
      source: 'Email',
    });
    if (!parsed.success) throw new AppError('VALIDATION_ERROR', 400, 'The sender cannot be made a candidate.');
    const created = await createCandidate(deps, actor, parsed.data);
    candidateId = created.candidate.id;
    record = { recordType: 'candidate', recordId: candidateId };
  } else {
    if (!(await recordExists(deps.db, input.type, input.id)))
      throw new AppError('NOT_FOUND', 404, 'That record does not exist.');
    record = { recordType: input.type, recordId: input.id };
  }
  // The rest of the conversation that no record claimed yet goes with it.
  const thread = await deps.db
    .select({ id: messagesTable.id, occurredAt: messagesTable.occurredAt })
    .from(messagesTable)
    .where(and(eq(messagesTable.threadKey, message.threadKey), or(eq(messagesTable.id, message.id), unlinked)));
  for (const row of thread) await linkMessage(deps.db, row.id, row.occurredAt, [record]);
  const [view] = await toMessageViews(deps.db, [message], actor);
  return { message: view!, candidateId };
}
