import type { Mailbox } from '@recruitdesk/contracts/mailboxes';
import type { MailboxConnectSchema, MailboxUpdateSchema } from '@recruitdesk/contracts/mailboxes';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import { encryptSecret } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, ERROR_MESSAGES } from '../../lib/errors';
import { forbidden } from '../../lib/permissions';
import type { UserRow } from '../users/users.service';
import { usersTable } from '../users/users.table';
import { checkImapLogin, describeImapFailure } from './imap-connection';
import { enqueueMailboxSync, stopWatcher } from './mailbox-sync';
import { mailboxesTable, type MailboxRow } from './mailboxes.table';

type Actor = Pick<UserRow, 'id' | 'userType'>;
const has = (actor: Actor, ...types: string[]) => actor.userType.some((type) => types.includes(type));

/** Who may use mailboxes at all: owners, superusers, recruiters (viewers have none). */
export function assertMailboxUser(actor: Actor): void {
  if (!has(actor, 'owner', 'superuser', 'recruiter')) throw forbidden();
}

/**
 * Owners see and manage every mailbox; superusers the shared ones and their own; recruiters their own
 * personal ones. The condition for a query.
 */
export function visibleMailboxes(actor: Actor): SQL | undefined {
  if (has(actor, 'owner')) return undefined;
  const own = and(eq(mailboxesTable.kind, 'personal'), eq(mailboxesTable.ownerId, actor.id));
  if (has(actor, 'superuser')) return or(eq(mailboxesTable.kind, 'shared'), own);
  return own;
}

export async function toMailboxViews(deps: Deps, rows: MailboxRow[]): Promise<Mailbox[]> {
  const ownerIds = [...new Set(rows.map((row) => row.ownerId).filter((id): id is number => id != null))];
  const owners = new Map<number, string>();
  if (ownerIds.length > 0)
    for (const user of await deps.db
      .select({
        id: usersTable.id,
        first: usersTable.firstName,
        last: usersTable.lastName,
        username: usersTable.username,
      })
      .from(usersTable)
      .where(inArray(usersTable.id, ownerIds)))
      owners.set(user.id, `${user.first} ${user.last}`.trim() || user.username);
  // The password is never part of the view.
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    owner: row.ownerId != null ? { id: row.ownerId, name: owners.get(row.ownerId) ?? '' } : null,
    label: row.label,
    email: row.email,
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    sync_state: row.syncState,
    stopped_since: row.stoppedSince ? row.stoppedSince.toISOString() : null,
    stopped_reason: row.stoppedReason,
    last_synced_at: row.lastSyncedAt ? row.lastSyncedAt.toISOString() : null,
    messages_synced: row.messagesSynced,
    uses_idle: row.usesIdle,
  }));
}

export async function listMailboxes(deps: Deps, actor: Actor): Promise<Mailbox[]> {
  assertMailboxUser(actor);
  const rows = await deps.db.select().from(mailboxesTable).where(visibleMailboxes(actor)).orderBy(mailboxesTable.id);
  return toMailboxViews(deps, rows);
}

async function requireMailbox(deps: Deps, actor: Actor, id: number): Promise<MailboxRow> {
  assertMailboxUser(actor);
  const [row] = await deps.db
    .select()
    .from(mailboxesTable)
    .where(and(eq(mailboxesTable.id, id), visibleMailboxes(actor)));
  if (!row) throw new AppError('NOT_FOUND', 404, ERROR_MESSAGES.notFound);
  return row;
}

export async function getMailbox(deps: Deps, actor: Actor, id: number): Promise<Mailbox> {
  return (await toMailboxViews(deps, [await requireMailbox(deps, actor, id)]))[0]!;
}

/** A failed login is the user's to fix: 400 with the server's reason on the password field. */
async function assertLogin(account: Parameters<typeof checkImapLogin>[0]): Promise<void> {
  try {
    await checkImapLogin(account);
  } catch (error) {
    const { reason } = describeImapFailure(error);
    const message = `Could not sign in to the mailbox: ${reason}.`;
    throw new AppError('MAILBOX_LOGIN_FAILED', 400, message, { fields: { password: [message] } });
  }
}

export async function connectMailbox(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof MailboxConnectSchema>,
): Promise<Mailbox> {
  assertMailboxUser(actor);
  if (input.kind === 'shared' && !has(actor, 'owner', 'superuser')) throw forbidden();
  const [taken] = await deps.db
    .select({ id: mailboxesTable.id })
    .from(mailboxesTable)
    .where(
      and(
        sql`lower(${mailboxesTable.host}) = lower(${input.host})`,
        eq(mailboxesTable.port, input.port),
        sql`lower(${mailboxesTable.username}) = lower(${input.username})`,
      ),
    );
  if (taken) throw new AppError('CONFLICT', 409, 'This mailbox is connected already.');
  await assertLogin(input);
  const row = await inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(mailboxesTable)
      .values({
        kind: input.kind,
        ownerId: actor.id,
        label: input.label || input.email,
        email: input.email.toLowerCase(),
        host: input.host,
        port: input.port,
        tls: input.tls,
        username: input.username,
        passwordEncrypted: encryptSecret(deps.config.secretKey, input.password),
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', 409, 'This mailbox is connected already.');
    await enqueueMailboxSync(deps, tx, created.id);
    return created;
  });
  return (await toMailboxViews(deps, [row]))[0]!;
}

export async function updateMailbox(
  deps: Deps,
  actor: Actor,
  id: number,
  input: z.output<typeof MailboxUpdateSchema>,
): Promise<Mailbox> {
  const row = await requireMailbox(deps, actor, id);
  if (input.password !== undefined)
    await assertLogin({
      host: row.host,
      port: row.port,
      tls: row.tls,
      username: row.username,
      password: input.password,
    });
  const updated = await inTransaction(deps.db, async (tx) => {
    const [saved] = await tx
      .update(mailboxesTable)
      .set({
        ...(input.label !== undefined ? { label: input.label || row.email } : {}),
        // A new password resumes a stopped sync at once.
        ...(input.password !== undefined
          ? {
              passwordEncrypted: encryptSecret(deps.config.secretKey, input.password),
              syncState: 'connecting' as const,
              stoppedSince: null,
              stoppedReason: null,
              retryable: true,
              failures: 0,
            }
          : {}),
        updatedAt: deps.config.now(),
      })
      .where(eq(mailboxesTable.id, id))
      .returning();
    if (input.password !== undefined) await enqueueMailboxSync(deps, tx, id);
    return saved!;
  });
  if (input.password !== undefined) stopWatcher(deps, id);
  return (await toMailboxViews(deps, [updated]))[0]!;
}

/** Disconnects: the mailbox and its sync state go; the messages it brought stay on their records. */
export async function deleteMailbox(deps: Deps, actor: Actor, id: number): Promise<void> {
  await requireMailbox(deps, actor, id);
  await deps.db.delete(mailboxesTable).where(eq(mailboxesTable.id, id));
  stopWatcher(deps, id);
}
