import { useRef, useState, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { CANDIDATE_STATUS_LABELS, type CandidateStatus } from '@recruitdesk/contracts/candidate-constants';
import { needsStatusConfirmation } from '@recruitdesk/contracts/pipeline-constants';
import type {
  CandidateStatusConfirmResponse,
  CreatePipelineInput,
  PipelineSaveResponse,
} from '@recruitdesk/contracts/pipelines';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/base-api';
import { statusConfirmOf, useCreatePipelineMutation } from '../api';

type Flagged = CandidateStatusConfirmResponse['candidates'];
type CreateArgs = { roleId: number; body: CreatePipelineInput };
type CreateResult = { data: PipelineSaveResponse; error?: undefined } | { data?: undefined; error: unknown };

/** The reason's rule is the contract's schema; it (and zod) loads on the first confirmation, not with the page. */
async function checkReason(reason: string) {
  const { StatusConfirmationSchema } = await import('@recruitdesk/contracts/pipelines');
  return StatusConfirmationSchema.safeParse({ reason });
}

/** An amber note beside a chosen candidate whose status will need a reason. */
export function StatusWarning({ name, status }: { name: string; status: CandidateStatus }) {
  if (!needsStatusConfirmation(status)) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/25"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {`${name} is marked ${CANDIDATE_STATUS_LABELS[status]}. You will be asked why they are added anyway; the reason is kept in their history.`}
      </span>
    </p>
  );
}

/**
 * "Add them anyway?": the server refused a do-not-contact or archived candidate (409
 * CANDIDATE_STATUS_CONFIRM); the reason is required and sent with the same request again.
 */
export function StatusConfirmDialog({
  open,
  message,
  candidates,
  saving,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  candidates: Flagged;
  saving: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setProblem(null);
    onCancel();
  };
  const title =
    candidates.length === 1 && candidates[0]
      ? `Add ${candidates[0].name} anyway?`
      : `Add ${candidates.length} flagged candidates anyway?`;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      submitLabel="Add anyway"
      loading={saving}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        // React sends a portal's events up its component tree: never submit the form that opened this.
        event.stopPropagation();
        void checkReason(reason).then((parsed) => {
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? 'Say why.');
            return;
          }
          setProblem(null);
          onConfirm(parsed.data.reason);
        });
      }}
    >
      {candidates.length > 1 ? (
        <ul className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
          {candidates.map((candidate) => (
            <li key={`${candidate.id ?? 'new'}-${candidate.name}`}>
              {candidate.name} · {CANDIDATE_STATUS_LABELS[candidate.status]}
            </li>
          ))}
        </ul>
      ) : null}
      <Field label="Reason" hint="Kept in the pipeline's and the candidate's history." error={problem ?? undefined}>
        <Textarea rows={3} autoFocus value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </FormDialog>
  );
}

/**
 * Adds a candidate to a role; a 409 CANDIDATE_STATUS_CONFIRM opens the reason dialog and sends the
 * request again with `status_confirmation`. `run` resolves with the final result, or `null` when the
 * user cancelled. `error` leaves out the refusal the dialog is already asking about.
 */
export function useCreatePipelineConfirmed(): {
  run: (args: CreateArgs) => Promise<CreateResult | null>;
  saving: boolean;
  error: unknown;
  reset: () => void;
  dialog: ReactNode;
} {
  const [create, state] = useCreatePipelineMutation();
  const [asking, setAsking] = useState<{ args: CreateArgs; candidates: Flagged; message: string } | null>(null);
  const settle = useRef<((result: CreateResult | null) => void) | null>(null);
  const [retryError, setRetryError] = useState<unknown>(null);
  const finish = (result: CreateResult | null) => {
    settle.current?.(result);
    settle.current = null;
    setAsking(null);
    setRetryError(null);
  };
  const run = async (args: CreateArgs): Promise<CreateResult | null> => {
    const result = (await create(args)) as CreateResult;
    const flagged = result.error ? statusConfirmOf(result.error) : undefined;
    if (!flagged) return result;
    return new Promise((resolve) => {
      settle.current = resolve;
      setAsking({ args, candidates: flagged, message: errorMessage(result.error) });
    });
  };
  const dialog = (
    <StatusConfirmDialog
      key={asking ? 'asking' : 'idle'}
      open={asking !== null}
      message={asking?.message ?? ''}
      candidates={asking?.candidates ?? []}
      saving={state.isLoading}
      error={retryError}
      onCancel={() => finish(null)}
      onConfirm={async (reason) => {
        if (!asking) return;
        const { roleId, body } = asking.args;
        const result = (await create({ roleId, body: { ...body, status_confirmation: { reason } } })) as CreateResult;
        if (result.error) setRetryError(result.error);
        else finish(result);
      }}
    />
  );
  const error = asking || !state.error || statusConfirmOf(state.error) ? null : state.error;
  return { run, saving: state.isLoading, error, reset: state.reset, dialog };
}
