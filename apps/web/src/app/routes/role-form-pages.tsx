import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Briefcase } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { paths } from '@/config/paths';
import { useGetRoleFormDataQuery, useGetRoleQuery } from '@/features/roles/api';
import { RoleForm } from '@/features/roles/components/role-form';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { NoAccess } from './no-access';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';

/** /roles/create (?client= preselects the client) */
export function RoleCreateRoute() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const editable = useCanEdit();
  const [params] = useSearchParams();
  const clientId = idParam(params.get('client') ?? undefined) ?? undefined;
  const formData = useGetRoleFormDataQuery(undefined, { skip: !editable });
  if (!editable) return <NoAccess />;
  if (formData.isLoading) return <PageSkeleton variant="form" />;
  if (!formData.data)
    return <RecordError icon={Briefcase} what="form" error={formData.error} onRetry={() => void formData.refetch()} />;
  const back = clientId ? paths.app.client.getHref(clientId) : paths.app.jobsActive.getHref();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackLink to={back}>Back</BackLink>
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">New role</h2>
      <Card className="px-5 py-6 sm:px-8">
        <RoleForm
          formData={formData.data}
          {...(clientId ? { clientId } : {})}
          onCancel={() => void navigate(back)}
          onSaved={(role) => {
            dispatch(notifySuccess(`${role.name} was created.`));
            void navigate(paths.app.role.getHref(role.id));
          }}
        />
      </Card>
    </div>
  );
}

/** /roles/{roleId}/edit */
export function RoleEditRoute() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const editable = useCanEdit();
  const id = idParam(useParams().roleId) ?? 0;
  const role = useGetRoleQuery(id, { skip: !id });
  const formData = useGetRoleFormDataQuery(undefined, { skip: !editable });
  if (!editable) return <NoAccess />;
  if (role.isLoading || formData.isLoading) return <PageSkeleton variant="form" />;
  if (!role.data || !formData.data) {
    return (
      <RecordError
        icon={Briefcase}
        what="role"
        error={role.error ?? formData.error}
        onRetry={() => void role.refetch()}
      />
    );
  }
  const back = paths.app.role.getHref(id);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackLink to={back}>Back to the role</BackLink>
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
        Edit {role.data.role.name}
      </h2>
      <Card className="px-5 py-6 sm:px-8">
        <RoleForm
          role={role.data.role}
          formData={formData.data}
          onCancel={() => void navigate(back)}
          onSaved={(saved) => {
            dispatch(notifySuccess(`${saved.name} was saved.`));
            void navigate(back);
          }}
        />
      </Card>
    </div>
  );
}
