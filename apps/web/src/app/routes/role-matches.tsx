import { useParams } from 'react-router';
import { Briefcase } from 'lucide-react';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { ClientLink } from '@/components/ui/record-link';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { MatchesPanel } from '@/features/matching/components/matches-panel';
import { useCreatePipelineConfirmed } from '@/features/pipelines/components/status-confirm';
import { useGetRoleQuery } from '@/features/roles/api';
import { idParam, useCanEdit } from './route-helpers';
import { RoleTabs } from './role-tabs';

function RoleMatches({ id }: { id: number }) {
  const editable = useCanEdit();
  const { data, error, isLoading, isFetching, refetch } = useGetRoleQuery(id);
  const confirmed = useCreatePipelineConfirmed();
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data)
    return (
      <RecordError icon={Briefcase} what="role" error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  const { role } = data;
  /** One by one, so a do-not-contact candidate is asked about on its own; a cancel skips just that one. */
  const addToPipeline = async (candidates: Array<{ id: number; name: string }>) => {
    let added = 0;
    for (const candidate of candidates) {
      const result = await confirmed.run({ roleId: id, body: { candidate_id: candidate.id, stage: 'sourced' } });
      if (result?.data) added += 1;
      else if (result?.error) break;
    }
    return added;
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={role.name}
        meta={<RoleStateBadge state={role.state} />}
        description={
          <>
            <ClientLink client={role.client} />
            {role.location ? ` · ${role.location}` : ''}
          </>
        }
      />
      <RoleTabs roleId={id} />
      {confirmed.error ? <ErrorAlert error={confirmed.error} /> : null}
      <MatchesPanel roleId={id} canEdit={editable} addToPipeline={addToPipeline} />
      {confirmed.dialog}
    </div>
  );
}

/** /roles/{roleId}/matches */
export function RoleMatchesRoute() {
  const id = idParam(useParams().roleId);
  if (!id) return <RecordError icon={Briefcase} what="role" error={null} />;
  return <RoleMatches key={id} id={id} />;
}

export default RoleMatchesRoute;
