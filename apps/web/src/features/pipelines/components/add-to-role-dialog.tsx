import { useState } from 'react';
import { Briefcase } from 'lucide-react';
import type { PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreatePipelineMutation, useSearchRolesToJoinQuery } from '../api';
import { RadioCard } from './radio-card';

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
  candidate: { id: number; name: string };
  open: boolean;
  onClose: () => void;
  onAdded?: (pipeline: PipelineSummary) => void;
}) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const [roleId, setRoleId] = useState<number | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useSearchRolesToJoinQuery(search, {
    skip: !open,
  });
  const [create, { isLoading: saving, error: saveError, reset }] = useCreatePipelineMutation();
  const roles = data?.roles ?? [];
  const close = () => {
    setSearch('');
    setRoleId(null);
    reset();
    onClose();
  };
  const formId = `add-to-role-${candidate.id}`;
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Add ${candidate.name} to a role`}
      description="Choose an active role; the candidate starts in Sourced."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={roleId === null}>
            Add to role
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          if (roleId === null) return;
          const result = await create({ roleId, body: { candidate_id: candidate.id } });
          if (result.error) return;
          const role = roles.find((r) => r.id === roleId);
          dispatch(notifySuccess(`${candidate.name} was added to ${role?.name ?? 'the role'}.`));
          onAdded?.(result.data.pipeline);
          close();
        }}
      >
        {saveError ? <Alert>{errorMessage(saveError)}</Alert> : null}
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
                        <span className="block font-medium text-gray-900 dark:text-white">
                          {role.name}
                        </span>
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
      </form>
    </Modal>
  );
}
