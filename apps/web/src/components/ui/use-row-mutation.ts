import { useState } from 'react';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';

/**
 * A call made from one row of a list without asking first (Resend, Revoke): which row is busy, and a toast
 * after a success. A refusal is left to the mutation's error, which the list shows above its rows.
 */
export function useRowMutation<TRow extends { id: number }>({
  run,
  success,
}: {
  run: (row: TRow) => Promise<{ error?: unknown }>;
  success: (row: TRow) => string;
}) {
  const dispatch = useAppDispatch();
  const [busyId, setBusyId] = useState<number | null>(null);
  const start = async (row: TRow) => {
    setBusyId(row.id);
    const result = await run(row);
    setBusyId(null);
    if (!result.error) dispatch(notifySuccess(success(row)));
  };
  return {
    isBusy: (row: TRow) => busyId === row.id,
    start: (row: TRow) => void start(row),
  };
}
