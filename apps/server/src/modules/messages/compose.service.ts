import type { ComposeMessageSchema, RecipientInputSchema } from '@recruitdesk/contracts/messages';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isUniqueViolation } from '../../lib/errors';
import { mailFromAddress } from '../../lib/mail';
import { assertCan } from '../../lib/permissions';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { getAgencySettings } from '../settings/settings.service';
import { privacyUrl, unsubscribedAddresses, unsubscribeUrl } from '../unsubscribes/unsubscribes.service';
import { displayName, type UserRow } from '../users/users.service';
import { attachToMessage, prepareCopies, resolveAttachments } from './message-files';
import { escapeHtml, hasLineBreak, headerSafe, htmlToText, sanitizeMessageHtml } from '../../lib/message-html';
import type { MessageRecordRef } from './message-links.repository';
import { messagesTable, type MessageAddressJson, type MessageRow } from './messages.table';
import { queueOutboundMessage } from './outbox';
import { recordNames } from './record-names';

type ComposeInput = z.infer<typeof ComposeMessageSchema>;
type RecipientInput = z.infer<typeof RecipientInputSchema>;
type Field = 'to' | 'cc' | 'bcc';

/** An `Idempotency-Key`: 1 to 200 visible ASCII characters. */
export function parseIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !/^[\x21-\x7e]{1,200}$/.test(key))
    throw new AppError('BAD_IDEMPOTENCY_KEY', 400, 'The Idempotency-Key header must be 1 to 200 visible characters.');
  return key;
}

export async function findByIdempotencyKey(db: Db, authorId: number, key: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messagesTable)
    .where(and(eq(messagesTable.authorId, authorId), eq(messagesTable.idempotencyKey, key)));
  return row;
}

interface Resolved extends MessageAddressJson {
  candidateId?: number;
}

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The recipients' addresses: records' from the records (refusing do-not-contact candidates and contacts who
 * left, 409), typed ones as typed (refusing line breaks in names, and addresses of do-not-contact candidates).
 */
async function resolveRecipients(db: Db, lists: Record<Field, RecipientInput[]>): Promise<Record<Field, Resolved[]>> {
  const all = (Object.entries(lists) as [Field, RecipientInput[]][]).flatMap(([field, items]) =>
    items.map((item) => ({ field, item })),
  );
  const candidateIds = all.flatMap(({ item }) => ('record' in item && item.record === 'candidate' ? [item.id] : []));
  const contactIds = all.flatMap(({ item }) => ('record' in item && item.record === 'contact' ? [item.id] : []));
  const candidates = candidateIds.length
    ? await db.select().from(candidatesTable).where(inArray(candidatesTable.id, candidateIds))
    : [];
  const contacts = contactIds.length
    ? await db.select().from(clientContactsTable).where(inArray(clientContactsTable.id, contactIds))
    : [];
  const result: Record<Field, Resolved[]> = { to: [], cc: [], bcc: [] };
  for (const { field, item } of all) {
    if (!('record' in item)) {
      if (hasLineBreak(item.name) || hasLineBreak(item.address))
        throw fieldsError({ [field]: ['A name or address cannot contain line breaks.'] });
      result[field].push({ name: headerSafe(item.name), address: item.address.trim() });
      continue;
    }
    if (item.record === 'candidate') {
      const candidate = candidates.find((row) => row.id === item.id);
      if (!candidate) throw fieldsError({ [field]: [`Candidate ${item.id} was not found.`] });
      const name = personName(candidate.firstName, candidate.lastName);
      if (candidate.status === 'do_not_contact')
        throw new AppError('DO_NOT_CONTACT', 409, `${name} is marked do not contact: no email can be sent to them.`);
      if (!candidate.email.trim()) throw fieldsError({ [field]: [`${name} has no email address.`] });
      result[field].push({ name: headerSafe(name), address: candidate.email.trim(), candidateId: candidate.id });
    } else {
      const contact = contacts.find((row) => row.id === item.id);
      if (!contact) throw fieldsError({ [field]: [`Contact ${item.id} was not found.`] });
      const name = personName(contact.firstName, contact.lastName);
      if (contact.leftCompany)
        throw new AppError('CONTACT_LEFT', 409, `${name} has left the company: no email can be sent to them.`);
      if (!contact.email.trim()) throw fieldsError({ [field]: [`${name} has no email address.`] });
      result[field].push({ name: headerSafe(name), address: contact.email.trim() });
    }
  }
  // A typed address is still a do-not-contact candidate's.
  const typed = all.flatMap(({ item }) => ('address' in item ? [item.address.trim().toLowerCase()] : []));
  if (typed.length) {
    const [blocked] = await db
      .select({ firstName: candidatesTable.firstName, lastName: candidatesTable.lastName })
      .from(candidatesTable)
      .where(and(inArray(sql`lower(${candidatesTable.email})`, typed), eq(candidatesTable.status, 'do_not_contact')))
      .limit(1);
    if (blocked)
      throw new AppError(
        'DO_NOT_CONTACT',
        409,
        `${personName(blocked.firstName, blocked.lastName)} is marked do not contact: no email can be sent to them.`,
      );
  }
  // One address once: to before cc before bcc.
  const seen = new Set<string>();
  for (const field of ['to', 'cc', 'bcc'] as const)
    result[field] = result[field].filter((item) => {
      const key = item.address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return result;
}

/** The unsubscribe footer: the link of the first candidate the message is to (decision 107). */
function unsubscribeFooter(deps: Deps, appUrl: string, agency: string, recipients: Record<Field, Resolved[]>): string {
  const candidate = [...recipients.to, ...recipients.cc].find((item) => item.candidateId !== undefined);
  if (!candidate) return '';
  const url = unsubscribeUrl(appUrl, deps.config.secretKey, candidate.address);
  // The self-service privacy page (issue 34): see, correct, keep or erase what the agency holds.
  const privacy = privacyUrl(appUrl, deps.config.secretKey, candidate.candidateId!);
  return `<p>—<br>You received this email from ${escapeHtml(agency)}. <a href="${escapeHtml(url)}">Unsubscribe</a> · <a href="${escapeHtml(privacy)}">Your data</a></p>`;
}

async function checkRecords(db: Db, records: ComposeInput['records']): Promise<MessageRecordRef[]> {
  const refs = records.map((record) => ({ recordType: record.type, recordId: record.id }));
  const names = await recordNames(db, refs);
  const missing = refs.find((ref) => !names.has(`${ref.recordType}:${ref.recordId}`));
  if (missing) throw fieldsError({ records: [`The ${missing.recordType} ${missing.recordId} was not found.`] });
  return refs;
}

/** The message this one answers: its thread, In-Reply-To and References. */
async function replyHeaders(db: Db, id: number | undefined) {
  if (id === undefined) return {};
  const [original] = await db.select().from(messagesTable).where(eq(messagesTable.id, id));
  if (!original) throw fieldsError({ in_reply_to_message_id: ['The message you reply to was not found.'] });
  return {
    inReplyTo: original.messageIdHeader,
    references: [...original.referencesHeader, original.messageIdHeader].slice(-20),
    threadKey: original.threadKey,
  };
}

/**
 * POST /api/messages/: the checks, then the message, its links, attachments and `mail.send` job in one
 * transaction. The same `Idempotency-Key` from the same user answers the first message and sends nothing.
 */
export async function composeMessage(
  deps: Deps,
  actor: UserRow,
  input: ComposeInput,
  idempotencyKey: string | null,
  /** Where links in the message point: PUBLIC_URL, or the address the sender reached the app at. */
  appUrl: string = deps.config.publicUrl,
): Promise<{ message: MessageRow; created: boolean }> {
  assertCan(actor, 'records.write');
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(deps.db, actor.id, idempotencyKey);
    if (existing) return { message: existing, created: false };
  }
  if (hasLineBreak(input.subject)) throw fieldsError({ subject: ['The subject cannot contain line breaks.'] });
  const recipients = await resolveRecipients(deps.db, { to: input.to, cc: input.cc, bcc: input.bcc });
  const everyone = [...recipients.to, ...recipients.cc, ...recipients.bcc].map((item) => item.address);
  const unsubscribed = await unsubscribedAddresses(deps.db, everyone);
  if (unsubscribed.size > 0) {
    const named = [...unsubscribed].sort();
    throw new AppError(
      'UNSUBSCRIBED',
      400,
      `These addresses unsubscribed from the agency's emails: ${named.join(', ')}.`,
      {
        extra: { addresses: named },
      },
    );
  }
  const records = await checkRecords(deps.db, input.records);
  const reply = await replyHeaders(deps.db, input.in_reply_to_message_id);
  const attachments = await resolveAttachments(deps.db, actor.id, input.attachments);
  const agency = (await getAgencySettings(deps.db)).agency_name;

  const signature = sanitizeMessageHtml(actor.emailSignature);
  const bodyHtml = [
    sanitizeMessageHtml(input.body_html),
    signature ? `<div>-- <br>${signature}</div>` : '',
    unsubscribeFooter(deps, appUrl, agency, recipients),
  ]
    .filter(Boolean)
    .join('\n');
  const now = deps.config.now();
  const sendAfter = input.send_after && new Date(input.send_after) > now ? new Date(input.send_after) : null;
  const copies = await prepareCopies(deps, attachments);
  const strip = (items: Resolved[]) => items.map(({ name, address }) => ({ name, address }));
  try {
    const message = await inTransaction(deps.db, async (tx) => {
      const row = await queueOutboundMessage(tx, deps.jobs, {
        authorId: actor.id,
        fromName: headerSafe(`${displayName(actor)} (${agency})`),
        fromAddress: mailFromAddress(deps.config.mailFrom),
        to: strip(recipients.to),
        cc: strip(recipients.cc),
        bcc: strip(recipients.bcc),
        subject: headerSafe(input.subject),
        bodyHtml,
        bodyText: htmlToText(bodyHtml),
        records,
        sendAfter,
        idempotencyKey,
        ...reply,
      });
      await attachToMessage(tx, row.id, attachments, copies);
      return row;
    });
    return { message, created: true };
  } catch (error) {
    await Promise.all([...copies.values()].map((key) => deps.storage.delete(key).catch(() => undefined)));
    // Two requests with one key at once: the second answers the first's message.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(deps.db, actor.id, idempotencyKey);
      if (existing) return { message: existing, created: false };
    }
    throw error;
  }
}
