import { CANDIDATE_STATUS_LABELS, type CandidateStatus } from '@recruitdesk/contracts/candidates';
import { toNumeric } from '../../db/sql-helpers';
import { recordActivity } from '../activity/activity.service';
import { markCandidatesPlaced } from '../candidates/candidates.service';
import { requireClientRow } from '../clients/clients.service';
import { placementFeeOf, roleFeeTerms } from '../roles/role-fees.service';
import { fromMinor, minorOfNumber } from '@recruitdesk/money';
import { requireRoleRow } from '../roles/roles.service';
import { nameOf, scopeOf, stageValues } from './pipeline-change';
import { notifyPlacementRecorded } from './pipeline-listeners';
import { writeStageAction } from './pipeline-stage-action';
import { cancelPendingInterviews, resolveClientInterviews } from './pending-interviews';
import { countRolePlacements, insertPlacementRow, updateSubmittalRow } from './submittals-placements.repository';
import type { Outcome, OutcomeContext } from './submittal-outcome-context';
import { addDays } from '@recruitdesk/money/dates';

// The client's last answer: placed. Stage, submittal, placement (fee from the client's terms) and the
// candidate's status, at once.

/** Records the placement; returns whether it fills the role's openings (the client may close the role). */
export async function recordPlacement(
  { deps, actor, ctx, submittal }: OutcomeContext,
  input: Outcome<'placed'>,
): Promise<boolean> {
  const id = ctx.pipeline.id;
  const role = await requireRoleRow(deps.db, ctx.role.id);
  const client = await requireClientRow(deps.db, role.clientId);
  // A placement answers the open offer: accepted (an offer never recorded stays without one).
  const placedValues = (now: Date) => ({
    ...stageValues(ctx, 'placed')(now),
    ...(ctx.pipeline.offeredAt ? { offerAnswer: 'accepted', offerAnsweredAt: now } : {}),
  });
  const offerCloseRole = await writeStageAction(
    deps,
    actor,
    ctx,
    input.version,
    placedValues,
    async ({ tx, now, event }) => {
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
      const placements = await countRolePlacements(tx, role.id);
      return {
        activities: [
          {
            verb: 'placed',
            // No fee here: whoever reads the record's history reads this line (decision 071).
            summary: `Placed ${nameOf(ctx)} in ${ctx.role.name} at ${ctx.clientName}`,
          },
        ],
        notify: () =>
          notifyPlacementRecorded({
            tx,
            now,
            actor,
            pipelineId: id,
            roleId: role.id,
            clientId: role.clientId,
            placementId: placement.id,
          }),
        events: [
          ...resolved,
          event('placed', {
            fromStage: ctx.pipeline.stage,
            toStage: 'placed',
            // The fee and how it was computed live on the placement, shown to whoever may see fees (decision 071).
            detail: `Starts ${input.start_date}.`,
          }),
        ],
        result: role.state !== 'closed' && placements >= role.openings,
      };
    },
  );
  return offerCloseRole ?? false;
}
