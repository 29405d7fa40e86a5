import { Link, useParams } from 'react-router';
import { Briefcase } from 'lucide-react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageHeader } from '@/components/ui/page-header';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { paths } from '@/config/paths';
import { QualificationsCard } from '@/features/job-qualifications/components/qualifications-card';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { NotesPanel } from '@/features/notes/components/notes-panel';
import { RolePipelineCard } from '@/features/pipelines/components/role-pipeline-card';
import { useGetRoleQuery } from '@/features/roles/api';
import { JobDescriptionCard } from '@/features/roles/components/job-description-card';
import { PriorityBadge } from '@/features/roles/components/role-badges';
import { PayoutCard, RoleActions, RoleDetailsCard } from '@/features/roles/components/role-details';
import { idParam, RecordError, useCanEdit } from './route-helpers';

function RoleDetail({ id }: { id: number }) {
  const editable = useCanEdit();
  const { data, error, isLoading, isFetching, refetch } = useGetRoleQuery(id);
  if (isLoading) return <LoadingScreen />;
  if (error || !data) return <RecordError icon={Briefcase} what="role" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  const { role } = data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={role.name}
        meta={
          <>
            <RoleStateBadge state={role.state} />
            <PriorityBadge priority={role.priority} />
          </>
        }
        description={
          <>
            <Link to={paths.app.client.getHref(role.client.id)} className="font-medium text-brand-600 hover:underline dark:text-brand-400">
              {role.client.name}
            </Link>
            {role.location ? ` · ${role.location}` : ''}
            {` · ${role.openings} ${role.openings === 1 ? 'opening' : 'openings'}`}
          </>
        }
        actions={editable ? <RoleActions role={role} /> : null}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RoleDetailsCard role={role} canEdit={editable} />
          <JobDescriptionCard key={role.updated_at} role={role} canEdit={editable} />
          <QualificationsCard roleId={role.id} canEdit={editable} />
        </div>
        <div className="space-y-6">
          <RolePipelineCard roleId={role.id} />
          <PayoutCard roleId={role.id} />
          <NotesPanel target={{ modelType: 'role', objectId: role.id }} canWrite={editable} limit={5} allNotesHref={paths.app.roleNotes.getHref(role.id)} />
          <RecentActivity
            subject={{ modelType: 'role', objectId: role.id }}
            limit={8}
            description="Changes to this role."
            emptyDescription="Changes to this role will show up here."
          />
        </div>
      </div>
    </div>
  );
}

/** /roles/{roleId} */
export function RoleDetailRoute() {
  const id = idParam(useParams().roleId);
  if (!id) return <RecordError icon={Briefcase} what="role" error={null} />;
  return <RoleDetail key={id} id={id} />;
}

export default RoleDetailRoute;
