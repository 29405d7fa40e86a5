import {
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGES,
  stagePosition,
  type ClosePipelineInputSchema,
  type PipelineCloseReason,
  type PipelineStageName,
  type ReopenPipelineInputSchema,
  type SubmitPendingInputSchema,
  type SubmittalInputSchema,
  type UpdatePipelineInputSchema,
} from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import { toNumeric } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { displayName, type UserRow } from '../users/users.service';
import {
  actionResponse,
  assertUserExists,
  label,
  loadForChange,
  nameOf,
  requireContext,
  stageValues,
} from './pipeline-change';
import { refused, badInput } from './pipeline-errors';
import { notifySubmittalRecorded } from './pipeline-listeners';
import { writeStageAction, type PipelineActivity } from './pipeline-stage-action';
import { cancelPendingInterviews, pendingClientInterviewsOrAsk, resolveClientInterviews } from './pending-interviews';
import { insertSubmittalRow } from './submittals-placements.repository';
import type { NewPipelineEventRow } from './pipelines.table';
import type { PipelineContextRow } from './pipelines.repository';
import type { Db } from '../../db/client';

// Stage actions: a move or a new recruiter, close, reopen, ready to submit and the submittal. The client's
// answer to a submittal lives in submittal-outcome.service.ts.

/** PATCH: a move to any stage but `placed` (open, not placed pipelines) and/or a new recruiter. */
export async function updatePipeline(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof UpdatePipelineInputSchema>,
) {
  const stage = input.stage as PipelineStageName | undefined;
  const moving = stage !== undefined;
  const ctx = await loadForChange(deps, actor, id, input.version, {
    checkInput: () => {
      if (stage === 'placed') throw badInput('PLACE_NEEDS_DETAILS', 'stage');
    },
    movable: moving,
  });
  if (moving && ctx.pipeline.stage === stage) throw badInput('SAME_STAGE', 'stage');
  const recruiterChanging = input.recruiter_id !== undefined && input.recruiter_id !== ctx.pipeline.recruiterId;
  const recruiter = recruiterChanging
    ? await assertUserExists(deps.db, input.recruiter_id, 'recruiter_id', 'Choose an existing user.')
    : null;
  if (!moving && !recruiterChanging) return actionResponse(deps, actor, id);
  // Past the client interview (to Offer): its pending interviews need an answer first.
  const passing = moving && stagePosition(stage) > stagePosition('client_interview');
  if (passing) await pendingClientInterviewsOrAsk(deps, ctx, input.pending_interviews, `move to ${label(stage)}`);
  await writeStageAction(
    deps,
    actor,
    ctx,
    input.version,
    (now) => ({
      ...(moving ? { stage, stageChangedAt: now } : {}),
      ...(recruiterChanging ? { recruiterId: input.recruiter_id ?? null } : {}),
    }),
    async ({ tx, now, event }) => {
      const events: NewPipelineEventRow[] = [];
      const activities: PipelineActivity[] = [];
      if (passing)
        events.push(
          ...(await resolveClientInterviews(
            tx,
            { now, event },
            ctx,
            input.pending_interviews,
            `moved to ${label(stage)}`,
          )),
        );
      if (moving) {
        events.push(
          event('stage_changed', {
            fromStage: ctx.pipeline.stage,
            toStage: stage,
            detail: `${label(ctx.pipeline.stage)} → ${label(stage)}`,
          }),
        );
        activities.push({
          verb: 'stage_changed',
          summary: `Moved ${nameOf(ctx)} from ${label(ctx.pipeline.stage)} to ${label(stage)} in ${ctx.role.name}`,
        });
      }
      if (recruiterChanging)
        activities.push({
          verb: 'updated',
          summary: recruiter
            ? `Made ${displayName(recruiter)} the recruiter of ${nameOf(ctx)} in ${ctx.role.name}`
            : `Removed the recruiter of ${nameOf(ctx)} in ${ctx.role.name}`,
        });
      return { activities, events };
    },
  );
  return actionResponse(deps, actor, id);
}

/** Closes with a reason (a placed pipeline stays placed). */
export async function closePipeline(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof ClosePipelineInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version);
  const reason = input.reason as PipelineCloseReason;
  const reasonLabel = PIPELINE_CLOSE_REASON_LABELS[reason];
  await writeStageAction(
    deps,
    actor,
    ctx,
    input.version,
    (now) => ({
      state: 'closed',
      closeReason: reason,
      closeNote: input.note,
      closedAt: now,
      ...offerAnswerOnClose(ctx.pipeline, reason, now),
    }),
    async ({ tx, now, event }) => {
      const cancelled = await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed');
      return {
        activities: [{ verb: 'closed', summary: `Closed ${nameOf(ctx)} in ${ctx.role.name} (${reasonLabel})` }],
        events: [
          ...cancelled,
          event('closed', {
            fromStage: ctx.pipeline.stage,
            detail: input.note ? `${reasonLabel}: ${input.note}` : reasonLabel,
          }),
        ],
      };
    },
  );
  return actionResponse(deps, actor, id);
}

/** Reopens a closed pipeline in the stage it was closed in; not while its role is closed. */
export async function reopenPipeline(
  deps: Deps,
  actor: UserRow,
  id: number,
  { version }: z.output<typeof ReopenPipelineInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, version, { movable: false });
  if (ctx.pipeline.state !== 'closed') throw refused('NOT_CLOSED');
  if (ctx.role.state === 'closed') throw refused('ROLE_CLOSED');
  await writeStageAction(
    deps,
    actor,
    ctx,
    version,
    () => ({ state: 'open', closeReason: null, closeNote: '', closedAt: null }),
    async ({ event }) => ({
      activities: [{ verb: 'reopened', summary: `Reopened ${nameOf(ctx)} in ${ctx.role.name}` }],
      events: [event('reopened', { toStage: ctx.pipeline.stage, detail: label(ctx.pipeline.stage) })],
    }),
  );
  return actionResponse(deps, actor, id);
}

/** Ready to send to the client, from Sourced or Internal interview. */
export async function markSubmitPending(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof SubmitPendingInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version, {
    from: { stages: ['sourced', 'internal_interview'], refusal: 'SUBMIT_PENDING_STAGE' },
  });
  await writeStageAction(deps, actor, ctx, input.version, stageValues(ctx, 'submit_pending'), async ({ event }) => ({
    activities: [{ verb: 'stage_changed', summary: `Marked ${nameOf(ctx)} ready to submit for ${ctx.role.name}` }],
    events: [
      event('stage_changed', {
        fromStage: ctx.pipeline.stage,
        toStage: 'submit_pending',
        detail: input.note || `${label(ctx.pipeline.stage)} → ${label('submit_pending')}`,
      }),
    ],
  }));
  return actionResponse(deps, actor, id);
}

/** A submittal is the next step from any stage before Submitted, on an open pipeline. */
export const SUBMITTAL_RULE = {
  from: { stages: PIPELINE_STAGES.slice(0, stagePosition('submitted')), refusal: 'SUBMITTAL_STAGE' as const },
};

/**
 * The submittal's preconditions without writing (the submittal email checks them before it stores files):
 * the pipeline at `version` (omitted: as it is now), open, in a stage a submittal may follow; 409 otherwise.
 */
export async function loadForSubmittal(deps: Deps, actor: UserRow, id: number, version?: number) {
  const current = version ?? (await requireContext(deps.db, id)).pipeline.version;
  return loadForChange(deps, actor, id, current, SUBMITTAL_RULE);
}

/** Sent to the client, from any stage before Submitted. */
export async function recordSubmittal(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof SubmittalInputSchema>,
  /** More writes in the submittal's transaction (the submittal email queues its message here). */
  alsoWrite?: (tx: Db, ctx: PipelineContextRow) => Promise<void>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version, SUBMITTAL_RULE);
  await writeStageAction(deps, actor, ctx, input.version, stageValues(ctx, 'submitted'), async ({ tx, now, event }) => {
    await alsoWrite?.(tx, ctx);
    await insertSubmittalRow(tx, {
      pipelineId: id,
      submittedOn: input.submitted_on,
      submittedById: actor.id,
      proposedSalary: toNumeric(input.proposed_salary),
      note: input.note,
      outcome: 'pending',
      createdAt: now,
    });
    return {
      activities: [
        { verb: 'submitted', summary: `Submitted ${nameOf(ctx)} to ${ctx.clientName} for ${ctx.role.name}` },
      ],
      notify: () =>
        notifySubmittalRecorded({ tx, now, actor, pipelineId: id, roleId: ctx.role.id, clientId: ctx.role.clientId }),
      events: [
        event('submitted', {
          fromStage: ctx.pipeline.stage,
          toStage: 'submitted',
          detail: `Submitted on ${input.submitted_on}`,
        }),
      ],
    };
  });
  return actionResponse(deps, actor, id);
}

/**
 * Closing a pipeline at the offer stage answers its offer (decision 035): offer declined → declined, the
 * candidate withdrew → withdrawn. Other reasons (the client rescinded, the role closed) leave it unanswered.
 */
function offerAnswerOnClose(
  pipeline: { stage: string; offeredAt: Date | null },
  reason: PipelineCloseReason,
  now: Date,
) {
  if (pipeline.stage !== 'offer' || !pipeline.offeredAt) return {};
  if (reason === 'offer_declined') return { offerAnswer: 'declined', offerAnsweredAt: now };
  if (reason === 'candidate_withdrew') return { offerAnswer: 'withdrawn', offerAnsweredAt: now };
  return {};
}
