import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { linkMessage, type MessageRecordRef } from '../messages/outbox.service';
import {
  messageAttachmentsTable,
  messageLinksTable,
  messagesTable,
  type MessageAddressJson,
  type MessageRow,
} from '../messages/messages.table';
import { notifyUsers } from '../notifications/notifications.service';
import { stopSequencesOnReply, type StoppedByReply } from '../sequences/sequences.service';
import { usersTable } from '../users/users.table';
import { mailboxesTable, mailboxMessagesTable } from './mailboxes.table';

/** What storing one fetched message did (the sync counts them; tests read them). */
export type InboundOutcome = 'stored' | 'already-stored' | 'confirmed-sent' | 'bounce' | 'own-domains' | 'unparseable';

/** Public mail providers: a colleague's address there makes the address ours, never the whole domain. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
]);

/** The agency's own addresses: staff users' and connected mailboxes', and their domains (public providers' aside). */
export interface AgencyAddresses {
  domains: Set<string>;
  addresses: Set<string>;
}

/**
 * Mail whose every address is the agency's (colleagues writing to each other) is not logged (docs/email.md
 * "Receiving"): an address is the agency's when it is a staff user's or a mailbox's, or in one of their domains
 * unless that domain is a public mail provider's.
 */
export async function agencyAddresses(db: Db): Promise<AgencyAddresses> {
  const rows = [
    ...(await db.select({ email: usersTable.email }).from(usersTable)),
    ...(await db.select({ email: mailboxesTable.email }).from(mailboxesTable)),
  ];
  const addresses = new Set(rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean));
  const domains = new Set([...addresses].map(domainOf).filter((domain) => domain && !PUBLIC_MAIL_DOMAINS.has(domain)));
  return { domains, addresses };
}

const domainOf = (address: string) => address.trim().toLowerCase().split('@')[1] ?? '';

/** Header text as stored: one line, no control characters (a name with CR/LF stays one line of text). */
const oneLine = (value: string | undefined | null, max = 998) =>
  (value ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max);

function addressesOf(field: AddressObject | AddressObject[] | undefined): MessageAddressJson[] {
  const out: MessageAddressJson[] = [];
  const visit = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address)
        out.push({ name: oneLine(entry.name, 200), address: oneLine(entry.address, 254).toLowerCase() });
    }
  };
  for (const object of [field ?? []].flat()) visit(object.value);
  return out.slice(0, 500);
}

/** A Message-ID without angle brackets; one made from the content when the message has none. */
const bareId = (value: string) => oneLine(value, 500).replace(/^<|>$/g, '');
const idsIn = (value: string | string[] | undefined): string[] =>
  [value ?? []]
    .flat()
    .flatMap((entry) => entry.match(/<[^<>\s]+>/g) ?? [entry])
    .map(bareId)
    .filter(Boolean);

/** The original Message-ID a delivery report (multipart/report; report-type=delivery-status) is about. */
function bouncedMessageId(parsed: ParsedMail, raw: Buffer): { messageId: string; detail: string } | null {
  const type = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report') return null;
  if ((type.params?.['report-type'] ?? '').toLowerCase() !== 'delivery-status') return null;
  let status = '';
  let original = '';
  for (const part of parsed.attachments) {
    const kind = part.contentType.toLowerCase();
    const text = part.content.toString('utf8');
    if (kind === 'message/delivery-status') status = text;
    if (kind === 'message/rfc822' || kind === 'text/rfc822-headers' || kind === 'message/rfc822-headers')
      original = text;
  }
  // The parser may keep the report parts as text rather than attachments: then read them from the source.
  const source = raw.subarray(0, 256 * 1024).toString('utf8');
  if (!status) status = source;
  if (!original) original = source.slice(source.search(/\r?\n\r?\n/) + 1).replace(/^[\s\S]*?(?=^message-id:)/im, '');
  const headerBlock = original.split(/\r?\n\r?\n/)[0] ?? '';
  const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(headerBlock)?.[1];
  if (!id) return null;
  if (status && !/^action:\s*failed/im.test(status)) return null;
  const diagnostic = /^diagnostic-code:\s*(.+)$/im.exec(status)?.[1] ?? /^status:\s*(.+)$/im.exec(status)?.[1] ?? '';
  return { messageId: bareId(id), detail: oneLine(diagnostic, 500) || 'The message bounced.' };
}

const safeFilename = (name: string | undefined, index: number) =>
  (oneLine(name, 200).replace(/[/\\]/g, '_') || `attachment-${index + 1}`).slice(0, 200);

export interface InboundContext {
  deps: Deps;
  mailboxId: number;
  own: AgencyAddresses;
}

/** What one batch knows before storing its messages: fewer queries per message (bench:mail). */
interface BatchLookups {
  /** Message-IDs of the batch already stored. */
  existing: Set<string>;
  /** Records by lowercased address (candidates and contacts, and the contacts' clients). */
  records: Map<string, MessageRecordRef[]>;
}

const parseRaw = async (raw: Buffer): Promise<ParsedMail | null> => {
  try {
    return await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: 2_000_000 });
  } catch {
    return null;
  }
};

const messageIdOf = (parsed: ParsedMail, raw: Buffer) =>
  idsIn(parsed.messageId)[0] ??
  `${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@synced.recruitdesk.invalid`;

/** Records per address, in two queries for a whole batch. */
async function recordsByAddress(db: Db, addresses: string[]): Promise<Map<string, MessageRecordRef[]>> {
  const lowered = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  const map = new Map<string, MessageRecordRef[]>();
  if (lowered.length === 0) return map;
  const add = (address: string, ref: MessageRecordRef) => map.set(address, [...(map.get(address) ?? []), ref]);
  for (const row of await db
    .select({ id: candidatesTable.id, email: sql<string>`lower(${candidatesTable.email})` })
    .from(candidatesTable)
    .where(inArray(sql`lower(${candidatesTable.email})`, lowered)))
    add(row.email, { recordType: 'candidate', recordId: row.id });
  for (const row of await db
    .select({
      id: clientContactsTable.id,
      clientId: clientContactsTable.clientId,
      email: sql<string>`lower(${clientContactsTable.email})`,
    })
    .from(clientContactsTable)
    .where(inArray(sql`lower(${clientContactsTable.email})`, lowered))) {
    add(row.email, { recordType: 'contact', recordId: row.id });
    add(row.email, { recordType: 'client', recordId: row.clientId });
  }
  return map;
}

/**
 * Stores raw messages fetched from a mailbox, in order (idempotent: the Message-ID is unique, so the same mail
 * from two mailboxes or a second sync is stored once). See docs/email.md "Receiving" for the rules.
 */
export async function storeInboundBatch(
  ctx: InboundContext,
  items: { raw: Buffer; arrivedAt: Date | null }[],
): Promise<InboundOutcome[]> {
  const parsed = [];
  for (const item of items) parsed.push(await parseRaw(item.raw));
  const ids = parsed.flatMap((mail, index) => (mail ? [messageIdOf(mail, items[index]!.raw)] : []));
  const existing = ids.length
    ? await ctx.deps.db
        .select({ id: messagesTable.messageIdHeader })
        .from(messagesTable)
        .where(inArray(messagesTable.messageIdHeader, ids))
    : [];
  const addresses = parsed.flatMap((mail) =>
    mail
      ? [...addressesOf(mail.from), ...addressesOf(mail.to), ...addressesOf(mail.cc)].map((entry) => entry.address)
      : [],
  );
  const lookups: BatchLookups = {
    existing: new Set(existing.map((row) => row.id)),
    records: await recordsByAddress(ctx.deps.db, addresses),
  };
  const outcomes: InboundOutcome[] = [];
  for (const [index, mail] of parsed.entries())
    outcomes.push(
      mail ? await storeParsed(ctx, mail, items[index]!.raw, items[index]!.arrivedAt, lookups) : 'unparseable',
    );
  return outcomes;
}

/** One message (a batch of one). */
export async function storeInboundMessage(
  ctx: InboundContext,
  raw: Buffer,
  arrivedAt: Date | null,
): Promise<InboundOutcome> {
  return (await storeInboundBatch(ctx, [{ raw, arrivedAt }]))[0]!;
}

async function storeParsed(
  ctx: InboundContext,
  parsed: ParsedMail,
  raw: Buffer,
  arrivedAt: Date | null,
  lookups: BatchLookups,
): Promise<InboundOutcome> {
  const { deps, mailboxId, own } = ctx;
  const db = deps.db;
  const messageIdHeader = messageIdOf(parsed, raw);

  // Our own outbound message seen in the Sent folder (or a Bcc copy): the relay took it.
  const [existing] = lookups.existing.has(messageIdHeader)
    ? await db.select().from(messagesTable).where(eq(messagesTable.messageIdHeader, messageIdHeader))
    : [];
  if (existing) {
    await db.insert(mailboxMessagesTable).values({ mailboxId, messageId: existing.id }).onConflictDoNothing();
    if (existing.direction === 'outbound' && (existing.status === 'unconfirmed' || existing.status === 'sending')) {
      await db
        .update(messagesTable)
        .set({ status: 'sent', updatedAt: deps.config.now() })
        .where(and(eq(messagesTable.id, existing.id), inArray(messagesTable.status, ['unconfirmed', 'sending'])));
      return 'confirmed-sent';
    }
    return 'already-stored';
  }

  const bounce = bouncedMessageId(parsed, raw);
  if (bounce) {
    await db
      .update(messagesTable)
      .set({ status: 'bounced', error: bounce.detail, updatedAt: deps.config.now() })
      .where(and(eq(messagesTable.messageIdHeader, bounce.messageId), eq(messagesTable.direction, 'outbound')));
    return 'bounce';
  }

  const from = addressesOf(parsed.from)[0] ?? { name: '', address: '' };
  const to = addressesOf(parsed.to);
  const cc = addressesOf(parsed.cc);
  const everyone = [from, ...to, ...cc].filter((entry) => entry.address);
  const isOwn = (address: string) => own.addresses.has(address) || own.domains.has(domainOf(address));
  if (everyone.length > 0 && everyone.every((entry) => isOwn(entry.address))) return 'own-domains';
  const direction = from.address && isOwn(from.address) ? 'outbound' : 'inbound';

  // The thread: the message it answers (In-Reply-To, else the newest of References we have).
  const inReplyTo = idsIn(parsed.inReplyTo)[0] ?? null;
  const references = idsIn(parsed.references).slice(-100);
  const parentIds = [...new Set([inReplyTo, ...references.slice().reverse()].filter((id): id is string => !!id))];
  let parent: MessageRow | undefined;
  if (parentIds.length > 0) {
    const candidates = await db.select().from(messagesTable).where(inArray(messagesTable.messageIdHeader, parentIds));
    parent = parentIds.map((id) => candidates.find((row) => row.messageIdHeader === id)).find(Boolean);
  }
  const threadRecords: MessageRecordRef[] = parent
    ? (
        await db
          .select({ recordType: messageLinksTable.recordType, recordId: messageLinksTable.recordId })
          .from(messageLinksTable)
          .innerJoin(messagesTable, eq(messagesTable.id, messageLinksTable.messageId))
          .where(eq(messagesTable.threadKey, parent.threadKey))
      ).map((row) => ({ recordType: row.recordType, recordId: row.recordId }))
    : [];
  const external = everyone.map((entry) => entry.address).filter((address) => !isOwn(address));
  const byAddress = external.flatMap((address) => lookups.records.get(address) ?? []);
  const records = [...byAddress, ...threadRecords];

  const occurredAt =
    parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : (arrivedAt ?? deps.config.now());
  const attachmentKeyBase = `messages/synced/${createHash('sha256').update(messageIdHeader).digest('hex').slice(0, 32)}`;
  const attachments = parsed.attachments.filter((part: Attachment) => part.content.length > 0).slice(0, 100);
  // Files first (same keys on a retry), then the rows in one transaction.
  for (const [index, part] of attachments.entries())
    await deps.storage.write(
      `${attachmentKeyBase}/${index}`,
      part.content,
      part.contentType || 'application/octet-stream',
    );

  // Inside the sync's batch transaction already: no savepoint per message.
  const write = (fn: (tx: Db) => Promise<MessageRow | null>) =>
    db instanceof PgTransaction ? fn(db as unknown as Db) : inTransaction(db, fn);
  const stored = await write(async (tx) => {
    const [row] = await tx
      .insert(messagesTable)
      .values({
        direction,
        status: direction === 'outbound' ? 'sent' : 'received',
        messageIdHeader,
        inReplyTo,
        referencesHeader: references,
        threadKey: parent?.threadKey ?? messageIdHeader,
        fromName: from.name,
        fromAddress: from.address,
        toAddresses: to,
        ccAddresses: cc,
        subject: oneLine(parsed.subject),
        // Inbound HTML is not kept as sent: the text, escaped by the parser, is the HTML shown (no script can ride in).
        bodyHtml: (parsed.textAsHtml ?? '').slice(0, 2_000_000),
        bodyText: (parsed.text ?? '').slice(0, 1_000_000),
        occurredAt,
      })
      .onConflictDoNothing({ target: messagesTable.messageIdHeader })
      .returning();
    if (!row) return null;
    await tx.insert(mailboxMessagesTable).values({ mailboxId, messageId: row.id }).onConflictDoNothing();
    if (attachments.length > 0)
      await tx.insert(messageAttachmentsTable).values(
        attachments.map((part, index) => ({
          messageId: row.id,
          filename: safeFilename(part.filename, index),
          contentType: oneLine(part.contentType, 200) || 'application/octet-stream',
          size: part.content.length,
          storageKey: `${attachmentKeyBase}/${index}`,
          contentId: part.contentId ? oneLine(part.contentId, 500) : null,
        })),
      );
    await linkMessage(tx, row.id, occurredAt, records);
    return row;
  });
  if (!stored) return 'already-stored';

  // A candidate's reply stops their sequences (the sequences module decides which enrolments); whoever sent
  // the message replied to, and whoever enrolled them in a stopped sequence, is told.
  if (direction === 'inbound' && (parent || inReplyTo)) {
    const senderRecords = lookups.records.get(from.address) ?? [];
    const senderCandidates = senderRecords.filter((ref) => ref.recordType === 'candidate').map((ref) => ref.recordId);
    const stopped = senderCandidates.length > 0 ? await stopSequencesOnReply(db, senderCandidates, stored.id) : [];
    await notifyOfReply(db, { message: stored, parent, records, stopped });
  }
  return 'stored';
}

/** The in-app notice of a reply: to the author of the message replied to and to the enrollers of stopped sequences. */
async function notifyOfReply(
  db: Db,
  reply: {
    message: MessageRow;
    parent: MessageRow | undefined;
    records: MessageRecordRef[];
    stopped: StoppedByReply[];
  },
): Promise<void> {
  const recipients = [
    reply.parent?.direction === 'outbound' ? reply.parent.authorId : null,
    ...reply.stopped.map((s) => s.enrolledById),
  ];
  const userIds = recipients.filter((id): id is number => id !== null);
  if (userIds.length === 0) return;
  const sender = reply.message.fromName || reply.message.fromAddress;
  const sequences = [...new Set(reply.stopped.map((s) => s.sequenceName))];
  await notifyUsers(db, userIds, {
    kind: 'message.reply',
    title: `${sender} replied`,
    body: sequences.length
      ? `${reply.message.subject} — stopped the sequence ${sequences.map((name) => `“${name}”`).join(', ')}`
      : reply.message.subject,
    link: replyLink(reply.records),
  });
}

/** Where the notice opens: the pipeline the thread is about, else the candidate or contact who wrote. */
function replyLink(records: MessageRecordRef[]): string {
  const idOf = (type: MessageRecordRef['recordType']) => records.find((ref) => ref.recordType === type)?.recordId;
  const [pipeline, role, candidate, contact] = [idOf('pipeline'), idOf('role'), idOf('candidate'), idOf('contact')];
  if (pipeline && role) return `/roles/${role}/pipelines/${pipeline}`;
  if (candidate) return `/candidates/${candidate}`;
  return contact ? `/contacts/${contact}` : '';
}
