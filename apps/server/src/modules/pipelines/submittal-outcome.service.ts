import { PIPELINE_CLOSE_REASON_LABELS } from '@recruitdesk/contracts/pipelines';
import type { Deps } from '../../lib/deps';
import { formatMoney } from '../roles/role-fees.service';
import { minorOfNumber } from '@recruitdesk/money';
import { requireRoleRow } from '../roles/roles.service';
import type { UserRow } from '../users/users.service';
import { actionResponse, loadForChange, nameOf, stageValues, when } from './pipeline-change';
import { writeStageAction } from './pipeline-stage-action';
import { cancelPendingInterviews, pendingClientInterviewsOrAsk, resolveClientInterviews } from './pending-interviews';
import { insertInterviewRow, pendingClientInterviewRow } from './interviews.repository';
import { recordPlacement } from './placement-outcome';
import { findLatestSubmittal, updateSubmittalRow } from './submittals-placements.repository';
import type { Outcome, OutcomeContext, OutcomeInput } from './submittal-outcome-context';

// The client's answer to a submittal: one function per outcome, on the stage actions' skeleton.

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
  const on: OutcomeContext = { deps, actor, ctx, submittal: await findLatestSubmittal(deps.db, id) };
  if (input.outcome === 'client_interview') await bookClientInterview(on, input);
  else if (input.outcome === 'rejected') await recordRejection(on, input);
  else {
    // An offer or a placement goes past the client interview: a booked one needs an answer first.
    await pendingClientInterviewsOrAsk(
      deps,
      ctx,
      input.pending_interviews,
      input.outcome === 'offer' ? 'record the offer' : 'record the placement',
    );
    if (input.outcome === 'offer') await recordOffer(on, input);
    else return actionResponse(deps, actor, id, await recordPlacement(on, input));
  }
  return actionResponse(deps, actor, id);
}

/** A client interview: booked, the pipeline at Client interview. */
async function bookClientInterview(
  { deps, actor, ctx, submittal }: OutcomeContext,
  input: Outcome<'client_interview'>,
) {
  const id = ctx.pipeline.id;
  const scheduledAt = new Date(input.scheduled_at);
  await writeStageAction(
    deps,
    actor,
    ctx,
    input.version,
    stageValues(ctx, 'client_interview'),
    async ({ tx, now, event }) => {
      await insertInterviewRow(tx, pendingClientInterviewRow(id, input, input.interviewer_name, actor.id, now));
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'client_interview', outcomeAt: now });
      const withWhom = input.interviewer_name ? ` with ${input.interviewer_name}` : '';
      return {
        activities: [
          {
            verb: 'interview_booked',
            summary: `Booked a client interview with ${nameOf(ctx)} for ${ctx.role.name} on ${when(scheduledAt)}`,
          },
        ],
        events: [
          event('submittal_outcome', {
            fromStage: ctx.pipeline.stage,
            toStage: 'client_interview',
            detail: `Client interview on ${when(scheduledAt)}${withWhom}`,
          }),
        ],
      };
    },
  );
}

/** Rejected by the client: the pipeline closes, its pending interviews are cancelled. */
async function recordRejection({ deps, actor, ctx, submittal }: OutcomeContext, input: Outcome<'rejected'>) {
  const { feedback } = input;
  const from = ctx.pipeline.stage;
  await writeStageAction(
    deps,
    actor,
    ctx,
    input.version,
    (now) => ({ state: 'closed', closeReason: 'rejected_by_client', closeNote: feedback, closedAt: now }),
    async ({ tx, now, event }) => {
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'rejected', outcomeAt: now });
      const reason = PIPELINE_CLOSE_REASON_LABELS.rejected_by_client;
      const cancelled = await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed');
      return {
        activities: [
          { verb: 'submittal_outcome', summary: `${ctx.clientName} rejected ${nameOf(ctx)} for ${ctx.role.name}` },
        ],
        events: [
          event('submittal_outcome', {
            fromStage: from,
            toStage: from,
            detail: feedback ? `${reason}: ${feedback}` : reason,
          }),
          ...cancelled,
          event('closed', { fromStage: from, detail: reason }),
        ],
      };
    },
  );
}

/** An offer (its salary in the role's currency, when given): the pipeline at Offer, its answer pending. */
async function recordOffer({ deps, actor, ctx, submittal }: OutcomeContext, input: Outcome<'offer'>) {
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
  await writeStageAction(deps, actor, ctx, input.version, offerValues, async ({ tx, now, event }) => {
    if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'offer', outcomeAt: now });
    const parts = ['Offer', offered !== null ? `of ${formatMoney(minorOfNumber(offered), currency)}` : null]
      .filter(Boolean)
      .join(' ');
    const resolved = await resolveClientInterviews(tx, { now, event }, ctx, input.pending_interviews, 'offer recorded');
    return {
      activities: [
        { verb: 'submittal_outcome', summary: `${ctx.clientName} made ${nameOf(ctx)} an offer for ${ctx.role.name}` },
      ],
      events: [
        ...resolved,
        event('submittal_outcome', {
          fromStage: ctx.pipeline.stage,
          toStage: 'offer',
          detail: input.note ? `${parts}: ${input.note}` : parts,
        }),
      ],
    };
  });
}
