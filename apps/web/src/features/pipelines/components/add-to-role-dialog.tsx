import { useState } from 'react';
import { Briefcase } from 'lucide-react';
import type { CandidateStatus } from '@recruitdesk/contracts/candidates';
import type { PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { FormDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useListActiveRolesQuery } from '@/api/roles';
import { RadioCard } from './radio-card';
import { StatusWarning, useCreatePipelineConfirmed } from './status-confirm';

/**
 * "Add to role": choose an active role (open or on hold) and put the candidate in its pipeline
 * (POST /api/roles/{id}/pipelines/ {candidate_id}). "Already in this role" and other refusals show here.
 */
export function AddToRoleDialog({
  candidate,
  open,
  onClose,
  onAdded,
}: {
  candidate: { id: number; name: string; status?: CandidateStatus };
  open: boolean;
  onClose: () => void;
  onAdded?: (pipeline: PipelineSummary) => void;
}) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState<number | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useListActiveRolesQuery(
    { search, page_size: 10 },
    {
      skip: !open,
    },
  );
  const { run: create, saving, error: saveError, reset, dialog } = useCreatePipelineConfirmed();
  const roles = data?.roles ?? [];
  const close = () => {
    setSearch('');
    setRoleId(null);
    reset();
    onClose();
  };
  const formId = `add-to-role-${candidate.id}`;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Add ${candidate.name} to a role`}
      description="Choose an active role; the candidate starts in Sourced."
      size="lg"
      formId={formId}
      submitLabel="Add to role"
      loading={saving}
      submitDisabled={roleId === null}
      error={saveError}
      onSubmit={async (event) => {
        event.preventDefault();
        if (roleId === null) return;
        const result = await create({ roleId, body: { candidate_id: candidate.id } });
        if (!result?.data) return;
        const role = roles.find((r) => r.id === roleId);
        dispatch(notifySuccess(`${candidate.name} was added to ${role?.name ?? 'the role'}.`));
        onAdded?.(result.data.pipeline);
        close();
      }}
    >
      {dialog}
      {candidate.status ? <StatusWarning name={candidate.name} status={candidate.status} /> : null}
      <SearchInput
        label="Search active roles"
        placeholder="Search roles or clients"
        value={search}
        onChange={setSearch}
      />
      <fieldset aria-busy={isFetching || undefined}>
        <legend className="sr-only">Active roles</legend>
        {isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : error ? (
          <QueryError
            title="Could not load the roles"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : roles.length === 0 ? (
          <EmptyState icon={Briefcase} title="No active roles found" />
        ) : (
          <ul className="max-h-80 space-y-2 overflow-y-auto p-0.5">
            {roles.map((role) => (
              <li key={role.id}>
                <RadioCard
                  name="role_id"
                  value={role.id}
                  checked={roleId === role.id}
                  onChange={() => setRoleId(role.id)}
                >
                  <span className="flex min-w-0 flex-1 items-start justify-between gap-2 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium text-gray-900 dark:text-white">{role.name}</span>
                      <span className="block truncate text-gray-500 dark:text-gray-400">
                        {role.client.name}
                        {role.location ? ` · ${role.location}` : ''}
                      </span>
                    </span>
                    <RoleStateBadge state={role.state} />
                  </span>
                </RadioCard>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </FormDialog>
  );
}
