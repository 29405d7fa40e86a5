import { useState } from 'react';
import { Archive, Trash2 } from 'lucide-react';
import type { DeletionCheck } from '@recruitdesk/contracts/common';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { Alert } from './alert';
import { Button } from './button';
import { ConfirmDialog, Modal } from './dialog';
import { Skeleton } from './skeleton';

type Call = () => Promise<{ error?: unknown }>;

/**
 * 'Delete {name}?' for a record with history (clients, roles; decision 021). Before anything is confirmed
 * it shows what the server's check says: what blocks a delete (roles, pipelines …) and, instead of a
 * Delete button, "Archive {noun} instead" (or what to do first); when nothing blocks, what goes with the
 * record and the Delete button. A refusal from the call itself is shown in the dialog.
 */
export function ArchiveOrDeleteDialog({
  name,
  noun,
  open,
  onClose,
  check,
  checkError,
  onRetryCheck,
  remove,
  archive,
  onDeleted,
  onArchived,
}: {
  name: string;
  /** 'client', 'role'. */
  noun: string;
  open: boolean;
  onClose: () => void;
  check: DeletionCheck | undefined;
  checkError: unknown;
  onRetryCheck: () => void;
  remove: Call;
  archive: Call;
  onDeleted: () => void;
  onArchived?: () => void;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<'delete' | 'archive' | 'done' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setBusy(null);
    setError(null);
    onClose();
  };
  const run = async (which: 'delete' | 'archive') => {
    setError(null);
    setBusy(which);
    const result = await (which === 'delete' ? remove() : archive());
    if (result.error) {
      setError(result.error);
      setBusy(null);
      return;
    }
    if (which === 'delete') {
      setBusy('done');
      dispatch(notifySuccess(`${name} was deleted.`));
      onDeleted();
    } else {
      dispatch(notifySuccess(`${name} was archived.`));
      close();
      onArchived?.();
    }
  };

  let body;
  let action = null;
  if (checkError) {
    body = (
      <div className="space-y-3">
        <Alert>{errorMessage(checkError)}</Alert>
        <Button variant="secondary" size="sm" onClick={onRetryCheck}>
          Try again
        </Button>
      </div>
    );
  } else if (!check) {
    body = (
      <div className="space-y-2" aria-busy="true" aria-label={`Checking what this ${noun} has`}>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else if (check.can_delete) {
    body = <p className="text-sm text-gray-700 dark:text-gray-300">{check.message}</p>;
    action = (
      <Button variant="danger" loading={busy === 'delete' || busy === 'done'} onClick={() => void run('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete {noun}
      </Button>
    );
  } else {
    body = (
      <div className="space-y-3 text-sm text-gray-700 dark:text-gray-300">
        <p className="font-medium text-gray-900 dark:text-white">It cannot be deleted. It has:</p>
        <ul aria-label="What blocks the delete" className="list-disc space-y-1 pl-5">
          {check.blockers.map((blocker) => (
            <li key={blocker.kind}>{blocker.label}</li>
          ))}
        </ul>
        <p>{check.message.replace(/^.*?history\. /, '')}</p>
      </div>
    );
    action = check.can_archive ? (
      <Button loading={busy === 'archive'} onClick={() => void run('archive')}>
        <Archive aria-hidden="true" className="size-4" />
        Archive {noun} instead
      </Button>
    ) : null;
  }

  return (
    <Modal
      open={open}
      onClose={close}
      tone="danger"
      size="sm"
      title={`Delete ${name}?`}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {action ? 'Cancel' : 'Close'}
          </Button>
          {action}
        </>
      }
    >
      <div className="space-y-3">
        {body}
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
      </div>
    </Modal>
  );
}

/** 'Archive {name}?': what archiving means, then the call; a refusal (e.g. active roles) stays in the dialog. */
export function ArchiveRecordDialog({
  name,
  noun,
  description,
  open,
  onClose,
  archive,
}: {
  name: string;
  noun: string;
  description: string;
  open: boolean;
  onClose: () => void;
  archive: Call;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setBusy(false);
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={`Archive ${name}?`}
      description={description}
      loading={busy}
      error={error}
      onConfirm={async () => {
        setBusy(true);
        setError(null);
        const result = await archive();
        setBusy(false);
        if (result.error) {
          setError(result.error);
          return;
        }
        dispatch(notifySuccess(`${name} was archived.`));
        close();
      }}
      confirmLabel={
        <>
          <Archive aria-hidden="true" className="size-4" />
          Archive {noun}
        </>
      }
    />
  );
}
