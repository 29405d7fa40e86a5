import { useCallback, useRef } from 'react';
import type { PipelineStageName } from '@recruitdesk/contracts/pipelines';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import { freshSummaryOf, useMovePipelineMutation } from '../api';
import { decideMove, type NamedPipeline } from '../board-logic';
import { conflictOf } from '../refusals';
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
  /** One move, as the user asked it of this pipeline; `after` is the pipeline as the server now has it. */
  const moveOnce = useCallback(
    async (pipeline: NamedPipeline, stage: PipelineStageName | null | undefined) => {
      const decision = decideMove(pipeline, stage);
      let after = pipeline;
      if (decision.kind === 'refuse') dispatch(notifyError(decision.message));
      else if (decision.kind === 'place') openPlacement(pipeline);
      else if (decision.kind === 'patch') {
        let result = await move({ pipeline, stage: decision.stage });
        // Past a booked client interview (Offer): ask what happened to it, then move with the answer.
        const answer = result.error ? await askRef.current(result.error) : undefined;
        if (answer) result = await move({ pipeline, stage: decision.stage, pendingInterviews: answer });
        if (result.error && answer !== null) dispatch(notifyError(errorMessage(result.error)));
        const fresh = freshSummaryOf(result.data) ?? conflictOf(result.error);
        if (fresh) after = { ...pipeline, ...fresh };
      }
      return { decision, after };
    },
    [dispatch, move, openPlacement],
  );
  // Per card, the move in flight and the pipeline as it will stand after it. A second move of the same card
  // waits for it: sent at once it would carry the version the first move replaces (a 409), and the first
  // answer would put the card back where the second move took it from.
  const inFlight = useRef(new Map<number, Promise<NamedPipeline>>());
  const requestMove = useCallback(
    (given: NamedPipeline, stage: PipelineStageName | null | undefined) => {
      const earlier = inFlight.current.get(given.id);
      const run = earlier ? earlier.then((pipeline) => moveOnce(pipeline, stage)) : moveOnce(given, stage);
      const settled = run.then(
        ({ after }) => after,
        () => earlier ?? given,
      );
      inFlight.current.set(given.id, settled);
      void settled.then(() => {
        if (inFlight.current.get(given.id) === settled) inFlight.current.delete(given.id);
      });
      return run.then(({ decision }) => decision);
    },
    [moveOnce],
  );
  return { requestMove, question };
}
