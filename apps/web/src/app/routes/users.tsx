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
import { NoAccess } from './no-access';

/** /users: the team (owners and superusers), invitations. */
export function UsersRoute() {
  const me = useAppSelector(selectUser);
  const [inviting, setInviting] = useState(false);
  if (!canManageUsers(me)) return <NoAccess />;

  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
            Team
          </h2>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">
            Everyone who can sign in to your agency, and what they may do.
          </p>
        </div>
        <Button onClick={() => setInviting(true)} className="self-start sm:self-auto">
          <UserPlus aria-hidden="true" className="size-4" />
          Invite user
        </Button>
      </div>

      <Card className="overflow-hidden" role="region" aria-label="Users">
        <UsersDirectory currentUserId={me?.id ?? null} />
      </Card>

      <Card role="region" aria-labelledby="pending-invitations-title">
        <CardHeader
          titleId="pending-invitations-title"
          title="Pending invitations"
          description="Sent but not yet accepted. Links expire after 7 days."
        />
        <PendingInvitations />
      </Card>

      <InviteUserDialog
        open={inviting}
        onClose={() => setInviting(false)}
        canGrantOwner={isOwner(me)}
      />
    </div>
  );
}

export default UsersRoute;
