import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { Link } from 'react-router';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { isOwner } from '@/lib/permissions';

/** Shown instead of a page the signed-in user may not open (the server refuses it too). */
export function NoAccess() {
  // An owner is never told to ask an owner (issue 16 item 18).
  const owner = isOwner(useAppSelector(selectUser));
  return (
    <Card>
      <div role="alert">
        <EmptyState
          icon={ShieldAlert}
          title="You do not have access to this page."
          description={owner ? 'It is not available for this record.' : 'Ask an owner of your agency if you need it.'}
          className="py-16"
          action={
            <Link to={paths.app.dashboard.getHref()} className={buttonClasses('secondary')}>
              Go to the dashboard
            </Link>
          }
        />
      </div>
    </Card>
  );
}
