import { useState } from 'react';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';

/** What a mutation trigger's `await` gives: RTK Query's `{ data } | { error }`. */
type CallResult = { data?: unknown; error?: unknown };
type DataOf<TResult extends CallResult> = NonNullable<TResult['data']>;

export interface ConfirmedMutationOptions<TTarget, TResult extends CallResult, TData = DataOf<TResult>> {
  /** The call, once the user has confirmed (an RTK Query trigger, or anything answering `{data}|{error}`). */
  run: (target: TTarget) => Promise<TResult>;
  /** The toast after a success; null for none. */
  success: ((target: TTarget, data: TData) => string | null) | string | null;
  /**
   * Where a refusal goes: 'dialog' keeps the dialog open with the message in it (the default); 'toast'
   * shows it as a toast and closes the dialog; 'page' closes the dialog and leaves the message to the
   * page (which shows the mutation's error).
   */
  refusal?: 'dialog' | 'toast' | 'page';
  /** After a success, once the dialog has closed (e.g. navigate away). */
  onDone?: (target: TTarget, data: TData) => void;
  /** Keep the dialog open and busy after a success (the page navigates away in onDone). */
  keepOpenOnSuccess?: boolean;
}

/**
 * Confirm → mutate → toast → close, for a ConfirmDialog. `ask(target)` opens the question about one
 * target (a record, or `true` when there is only one); spread `dialog` on the ConfirmDialog.
 */
export function useConfirmedMutation<TTarget = true, TResult extends CallResult = CallResult>({
  run,
  success,
  refusal = 'dialog',
  onDone,
  keepOpenOnSuccess = false,
}: ConfirmedMutationOptions<TTarget, TResult>) {
  const dispatch = useAppDispatch();
  const [target, setTarget] = useState<TTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const close = () => {
    setTarget(null);
    setBusy(false);
    setError(null);
  };
  const ask = (next: TTarget) => {
    setError(null);
    setBusy(false);
    setTarget(next);
  };
  const confirm = async () => {
    if (target === null || busy) return;
    setError(null);
    setBusy(true);
    const result = await run(target);
    if (result.error !== undefined) {
      if (refusal === 'dialog') {
        setError(result.error);
        setBusy(false);
      } else {
        if (refusal === 'toast') dispatch(notifyError(errorMessage(result.error)));
        close();
      }
      return;
    }
    const data = result.data as DataOf<TResult>;
    const message = typeof success === 'function' ? success(target, data) : success;
    if (message) dispatch(notifySuccess(message));
    if (!keepOpenOnSuccess) close();
    onDone?.(target, data);
  };

  return {
    /** Open the question about this target. */
    ask,
    /** What the open question is about (null when closed). */
    target,
    /** Props for ConfirmDialog: open, onClose, onConfirm, loading and the refusal. */
    dialog: {
      open: target !== null,
      onClose: close,
      onConfirm: () => void confirm(),
      loading: busy,
      error,
    },
  };
}
