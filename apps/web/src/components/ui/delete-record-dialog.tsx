import { useState } from 'react';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { Alert } from './alert';
import { ConfirmDialog } from './dialog';

/**
 * 'Delete {name}?' for a record page: runs the delete, shows a refusal in the dialog, toasts
 * '{name} was deleted.' and keeps the button busy until the page navigates away.
 */
export function DeleteRecordDialog({
  name,
  description,
  confirmLabel,
  open,
  onClose,
  onDeleted,
  remove,
  pending,
  error,
  resetError,
}: {
  name: string;
  description: string;
  confirmLabel: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
  /** The delete mutation's call (resolves with `{error}` when refused). */
  remove: () => Promise<{ error?: unknown }>;
  pending: boolean;
  error: unknown;
  resetError: () => void;
}) {
  const dispatch = useAppDispatch();
  const [done, setDone] = useState(false);
  const close = () => {
    resetError();
    setDone(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      tone="danger"
      title={`Delete ${name}?`}
      description={description}
      confirmLabel={confirmLabel}
      loading={pending || done}
      onConfirm={async () => {
        const result = await remove();
        if (result.error) return;
        setDone(true);
        dispatch(notifySuccess(`${name} was deleted.`));
        onDeleted();
      }}
    >
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
    </ConfirmDialog>
  );
}
