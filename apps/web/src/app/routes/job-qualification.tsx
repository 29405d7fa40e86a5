import { useNavigate, useParams } from 'react-router';
import { ListChecks } from 'lucide-react';
import { MAX_PAGE_SIZE } from '@recruitdesk/contracts/common';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { paths } from '@/config/paths';
import { useGetQualificationQuery } from '@/features/job-qualifications/api';
import { QualificationForm } from '@/features/job-qualifications/components/qualification-form';
import { useGetRoleQuery, useListActiveRolesQuery } from '@/features/roles/api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { NoAccess } from './no-access';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';

function Frame({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <BackLink to={back}>Back</BackLink>
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">{title}</h2>
      <Card className="px-5 py-6 sm:px-8">{children}</Card>
    </div>
  );
}

function useSaved() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return (roleId: number) => {
    dispatch(notifySuccess('Qualification saved.'));
    void navigate(paths.app.role.getHref(roleId));
  };
}

/** /roles/{roleId}/job-qualification/add */
export function QualificationAddRoute() {
  const navigate = useNavigate();
  const saved = useSaved();
  const editable = useCanEdit();
  const roleId = idParam(useParams().roleId) ?? 0;
  const role = useGetRoleQuery(roleId, { skip: !roleId });
  if (!editable) return <NoAccess />;
  const back = paths.app.role.getHref(roleId);
  return (
    <Frame title={role.data ? `Add a qualification to ${role.data.role.name}` : 'Add a qualification'} back={back}>
      <QualificationForm roleId={roleId} onCancel={() => void navigate(back)} onSaved={(q) => saved(q.role_id)} />
    </Frame>
  );
}

/** /roles/{roleId}/job-qualification/{qualificationId}/edit */
export function QualificationEditRoute() {
  const navigate = useNavigate();
  const saved = useSaved();
  const editable = useCanEdit();
  const params = useParams();
  const roleId = idParam(params.roleId) ?? 0;
  const id = idParam(params.qualificationId) ?? 0;
  const { data, error, isLoading, refetch } = useGetQualificationQuery(id, { skip: !id });
  if (!editable) return <NoAccess />;
  if (isLoading) return <PageSkeleton variant="form" />;
  if (!data) return <RecordError icon={ListChecks} what="qualification" error={error} onRetry={() => void refetch()} />;
  const back = paths.app.role.getHref(roleId);
  return (
    <Frame title="Edit qualification" back={back}>
      <QualificationForm
        qualification={data.qualification}
        onCancel={() => void navigate(back)}
        onSaved={(q) => saved(q.role_id)}
      />
    </Frame>
  );
}

/** /job-qualifications/create: the role is chosen in the form. */
export function QualificationCreateRoute() {
  const navigate = useNavigate();
  const saved = useSaved();
  const editable = useCanEdit();
  const { data, isLoading } = useListActiveRolesQuery(
    { page_size: MAX_PAGE_SIZE, ordering: 'name' },
    { skip: !editable },
  );
  if (!editable) return <NoAccess />;
  if (isLoading) return <PageSkeleton variant="form" />;
  const roleOptions = (data?.roles ?? []).map((r) => ({ id: r.id, name: `${r.name} — ${r.client.name}` }));
  return (
    <Frame title="New job qualification" back={paths.app.jobsActive.getHref()}>
      <QualificationForm
        roleOptions={roleOptions}
        onCancel={() => void navigate(paths.app.jobsActive.getHref())}
        onSaved={(q) => saved(q.role_id)}
      />
    </Frame>
  );
}
