import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usersTable } from '../users/users.table';
import { invitationsTable, type InvitationRow, type NewInvitationRow } from './invitations.table';

export async function insertInvitation(db: Db, values: NewInvitationRow): Promise<InvitationRow> {
  const [row] = await db.insert(invitationsTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findInvitationById(db: Db, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitationsTable).where(eq(invitationsTable.id, id)).limit(1);
  return row;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitationsTable).where(eq(invitationsTable.tokenHash, tokenHash)).limit(1);
  return row;
}

const pending = (now: Date) =>
  and(isNull(invitationsTable.acceptedAt), isNull(invitationsTable.cancelledAt), gt(invitationsTable.expiresAt, now));

export async function findPendingInvitationForEmail(
  db: Db,
  email: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitationsTable)
    .where(and(sql`lower(${invitationsTable.email}) = ${email.trim().toLowerCase()}`, pending(now)))
    .limit(1);
  return row;
}

/** What decides whether an inviter may still stand behind an invitation. */
export interface InviterRights {
  isActive: boolean;
  userType: string[];
}

/** Pending invitations with their inviter's current rights (null: the inviter was deleted), one query. */
export async function listPendingInvitationRows(
  db: Db,
  now: Date,
): Promise<{ invitation: InvitationRow; inviter: InviterRights | null }[]> {
  return db
    .select({ invitation: invitationsTable, inviter: { isActive: usersTable.isActive, userType: usersTable.userType } })
    .from(invitationsTable)
    .leftJoin(usersTable, eq(usersTable.id, invitationsTable.invitedById))
    .where(pending(now))
    .orderBy(desc(invitationsTable.createdAt), desc(invitationsTable.id));
}

export async function updateInvitationRow(
  db: Db,
  id: number,
  values: Partial<NewInvitationRow>,
): Promise<InvitationRow | undefined> {
  const [row] = await db.update(invitationsTable).set(values).where(eq(invitationsTable.id, id)).returning();
  return row;
}

/** Marks the invitation used unless it already is (or was cancelled): at most one registration per token. */
export async function acceptInvitationRow(db: Db, id: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitationsTable)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(and(eq(invitationsTable.id, id), isNull(invitationsTable.acceptedAt), isNull(invitationsTable.cancelledAt)))
    .returning({ id: invitationsTable.id });
  return rows.length > 0;
}
