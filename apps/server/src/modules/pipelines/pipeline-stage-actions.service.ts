import { CANDIDATE_STATUS_LABELS, type CandidateStatus } from '@recruitdesk/contracts/candidates';
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
  type SubmittalOutcomeInputSchema,
  type UpdatePipelineInputSchema,
} from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import { toNumeric } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import { markCandidatesPlaced } from '../candidates/candidates.service';
import { requireClientRow } from '../clients/clients.service';
import { formatMoney, placementFeeOf, roleFeeTerms } from '../roles/role-fees.service';
import { fromMinor, minorOfNumber } from '@recruitdesk/money';
import { requireRoleRow } from '../roles/roles.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  actionResponse,
  assertUserExists,
  label,
  loadForChange,
  nameOf,
  scopeOf,
  stageValues,
  when,
  writeChange,
} from './pipeline-change';
import { badInput, refused } from './pipeline-errors';
import { notifyPlacementRecorded, notifySubmittalRecorded } from './pipeline-listeners';
import { cancelPendingInterviews, pendingClientInterviewsOrAsk, resolveClientInterviews } from './pending-interviews';
import { insertInterviewRow, pendingClientInterviewRow } from './interviews.repository';
import {
  countRolePlacements,
  findLatestSubmittal,
  insertPlacementRow,
  insertSubmittalRow,
  updateSubmittalRow,
} from './submittals-placements.repository';
import type { NewPipelineEventRow } from './pipelines.table';

// Stage actions: a move or a new recruiter, close, reopen, ready to submit, the submittal and the client's answer.

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
  await writeChange(
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
        await recordActivity(tx, {
          scope: scopeOf(ctx),
          actor,
          verb: 'stage_changed',
          modelType: 'pipeline',
          objectId: id,
          summary: `Moved ${nameOf(ctx)} from ${label(ctx.pipeline.stage)} to ${label(stage)} in ${ctx.role.name}`,
        });
      }
      if (recruiterChanging) {
        await recordActivity(tx, {
          scope: scopeOf(ctx),
          actor,
          verb: 'updated',
          modelType: 'pipeline',
          objectId: id,
          summary: recruiter
            ? `Made ${displayName(recruiter)} the recruiter of ${nameOf(ctx)} in ${ctx.role.name}`
            : `Removed the recruiter of ${nameOf(ctx)} in ${ctx.role.name}`,
        });
      }
      return { events, result: undefined };
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
  await writeChange(
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
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'closed',
        modelType: 'pipeline',
        objectId: id,
        summary: `Closed ${nameOf(ctx)} in ${ctx.role.name} (${reasonLabel})`,
      });
      const cancelled = await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed');
      return {
        events: [
          ...cancelled,
          event('closed', {
            fromStage: ctx.pipeline.stage,
            detail: input.note ? `${reasonLabel}: ${input.note}` : reasonLabel,
          }),
        ],
        result: undefined,
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
  await writeChange(
    deps,
    actor,
    ctx,
    version,
    () => ({ state: 'open', closeReason: null, closeNote: '', closedAt: null }),
    async ({ tx, event }) => {
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'reopened',
        modelType: 'pipeline',
        objectId: id,
        summary: `Reopened ${nameOf(ctx)} in ${ctx.role.name}`,
      });
      return {
        events: [event('reopened', { toStage: ctx.pipeline.stage, detail: label(ctx.pipeline.stage) })],
        result: undefined,
      };
    },
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
  await writeChange(deps, actor, ctx, input.version, stageValues(ctx, 'submit_pending'), async ({ tx, event }) => {
    await recordActivity(tx, {
      scope: scopeOf(ctx),
      actor,
      verb: 'stage_changed',
      modelType: 'pipeline',
      objectId: id,
      summary: `Marked ${nameOf(ctx)} ready to submit for ${ctx.role.name}`,
    });
    return {
      events: [
        event('stage_changed', {
          fromStage: ctx.pipeline.stage,
          toStage: 'submit_pending',
          detail: input.note || `${label(ctx.pipeline.stage)} → ${label('submit_pending')}`,
        }),
      ],
      result: undefined,
    };
  });
  return actionResponse(deps, actor, id);
}

/** Sent to the client, from any stage before Submitted. */
export async function recordSubmittal(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof SubmittalInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version, {
    from: {
      stages: PIPELINE_STAGES.slice(0, stagePosition('submitted')),
      refusal: 'SUBMITTAL_STAGE',
    },
  });
  await writeChange(deps, actor, ctx, input.version, stageValues(ctx, 'submitted'), async ({ tx, now, event }) => {
    await insertSubmittalRow(tx, {
      pipelineId: id,
      submittedOn: input.submitted_on,
      submittedById: actor.id,
      proposedSalary: toNumeric(input.proposed_salary),
      note: input.note,
      outcome: 'pending',
      createdAt: now,
    });
    await recordActivity(tx, {
      scope: scopeOf(ctx),
      actor,
      verb: 'submitted',
      modelType: 'pipeline',
      objectId: id,
      summary: `Submitted ${nameOf(ctx)} to ${ctx.clientName} for ${ctx.role.name}`,
    });
    await notifySubmittalRecorded({
      tx,
      now,
      actor,
      pipelineId: id,
      roleId: ctx.role.id,
      clientId: ctx.role.clientId,
    });
    return {
      events: [
        event('submitted', {
          fromStage: ctx.pipeline.stage,
          toStage: 'submitted',
          detail: `Submitted on ${input.submitted_on}`,
        }),
      ],
      result: undefined,
    };
  });
  return actionResponse(deps, actor, id);
}

const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type OutcomeInput = z.output<typeof SubmittalOutcomeInputSchema>;

/**
 * The client's answer, from Submitted, Client interview or Offer: a client interview (booked), rejected
 * (closed), an offer, or placed (the placement, its fee and guarantee end, the candidate becomes placed).
 */
export async function recordSubmittalOutcome(deps: Deps, actor: UserRow, id: number, input: OutcomeInput) {
  const ctx = await loadForChange(deps, actor, id, input.version, {
    from: {
      stages: ['submitted', 'client_interview', 'offer'],
      refusal: 'SUBMITTAL_OUTCOME_STAGE',
    },
  });
  const version = input.version;
  const submittal = await findLatestSubmittal(deps.db, id);
  const from = ctx.pipeline.stage;

  if (input.outcome === 'client_interview') {
    const scheduledAt = new Date(input.scheduled_at);
    await writeChange(deps, actor, ctx, version, stageValues(ctx, 'client_interview'), async ({ tx, now, event }) => {
      await insertInterviewRow(tx, pendingClientInterviewRow(id, input, input.interviewer_name, actor.id, now));
      if (submittal)
        await updateSubmittalRow(tx, submittal.id, {
          outcome: 'client_interview',
          outcomeAt: now,
        });
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'interview_booked',
        modelType: 'pipeline',
        objectId: id,
        summary: `Booked a client interview with ${nameOf(ctx)} for ${ctx.role.name} on ${when(scheduledAt)}`,
      });
      const withWhom = input.interviewer_name ? ` with ${input.interviewer_name}` : '';
      return {
        events: [
          event('submittal_outcome', {
            fromStage: from,
            toStage: 'client_interview',
            detail: `Client interview on ${when(scheduledAt)}${withWhom}`,
          }),
        ],
        result: undefined,
      };
    });
    return actionResponse(deps, actor, id);
  }

  if (input.outcome === 'rejected') {
    const { feedback } = input;
    await writeChange(
      deps,
      actor,
      ctx,
      version,
      (now) => ({
        state: 'closed',
        closeReason: 'rejected_by_client',
        closeNote: feedback,
        closedAt: now,
      }),
      async ({ tx, now, event }) => {
        if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'rejected', outcomeAt: now });
        await recordActivity(tx, {
          scope: scopeOf(ctx),
          actor,
          verb: 'submittal_outcome',
          modelType: 'pipeline',
          objectId: id,
          summary: `${ctx.clientName} rejected ${nameOf(ctx)} for ${ctx.role.name}`,
        });
        const reason = PIPELINE_CLOSE_REASON_LABELS.rejected_by_client;
        const cancelled = await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed');
        return {
          events: [
            event('submittal_outcome', {
              fromStage: from,
              toStage: from,
              detail: feedback ? `${reason}: ${feedback}` : reason,
            }),
            ...cancelled,
            event('closed', { fromStage: from, detail: reason }),
          ],
          result: undefined,
        };
      },
    );
    return actionResponse(deps, actor, id);
  }

  // An offer or a placement goes past the client interview: a booked one needs an answer first.
  await pendingClientInterviewsOrAsk(
    deps,
    ctx,
    input.pending_interviews,
    input.outcome === 'offer' ? 'record the offer' : 'record the placement',
  );

  if (input.outcome === 'offer') {
    const offered = input.offered_salary;
    const currency = offered !== null ? (await requireRoleRow(deps.db, ctx.role.id)).salaryCurrency : '';
    const offerValues = (now: Date) => ({
      ...stageValues(ctx, 'offer')(now),
      offeredSalary: offered !== null ? String(offered) : null,
      offerCurrency: offered !== null ? currency : null,
      offeredAt: now,
      offerAnswer: null,
      offerAnsweredAt: null,
    });
    await writeChange(deps, actor, ctx, version, offerValues, async ({ tx, now, event }) => {
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'offer', outcomeAt: now });
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'submittal_outcome',
        modelType: 'pipeline',
        objectId: id,
        summary: `${ctx.clientName} made ${nameOf(ctx)} an offer for ${ctx.role.name}`,
      });
      const parts = ['Offer', offered !== null ? `of ${formatMoney(minorOfNumber(offered), currency)}` : null]
        .filter(Boolean)
        .join(' ');
      const resolved = await resolveClientInterviews(
        tx,
        { now, event },
        ctx,
        input.pending_interviews,
        'offer recorded',
      );
      return {
        events: [
          ...resolved,
          event('submittal_outcome', {
            fromStage: from,
            toStage: 'offer',
            detail: input.note ? `${parts}: ${input.note}` : parts,
          }),
        ],
        result: undefined,
      };
    });
    return actionResponse(deps, actor, id);
  }

  // Placed: stage, submittal, placement (fee from the client's terms) and the candidate's status, at once.
  const role = await requireRoleRow(deps.db, ctx.role.id);
  const client = await requireClientRow(deps.db, role.clientId);
  // A placement answers the open offer: accepted (an offer never recorded stays without one).
  const placedValues = (now: Date) => ({
    ...stageValues(ctx, 'placed')(now),
    ...(ctx.pipeline.offeredAt ? { offerAnswer: 'accepted', offerAnsweredAt: now } : {}),
  });
  const offerCloseRole = await writeChange(deps, actor, ctx, version, placedValues, async ({ tx, now, event }) => {
    const resolved = [
      ...(await resolveClientInterviews(tx, { now, event }, ctx, input.pending_interviews, 'placed')),
      ...(await cancelPendingInterviews(tx, { now, event }, ctx, 'the candidate was placed')),
    ];
    const fee = placementFeeOf(role, await roleFeeTerms(tx, role, client), minorOfNumber(input.salary));
    const placement = await insertPlacementRow(tx, {
      pipelineId: id,
      salary: String(input.salary),
      currency: fee.currency,
      startDate: input.start_date,
      fee: fromMinor(fee.fee),
      feePercent: toNumeric(fee.feePercent),
      feeExplanation: fee.explanation,
      guaranteeEnd: client.guaranteeDays ? addDays(input.start_date, client.guaranteeDays) : null,
      createdById: actor.id,
      createdAt: now,
    });
    if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'placed', outcomeAt: now });
    if (ctx.candidate.status !== 'placed') {
      await markCandidatesPlaced(tx, [ctx.candidate.id], now);
      const previous = CANDIDATE_STATUS_LABELS[ctx.candidate.status as CandidateStatus] ?? ctx.candidate.status;
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'status_changed',
        modelType: 'candidate',
        objectId: ctx.candidate.id,
        summary: `Changed candidate ${nameOf(ctx)} from ${previous} to Placed`,
      });
    }
    await recordActivity(tx, {
      scope: scopeOf(ctx),
      actor,
      verb: 'placed',
      modelType: 'pipeline',
      objectId: id,
      // No fee here: whoever reads the record's history reads this line (decision 071).
      summary: `Placed ${nameOf(ctx)} in ${ctx.role.name} at ${ctx.clientName}`,
    });
    await notifyPlacementRecorded({
      tx,
      now,
      actor,
      pipelineId: id,
      roleId: role.id,
      clientId: role.clientId,
      placementId: placement.id,
    });
    const placements = await countRolePlacements(tx, role.id);
    return {
      events: [
        ...resolved,
        event('placed', {
          fromStage: from,
          toStage: 'placed',
          // The fee and how it was computed live on the placement, shown to whoever may see fees (decision 071).
          detail: `Starts ${input.start_date}.`,
        }),
      ],
      result: role.state !== 'closed' && placements >= role.openings,
    };
  });
  return actionResponse(deps, actor, id, offerCloseRole);
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
