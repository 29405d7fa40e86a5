import { useParams } from 'react-router';
import { UserX } from 'lucide-react';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { selectUser } from '@/features/auth/auth-slice';
import { useGetUserQuery } from '@/features/users/api';
import { UserAccessCard, UserHeader, UserProfileCard, UserTypesCard } from '@/features/users/components/user-detail';
import { useAppSelector } from '@/lib/hooks';
import { canManageUsers, isOwner } from '@/lib/permissions';
import { NoAccess } from './no-access';
import { BackLink } from './route-helpers';

function UserDetail({ id }: { id: number }) {
  const me = useAppSelector(selectUser);
  const { data, error, isLoading, isFetching, refetch } = useGetUserQuery(id);

  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.users.getHref()}>All users</BackLink>
        <RecordError
          icon={UserX}
          what="user"
          notFoundHint="They may have been deleted."
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }

  const { user, sessions_count } = data;
  const firstName = user.first_name || user.name || 'this person';
  return (
    <div className="space-y-6">
      <BackLink to={paths.app.users.getHref()}>All users</BackLink>
      <UserHeader user={user} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <UserTypesCard key={user.id} user={user} canGrantOwner={isOwner(me)} />
          <RecentActivity
            actorId={user.id}
            limit={10}
            description={`The latest changes ${firstName} made.`}
            emptyDescription={`Nothing recorded for ${firstName} yet.`}
          />
        </div>
        <div className="space-y-6">
          <UserProfileCard user={user} sessionsCount={sessions_count} />
          <UserAccessCard user={user} isSelf={me?.id === user.id} />
        </div>
      </div>
    </div>
  );
}

/** /users/{userId}: one person's profile, user types, access and recent activity. */
export function UserDetailRoute() {
  const me = useAppSelector(selectUser);
  const { userId = '' } = useParams();
  const id = Number(userId);
  if (!canManageUsers(me)) return <NoAccess />;
  if (!Number.isInteger(id) || id <= 0) {
    return <RecordError icon={UserX} what="user" notFoundHint="They may have been deleted." error={null} />;
  }
  return <UserDetail id={id} />;
}

export default UserDetailRoute;
