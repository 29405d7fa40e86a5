import { useCallback, useState } from 'react';
import {
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type PipelineStageName,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { RadioGroup } from '@/components/ui/radio-group';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeletePipelineMutation, useReopenPipelineMutation, type PipelineTarget } from '../api';

type Named = PipelineTarget & { candidate: PipelineSummary['candidate'] };

/** "Move to…": the keyboard- and touch-friendly way to change a card's stage without dragging. */
export function MoveToDialog({
  pipeline,
  open,
  onClose,
  onMove,
}: {
  pipeline: Named | null;
  open: boolean;
  onClose: () => void;
  onMove: (pipeline: Named, stage: PipelineStageName) => void;
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
    <Modal
      open={open}
      onClose={close}
      title={`Move ${pipeline.candidate.name}`}
      description={`Now in ${PIPELINE_STAGE_LABELS[pipeline.stage.name]}.`}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!stage}>
            Move
          </Button>
        </>
      }
    >
      <form
        id={formId}
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
      </form>
    </Modal>
  );
}

/** Delete, after a confirmation; the server's refusal shows in the dialog. */
export function DeletePipelineDialog({
  pipeline,
  open,
  onClose,
  onDeleted,
}: {
  pipeline: Named | null;
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
      onConfirm={async () => {
        const result = await remove({ pipeline });
        if (result.error) return;
        dispatch(notifySuccess(`${pipeline.candidate.name} was removed from the pipeline.`));
        close();
        onDeleted?.();
      }}
    >
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
    </ConfirmDialog>
  );
}

/** Reopen a closed pipeline; a refusal (or a conflict, with the fresh state shown) is a toast. */
export function useReopen() {
  const dispatch = useAppDispatch();
  const [reopen, state] = useReopenPipelineMutation();
  // Stable: the board passes it to every (memoised) card.
  const run = useCallback(
    async (pipeline: Named) => {
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
