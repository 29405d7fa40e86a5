import { useParams } from 'react-router';
import { ArrowLeft, RefreshCw, UserX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { selectUser } from '@/features/auth/auth-slice';
import { useGetUserQuery } from '@/features/users/api';
import {
  UserAccessCard,
  UserHeader,
  UserProfileCard,
  UserTypesCard,
} from '@/features/users/components/user-detail';
import { errorMessage } from '@/lib/base-api';
import { useAppSelector } from '@/lib/hooks';
import { canManageUsers, isOwner } from '@/lib/permissions';
import { Link } from 'react-router';
import { NoAccess } from './no-access';

function BackLink() {
  return (
    <Link to={paths.app.users.getHref()} className={buttonClasses('ghost', 'sm', '-ml-3')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      All users
    </Link>
  );
}

function UserDetail({ id }: { id: number }) {
  const me = useAppSelector(selectUser);
  const { data, error, isLoading, isFetching, refetch } = useGetUserQuery(id);

  if (isLoading) return <LoadingScreen />;
  if (error || !data) {
    const notFound = error && 'status' in error && error.status === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        <Card>
          <div role="alert">
            <EmptyState
              icon={UserX}
              title={notFound ? 'This user does not exist' : 'Could not load this user'}
              description={notFound ? 'They may have been deleted.' : errorMessage(error)}
              action={
                notFound ? undefined : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void refetch()}
                    loading={isFetching}
                  >
                    {isFetching ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                    Retry
                  </Button>
                )
              }
            />
          </div>
        </Card>
      </div>
    );
  }

  const { user, sessions_count } = data;
  const firstName = user.first_name || user.name || 'this person';
  return (
    <div className="space-y-6">
      <BackLink />
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
    return (
      <Card>
        <EmptyState icon={UserX} title="This user does not exist" />
      </Card>
    );
  }
  return <UserDetail id={id} />;
}

export default UserDetailRoute;
