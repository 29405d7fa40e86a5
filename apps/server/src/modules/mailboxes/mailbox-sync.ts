import { and, eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { decryptSecret } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import type { JobContext } from '../../lib/jobs';
import { agencyAddresses, storeInboundBatch, type InboundContext, type InboundOutcome } from './inbound';
import { describeImapFailure, newImapClient, type ImapAccount, type ImapFailure } from './imap-connection';
import { mailboxesTable, mailboxFoldersTable, type MailboxRow } from './mailboxes.table';

/** One sync pass of one mailbox (unique per mailbox: a second enqueue while one waits or runs is the same job). */
export const MAILBOX_SYNC_JOB = 'mailbox.sync';
/** Every MAIL_SYNC_POLL_MS: a sync pass for each mailbox (and the retry of a stopped one). */
export const MAILBOX_POLL_JOB = 'mailboxes.poll';
/** A stopped mailbox (connection trouble) is retried after 15 s, doubling, never later than this. */
export const RETRY_CAP_MS = 4 * 60_000;
/** A fetch batch: this many messages or this many bytes, whichever comes first (bounded memory). */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 24 * 1024 * 1024;

export interface MailboxSyncPayload {
  mailboxId: number;
}

export function enqueueMailboxSync(deps: Deps, executor: Db, mailboxId: number): Promise<{ id: number }> {
  return deps.jobs.enqueue<MailboxSyncPayload>(executor, {
    kind: MAILBOX_SYNC_JOB,
    payload: { mailboxId },
    uniqueKey: `${MAILBOX_SYNC_JOB}:${mailboxId}`,
  });
}

export function registerMailboxJobs(deps: Deps): void {
  deps.jobs.register<MailboxSyncPayload>(MAILBOX_SYNC_JOB, (ctx) => syncMailbox(deps, ctx.payload.mailboxId, ctx), {
    // A failure is recorded on the mailbox (stopped … because …) and retried by the poll, not by the runner.
    maxAttempts: 1,
    leaseMs: 120_000,
    concurrency: 2,
  });
  deps.jobs.registerRecurring(MAILBOX_POLL_JOB, { everyMs: deps.config.mailSyncPollMs }, async () => ({
    enqueued: await enqueueDueSyncs(deps),
  }));
}

export const retryDelayMs = (failures: number) => Math.min(15_000 * 2 ** Math.max(0, failures - 1), RETRY_CAP_MS);

/** Every running mailbox, and each stopped one whose retry is due (a refused password waits for a new one). */
export async function enqueueDueSyncs(deps: Deps): Promise<number> {
  const now = deps.config.now().getTime();
  let enqueued = 0;
  for (const row of await deps.db.select().from(mailboxesTable)) {
    const due =
      row.syncState !== 'stopped' || (row.retryable && row.updatedAt.getTime() + retryDelayMs(row.failures) <= now);
    if (!due) continue;
    await enqueueMailboxSync(deps, deps.db, row.id);
    enqueued += 1;
  }
  return enqueued;
}

export function accountOf(deps: Deps, row: MailboxRow): ImapAccount | null {
  const password = decryptSecret(deps.config.secretKey, row.passwordEncrypted);
  if (password == null) return null;
  return { host: row.host, port: row.port, tls: row.tls, username: row.username, password };
}

async function markStopped(deps: Deps, mailboxId: number, failure: ImapFailure): Promise<void> {
  const now = deps.config.now();
  await deps.db
    .update(mailboxesTable)
    .set({
      syncState: 'stopped',
      // The first failure's time stays while it keeps failing: "stopped since".
      stoppedSince: sql`coalesce(${mailboxesTable.stoppedSince}, ${now.toISOString()}::timestamptz)`,
      stoppedReason: failure.reason,
      retryable: failure.retryable,
      failures: sql`${mailboxesTable.failures} + 1`,
      updatedAt: now,
    })
    .where(eq(mailboxesTable.id, mailboxId));
  stopWatcher(deps, mailboxId);
}

export interface SyncResult {
  stored: number;
  outcomes: Partial<Record<InboundOutcome, number>>;
  stopped: string | null;
  /** Where the pass spent its time (ms): fetching from the server, storing. */
  timings: { fetchMs: number; storeMs: number };
}

/** One pass: INBOX and the Sent folder from their last UIDs, then IDLE (where offered) until new mail. */
export async function syncMailbox(
  deps: Deps,
  mailboxId: number,
  job?: Pick<JobContext, 'signal' | 'progress'>,
): Promise<SyncResult> {
  const result: SyncResult = { stored: 0, outcomes: {}, stopped: null, timings: { fetchMs: 0, storeMs: 0 } };
  const [row] = await deps.db.select().from(mailboxesTable).where(eq(mailboxesTable.id, mailboxId));
  if (!row) return result;
  const account = accountOf(deps, row);
  if (!account) {
    const failure = {
      reason: 'the saved password can no longer be read (the server key changed): enter it again',
      retryable: false,
    };
    await markStopped(deps, mailboxId, failure);
    return { ...result, stopped: failure.reason };
  }
  const client = newImapClient(account);
  client.on('error', () => undefined);
  let usesIdle: boolean;
  try {
    await client.connect();
    await deps.db
      .update(mailboxesTable)
      .set({ syncState: 'syncing', updatedAt: deps.config.now() })
      .where(and(eq(mailboxesTable.id, mailboxId), sql`${mailboxesTable.syncState} <> 'syncing'`));
    const folders = await client.list();
    const sent = folders.find((folder) => folder.specialUse === '\\Sent');
    const inbound: InboundContext = { deps, mailboxId, own: await agencyAddresses(deps.db) };
    for (const path of ['INBOX', ...(sent ? [sent.path] : [])]) await syncFolder(client, inbound, path, result, job);
    usesIdle = client.capabilities.has('IDLE');
    const now = deps.config.now();
    await deps.db
      .update(mailboxesTable)
      .set({
        syncState: 'idle',
        stoppedSince: null,
        stoppedReason: null,
        retryable: true,
        failures: 0,
        lastSyncedAt: now,
        messagesSynced: sql`${mailboxesTable.messagesSynced} + ${result.stored}`,
        usesIdle,
        updatedAt: now,
      })
      .where(eq(mailboxesTable.id, mailboxId));
  } catch (error) {
    if (job?.signal.aborted) throw error;
    const failure = describeImapFailure(error);
    await markStopped(deps, mailboxId, failure);
    result.stopped = failure.reason;
    return result;
  } finally {
    await client.logout().catch(() => client.close());
  }
  if (usesIdle) ensureWatcher(deps, mailboxId, account);
  return result;
}

async function syncFolder(
  client: ImapFlow,
  inbound: InboundContext,
  path: string,
  result: SyncResult,
  job?: Pick<JobContext, 'signal' | 'progress'>,
): Promise<void> {
  const db = inbound.deps.db;
  const lock = await client.getMailboxLock(path, { readOnly: true });
  try {
    const box = client.mailbox;
    if (!box) return;
    const uidValidity = Number(box.uidValidity);
    const [folder] = await db
      .select()
      .from(mailboxFoldersTable)
      .where(and(eq(mailboxFoldersTable.mailboxId, inbound.mailboxId), eq(mailboxFoldersTable.path, path)));
    // A new UIDVALIDITY numbers the folder anew: read it all again (the Message-ID keeps it from duplicating).
    let lastUid = folder && folder.uidValidity === uidValidity ? folder.lastUid : 0;
    const checkpoint = (executor: Db = db) =>
      executor
        .insert(mailboxFoldersTable)
        .values({ mailboxId: inbound.mailboxId, path, uidValidity, lastUid })
        .onConflictDoUpdate({
          target: [mailboxFoldersTable.mailboxId, mailboxFoldersTable.path],
          set: { uidValidity, lastUid, updatedAt: new Date() },
        });
    if (!folder || folder.uidValidity !== uidValidity) await checkpoint();
    if (box.exists === 0) return;

    // Rounds until nothing is newer: mail that lands during a pass is read in the same pass.
    for (let round = 0; round < 10; round++) {
      const sizes: { uid: number; size: number }[] = [];
      for await (const message of client.fetch(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true }))
        if (message.uid > lastUid) sizes.push({ uid: message.uid, size: message.size ?? 0 });
      if (sizes.length === 0) break;
      sizes.sort((a, b) => a.uid - b.uid);
      const total = sizes.length;
      let done = 0;
      while (sizes.length > 0) {
        const batch: number[] = [];
        let bytes = 0;
        while (
          sizes.length > 0 &&
          batch.length < BATCH_MESSAGES &&
          (batch.length === 0 || bytes + sizes[0]!.size <= BATCH_BYTES)
        ) {
          const next = sizes.shift()!;
          batch.push(next.uid);
          bytes += next.size;
        }
        const fetchStarted = performance.now();
        const fetched: { uid: number; source: Buffer; date: Date | null }[] = [];
        for await (const message of client.fetch(
          batch.join(','),
          { uid: true, source: true, internalDate: true },
          { uid: true },
        ))
          if (message.source)
            fetched.push({
              uid: message.uid,
              source: message.source,
              date: message.internalDate ? new Date(message.internalDate) : null,
            });
        fetched.sort((a, b) => a.uid - b.uid);
        const storeStarted = performance.now();
        result.timings.fetchMs += Math.round(storeStarted - fetchStarted);
        // One transaction per batch (with its checkpoint): one commit per hundred messages, not per message.
        const counted: Partial<Record<InboundOutcome, number>> = {};
        await inTransaction(db, async (tx) => {
          const scoped: InboundContext = { ...inbound, deps: { ...inbound.deps, db: tx } };
          const outcomes = await storeInboundBatch(
            scoped,
            fetched.map((message) => ({ raw: message.source, arrivedAt: message.date })),
          );
          for (const outcome of outcomes) counted[outcome] = (counted[outcome] ?? 0) + 1;
          lastUid = Math.max(lastUid, ...batch);
          await checkpoint(tx);
        });
        for (const [outcome, n] of Object.entries(counted) as [InboundOutcome, number][])
          result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + n;
        result.stored += counted.stored ?? 0;
        result.timings.storeMs += Math.round(performance.now() - storeStarted);
        done += batch.length;
        await job?.progress(done, total, { note: path });
        if (job?.signal.aborted) throw job.signal.reason;
      }
    }
  } finally {
    lock.release();
  }
}

/** Live IDLE connections of this process, per app: new mail wakes the mailbox's sync job. */
const watchers = new WeakMap<Deps, Map<number, ImapFlow>>();

function ensureWatcher(deps: Deps, mailboxId: number, account: ImapAccount): void {
  let mine = watchers.get(deps);
  if (!mine) watchers.set(deps, (mine = new Map()));
  if (mine.has(mailboxId)) return;
  const client = newImapClient(account);
  mine.set(mailboxId, client);
  const forget = () => {
    if (mine.get(mailboxId) === client) mine.delete(mailboxId);
  };
  client.on('error', forget);
  client.on('close', forget);
  client.on('exists', () => {
    enqueueMailboxSync(deps, deps.db, mailboxId).catch((error: unknown) =>
      deps.log.warn({ err: error, mailboxId }, 'could not queue a mailbox sync'),
    );
  });
  void (async () => {
    await client.connect();
    await client.mailboxOpen('INBOX', { readOnly: true });
    // imapflow enters IDLE by itself once the connection is quiet.
  })().catch(() => {
    forget();
    client.close();
  });
}

export function stopWatcher(deps: Deps, mailboxId: number): void {
  const client = watchers.get(deps)?.get(mailboxId);
  if (!client) return;
  watchers.get(deps)?.delete(mailboxId);
  client.close();
}

/** On app close: every IDLE connection goes. */
export function stopAllWatchers(deps: Deps): void {
  for (const id of [...(watchers.get(deps)?.keys() ?? [])]) stopWatcher(deps, id);
}

/** Tests: whether this process holds an IDLE connection for the mailbox. */
export const isWatching = (deps: Deps, mailboxId: number) => watchers.get(deps)?.has(mailboxId) ?? false;
