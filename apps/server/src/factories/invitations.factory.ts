import type { UserType } from '@recruitdesk/contracts/users';
import type { Db } from '../db/client';
import { randomToken, sha256 } from '../lib/crypto';
import type { InvitationRow } from '../modules/registration/invitations.table';
import { insertInvitation as insertInvitationRow } from '../modules/registration/registration.repository';
import type { UserRow } from '../modules/users/users.service';

let sequence = 0;

export interface InvitationOverrides {
  email?: string;
  userType?: UserType[];
  inviter?: UserRow | null;
  createdAt?: Date;
  expiresAt?: Date;
  cancelledAt?: Date | null;
  acceptedAt?: Date | null;
}

/** An invitation row and its raw token; pending for 7 days unless overridden. */
export async function insertInvitation(
  db: Db,
  overrides: InvitationOverrides = {},
): Promise<{ invitation: InvitationRow; token: string }> {
  sequence += 1;
  const token = randomToken(32);
  const now = overrides.createdAt ?? new Date();
  const invitation = await insertInvitationRow(db, {
    email: overrides.email ?? `invitee-${Date.now().toString(36)}-${sequence}@example.test`,
    userType: overrides.userType ?? ['recruiter'],
    tokenHash: sha256(token),
    invitedById: overrides.inviter?.id ?? null,
    invitedByName: overrides.inviter ? `${overrides.inviter.firstName} ${overrides.inviter.lastName}`.trim() : '',
    createdAt: now,
    expiresAt: overrides.expiresAt ?? new Date(now.getTime() + 7 * 86_400_000),
    lastSentAt: now,
    cancelledAt: overrides.cancelledAt ?? null,
    acceptedAt: overrides.acceptedAt ?? null,
  });
  return { invitation, token };
}
