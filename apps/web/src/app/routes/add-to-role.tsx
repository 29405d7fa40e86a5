import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreatePipelineConfirmed } from '@/features/pipelines/components/status-confirm';

/**
 * "Add to pipeline" from a list of suggested roles: adds the candidate to the role at Sourced (asking for a
 * reason first for a do-not-contact or placed candidate) and says how it went. Render `dialog` once.
 */
export function useAddToRole(): {
  add: (role: { id: number; name: string }, candidateId: number) => Promise<void>;
  dialog: ReactNode;
} {
  const dispatch = useAppDispatch();
  const confirmed = useCreatePipelineConfirmed();
  const add = async (role: { id: number; name: string }, candidateId: number) => {
    const result = await confirmed.run({ roleId: role.id, body: { candidate_id: candidateId, stage: 'sourced' } });
    if (result?.data) dispatch(notifySuccess(`Added to ${role.name}.`));
    else if (result?.error) dispatch(notifyError(errorMessage(result.error)));
  };
  return { add, dialog: confirmed.dialog };
}
