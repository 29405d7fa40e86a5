import { useCallback, useRef } from 'react';
import type { PipelineStageName } from '@recruitdesk/contracts/pipelines';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import { useMovePipelineMutation } from '../api';
import { decideMove, type NamedPipeline } from '../board-logic';
import { usePendingInterviewsQuestion } from './pending-interviews';

/**
 * The move rules in one place for drag, keyboard and "Move to…": nothing, a refusal toast, the placement
 * dialog, or an optimistic PATCH whose refusal (or 409 with the fresh state) shows as a toast and puts
 * the card back (or where it really is now).
 */
export function useBoardMove(openPlacement: (pipeline: NamedPipeline) => void) {
  const dispatch = useAppDispatch();
  const [move] = useMovePipelineMutation();
  const { ask, question } = usePendingInterviewsQuestion();
  const askRef = useRef(ask);
  askRef.current = ask;
  const requestMove = useCallback(
    async (pipeline: NamedPipeline, stage: PipelineStageName | null | undefined) => {
      const decision = decideMove(pipeline, stage);
      if (decision.kind === 'refuse') dispatch(notifyError(decision.message));
      else if (decision.kind === 'place') openPlacement(pipeline);
      else if (decision.kind === 'patch') {
        let result = await move({ pipeline, stage: decision.stage });
        // Past a booked client interview (Offer): ask what happened to it, then move with the answer.
        const answer = result.error ? await askRef.current(result.error) : undefined;
        if (answer) result = await move({ pipeline, stage: decision.stage, pendingInterviews: answer });
        if (result.error && answer !== null) dispatch(notifyError(errorMessage(result.error)));
      }
      return decision;
    },
    [dispatch, move, openPlacement],
  );
  return { requestMove, question };
}
