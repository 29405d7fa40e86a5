import { INTERVIEW_OUTCOME_LABELS, type PendingInterviewResolution } from '@recruitdesk/contracts/pipelines';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { nameOf, when, type ChangeScope } from './pipeline-change';
import { toApiInterview } from './pipeline-presenters';
import {
  listPendingInterviewRows,
  resolveInterviewRows,
  resolvePendingInterviewRows,
  type InterviewWithNamesRow,
} from './interviews.repository';
import { type PipelineContextRow } from './pipelines.repository';
import type { NewPipelineEventRow } from './pipelines.table';

// Pending interviews: a move past them asks what happened; closing or placing never leaves them pending

/** A pending interview has taken place once its start time has passed; later ones are still to come. */
const tookPlace = (interview: { scheduledAt: Date }, now: Date) => interview.scheduledAt.getTime() <= now.getTime();

/**
 * The client interviews still pending. With some and no `resolution`, 409 PENDING_CLIENT_INTERVIEWS with
 * them, so the screen can ask whether they went well or did not happen and send the move again. An
 * interview still to come (booked for later than now) is named in `upcoming_ids` and the message says
 * that going on now comes before it: the move then cancels it whatever the answer (it cannot have gone
 * well).
 */
export async function pendingClientInterviewsOrAsk(
  deps: Deps,
  ctx: PipelineContextRow,
  resolution: PendingInterviewResolution | undefined,
  step: string,
): Promise<InterviewWithNamesRow[]> {
  const pending = await listPendingInterviewRows(deps.db, ctx.pipeline.id, 'client');
  if (pending.length > 0 && !resolution) {
    const now = new Date();
    const upcoming = pending.filter((row) => !tookPlace(row.interview, now));
    const held = pending.length - upcoming.length;
    let message: string;
    if (upcoming.length === 0) {
      message =
        pending.length === 1
          ? `${nameOf(ctx)}'s client interview has no outcome yet. Record it first, or say whether it went well or did not happen.`
          : `${nameOf(ctx)} has ${pending.length} client interviews without an outcome. Record them first, or say whether they went well or did not happen.`;
    } else if (held === 0) {
      message =
        upcoming.length === 1
          ? `${nameOf(ctx)}'s client interview has not taken place yet. To ${step} before it, confirm that the interview is cancelled.`
          : `${nameOf(ctx)}'s ${upcoming.length} client interviews have not taken place yet. To ${step} before them, confirm that they are cancelled.`;
    } else {
      message = `${nameOf(ctx)} has ${pending.length} client interviews without an outcome, ${upcoming.length} of them not yet held. Say whether the held ${held === 1 ? 'one' : 'ones'} went well or did not happen; to ${step} now, the ${upcoming.length === 1 ? 'one still to come is' : 'ones still to come are'} cancelled.`;
    }
    throw new AppError('PENDING_CLIENT_INTERVIEWS', 409, message, {
      extra: { interviews: pending.map(toApiInterview), upcoming_ids: upcoming.map((row) => row.interview.id) },
    });
  }
  return pending;
}

/**
 * Gives the pending client interviews the caller's answer, one history line each ("… (moved to Offer)").
 * One still to come is cancelled whatever the answer, and its line says the step came before it.
 */
export async function resolveClientInterviews(
  tx: Db,
  scope: Pick<ChangeScope, 'now' | 'event'>,
  ctx: PipelineContextRow,
  resolution: PendingInterviewResolution | undefined,
  why: string,
): Promise<NewPipelineEventRow[]> {
  if (!resolution) return [];
  const pending = await listPendingInterviewRows(tx, ctx.pipeline.id, 'client');
  const held = pending.filter((row) => tookPlace(row.interview, scope.now)).map((row) => row.interview.id);
  const upcoming = pending.filter((row) => !tookPlace(row.interview, scope.now)).map((row) => row.interview.id);
  const resolved = [
    ...(await resolveInterviewRows(tx, held, resolution, scope.now)).map((interview) => ({
      interview,
      outcome: resolution,
      why,
    })),
    ...(await resolveInterviewRows(tx, upcoming, 'cancelled', scope.now)).map((interview) => ({
      interview,
      outcome: 'cancelled' as const,
      why: `${why} before it took place`,
    })),
  ].sort((a, b) => a.interview.scheduledAt.getTime() - b.interview.scheduledAt.getTime());
  return resolved.map(({ interview, outcome, why: reason }) =>
    scope.event('interview_outcome', {
      fromStage: ctx.pipeline.stage,
      toStage: ctx.pipeline.stage,
      detail: `Client interview on ${when(interview.scheduledAt)}: ${INTERVIEW_OUTCOME_LABELS[outcome]} (${reason})`,
    }),
  );
}

/** Closing or placing cancels whatever interviews are still pending (one history line when there were any). */
export async function cancelPendingInterviews(
  tx: Db,
  scope: Pick<ChangeScope, 'now' | 'event'>,
  ctx: PipelineContextRow,
  why: string,
): Promise<NewPipelineEventRow[]> {
  const cancelled = await resolvePendingInterviewRows(tx, ctx.pipeline.id, undefined, 'cancelled', scope.now);
  if (cancelled.length === 0) return [];
  const what = cancelled.length === 1 ? 'A pending interview was' : `${cancelled.length} pending interviews were`;
  return [
    scope.event('interview_outcome', {
      fromStage: ctx.pipeline.stage,
      toStage: ctx.pipeline.stage,
      detail: `${what} cancelled: ${why}`,
    }),
  ];
}
