import { useCallback, useState } from 'react';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStageName } from '@recruitdesk/contracts/pipelines';
import { ConfirmDialog, FormDialog } from '@/components/ui/dialog';
import { RadioGroup } from '@/components/ui/radio-group';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeletePipelineMutation, useReopenPipelineMutation } from '../api';
import type { NamedPipeline } from '../board-logic';

/** "Move to…": the keyboard- and touch-friendly way to change a card's stage without dragging. */
export function MoveToDialog({
  pipeline,
  open,
  onClose,
  onMove,
}: {
  pipeline: NamedPipeline | null;
  open: boolean;
  onClose: () => void;
  onMove: (pipeline: NamedPipeline, stage: PipelineStageName) => void;
}) {
  const [stage, setStage] = useState<PipelineStageName | ''>('');
  const close = () => {
    setStage('');
    onClose();
  };
  if (!pipeline) return null;
  const options = PIPELINE_STAGES.filter((name) => name !== pipeline.stage.name).map((name) => ({
    value: name,
    label: PIPELINE_STAGE_LABELS[name],
    ...(name === 'placed' ? { description: 'Asks for the salary and start date.' } : {}),
  }));
  const formId = `move-${pipeline.id}`;
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Move ${pipeline.candidate.name}`}
      description={`Now in ${PIPELINE_STAGE_LABELS[pipeline.stage.name]}.`}
      formId={formId}
      submitLabel="Move"
      submitDisabled={!stage}
      onSubmit={(event) => {
        event.preventDefault();
        if (!stage) return;
        close();
        onMove(pipeline, stage);
      }}
    >
      <RadioGroup
        legend="Move to stage"
        name="stage"
        options={options}
        onChange={(event) => setStage(event.target.value as PipelineStageName)}
      />
    </FormDialog>
  );
}

/** Delete, after a confirmation; the server's refusal shows in the dialog. */
export function DeletePipelineDialog({
  pipeline,
  open,
  onClose,
  onDeleted,
}: {
  pipeline: NamedPipeline | null;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading, error, reset }] = useDeletePipelineMutation();
  const close = () => {
    reset();
    onClose();
  };
  if (!pipeline) return null;
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      tone="danger"
      title={`Delete ${pipeline.candidate.name} from this pipeline?`}
      description="The pipeline, its history, interviews and submittals are deleted. The candidate stays. This cannot be undone."
      confirmLabel="Delete"
      loading={isLoading}
      error={error}
      onConfirm={async () => {
        const result = await remove({ pipeline });
        if (result.error) return;
        dispatch(notifySuccess(`${pipeline.candidate.name} was removed from the pipeline.`));
        close();
        onDeleted?.();
      }}
    />
  );
}

/** Reopen a closed pipeline; a refusal (or a conflict, with the fresh state shown) is a toast. */
export function useReopen() {
  const dispatch = useAppDispatch();
  const [reopen, state] = useReopenPipelineMutation();
  // Stable: the board passes it to every (memoised) card.
  const run = useCallback(
    async (pipeline: NamedPipeline) => {
      const result = await reopen({ pipeline });
      if (result.error) {
        dispatch(notifyError(errorMessage(result.error)));
        return false;
      }
      dispatch(notifySuccess(`${pipeline.candidate.name}'s pipeline was reopened.`));
      return true;
    },
    [dispatch, reopen],
  );
  return [run, state] as const;
}
