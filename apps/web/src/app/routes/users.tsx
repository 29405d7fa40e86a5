import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { selectUser } from '@/features/auth/auth-slice';
import { InviteUserDialog } from '@/features/registration/components/invite-user-dialog';
import { PendingInvitations } from '@/features/registration/components/pending-invitations';
import { UsersDirectory } from '@/features/users/components/users-directory';
import { useAppSelector } from '@/lib/hooks';
import { canManageUsers, isOwner } from '@/lib/permissions';

/**
 * /users: everyone sees who is in the agency (spec §6: the Users item is shown to everyone). Owners and
 * superusers manage them (invite, change user types, deactivate, delete: on each user's page) and see
 * pending invitations; everyone else gets the read-only directory the server sends them.
 */
export function UsersRoute() {
  const me = useAppSelector(selectUser);
  const [inviting, setInviting] = useState(false);
  const admin = canManageUsers(me);

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {admin
            ? 'Everyone who can sign in to your agency, and what they may do.'
            : 'Everyone who can sign in to your agency. Owners and superusers manage users.'}
        </p>
        {admin ? (
          <Button onClick={() => setInviting(true)} className="self-start sm:self-auto">
            <UserPlus aria-hidden="true" className="size-4" />
            Invite user
          </Button>
        ) : null}
      </div>

      <Card className="overflow-hidden" role="region" aria-label="Users">
        <UsersDirectory currentUserId={me?.id ?? null} admin={admin} />
      </Card>

      {admin ? (
        <>
          <Card role="region" aria-labelledby="pending-invitations-title">
            <CardHeader
              titleId="pending-invitations-title"
              title="Pending invitations"
              description="Sent but not yet accepted. Links expire after 7 days."
            />
            <PendingInvitations />
          </Card>

          <InviteUserDialog open={inviting} onClose={() => setInviting(false)} canGrantOwner={isOwner(me)} />
        </>
      ) : null}
    </div>
  );
}

export default UsersRoute;
