import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Briefcase, Share2, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { paths } from '@/config/paths';
import { QualificationsCard } from '@/features/job-qualifications/components/qualifications-card';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { RoleApplicationsCard } from '@/features/applications/components/role-applications-card';
import { useListRolePipelinesQuery } from '@/features/pipelines/api';
import { RolePipelineCard } from '@/features/pipelines/components/role-pipeline-card';
import { EmailsCard } from '@/features/messages/components/emails-card';
import { recordChip } from '@/features/messages/compose-logic';
import { useGetRoleQuery } from '@/features/roles/api';
import { JobDescriptionCard } from '@/features/roles/components/job-description-card';
import { PriorityBadge } from '@/features/roles/components/role-badges';
import { PayoutCard, RoleActions, RoleDetailsCard } from '@/features/roles/components/role-details';
import { InvoicesCard } from '@/features/invoices/components/invoices-card';
import { SharedWithClientCard } from '@/features/shares/components/shared-with-client-card';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { canSeeInvoices } from '@/lib/permissions';
import { idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';
import { ClientLink } from '@/components/ui/record-link';
import { RecordNotes } from './record-notes';
import { RoleTabs } from './role-tabs';

// The share dialog (issue 35) loads on the first "Share shortlist".
const ShareShortlistDialog = lazy(() => import('@/features/shares/components/share-shortlist-dialog'));

/** "Share shortlist": the role's open pipelines offered to the client's contacts through the portal. */
function ShareShortlistButton({
  role,
}: {
  role: { id: number; client: { id: number }; hiring_manager?: { id: number } | null };
}) {
  const [open, setOpen] = useState(false);
  const { data, isFetching } = useListRolePipelinesQuery({ roleId: role.id, state: 'open' }, { skip: !open });
  const pipelines = (data?.pipelines ?? []).map((p) => ({
    pipeline_id: p.id,
    name: p.candidate.name,
    stage: p.stage.name,
  }));
  return (
    <>
      <Button size="sm" variant="secondary" loading={open && isFetching && !data} onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" className="size-4" />
        Share shortlist
      </Button>
      {open && data ? (
        <Suspense fallback={null}>
          <ShareShortlistDialog
            roleId={role.id}
            clientId={role.client.id}
            hiringManagerId={role.hiring_manager?.id ?? null}
            pipelines={pipelines}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

// The bulk email (issue 33) loads on the first "Email pipeline".
const BulkEmailDialog = lazy(() => import('@/features/messages/components/bulk-email-dialog'));

/** "Email pipeline": one template to every candidate in the role's open pipelines. */
function EmailPipelineButton({ roleId }: { roleId: number }) {
  const [open, setOpen] = useState(false);
  const { data, isFetching } = useListRolePipelinesQuery({ roleId, state: 'open' }, { skip: !open });
  const candidates = (data?.pipelines ?? []).map((p) => ({ id: p.candidate.id, name: p.candidate.name }));
  return (
    <>
      <Button size="sm" variant="secondary" loading={open && isFetching && !data} onClick={() => setOpen(true)}>
        <Users aria-hidden="true" className="size-4" />
        Email pipeline
      </Button>
      {open && data ? (
        <Suspense fallback={null}>
          <BulkEmailDialog candidates={candidates} roleId={roleId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function RoleDetail({ id }: { id: number }) {
  const editable = useCanEdit();
  const invoices = canSeeInvoices(useAppSelector(selectUser));
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useGetRoleQuery(id);
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data)
    return (
      <RecordError icon={Briefcase} what="role" error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  const { role } = data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={role.name}
        meta={
          <>
            <RoleStateBadge state={role.state} />
            <PriorityBadge priority={role.priority} />
            {role.archived_at ? <Badge tone="gray">Archived</Badge> : null}
          </>
        }
        description={
          <>
            <ClientLink client={role.client} />
            {role.location ? ` · ${role.location}` : ''}
            {` · ${role.openings} ${role.openings === 1 ? 'opening' : 'openings'}`}
          </>
        }
        actions={
          editable ? (
            <RoleActions
              role={role}
              onDeleted={() => void navigate(paths.app.client.getHref(role.client.id), { replace: true })}
            />
          ) : null
        }
      />
      <RoleTabs roleId={role.id} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RoleDetailsCard role={role} canEdit={editable} />
          <JobDescriptionCard key={role.updated_at} role={role} canEdit={editable} />
          <QualificationsCard roleId={role.id} canEdit={editable} />
          <EmailsCard
            type="role"
            id={role.id}
            canSend={editable}
            actions={<EmailPipelineButton roleId={role.id} />}
            description={
              role.hiring_manager ? `Email goes to the hiring manager, ${role.hiring_manager.name}.` : undefined
            }
            compose={{
              to: role.hiring_manager ? [recordChip('contact', role.hiring_manager.id, role.hiring_manager.name)] : [],
              contactId: role.hiring_manager?.id,
              roleId: role.id,
              records: [{ type: 'role', id: role.id }],
            }}
          />
        </div>
        <div className="space-y-6">
          <RolePipelineCard roleId={role.id} />
          <SharedWithClientCard
            roleId={role.id}
            canEdit={editable}
            action={editable ? <ShareShortlistButton role={role} /> : undefined}
          />
          <RoleApplicationsCard
            roleId={role.id}
            newCount={role.new_applications_count}
            total={role.applications_count}
          />
          {/* The role carries its fee override only for whoever sees fees (decision 071); no payout otherwise. */}
          {role.fee_percent_override !== undefined ? <PayoutCard roleId={role.id} /> : null}
          {invoices ? (
            <InvoicesCard
              subject={{ kind: 'role', id: role.id }}
              clientId={role.client.id}
              canCreate={role.client.client_type === 'finders_fee'}
            />
          ) : null}
          <RecordNotes target={{ modelType: 'role', objectId: role.id }} canWrite={editable} />
          <RecentActivity
            subject={{ modelType: 'role', objectId: role.id }}
            limit={8}
            description="Changes to this role, its pipelines, placements, notes and qualifications."
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
