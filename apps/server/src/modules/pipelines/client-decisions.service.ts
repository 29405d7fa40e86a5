import {
  INTERVIEW_OUTCOME_LABELS,
  PIPELINE_CLOSE_REASON_LABELS,
  stagePosition,
  type PipelineStageName,
} from '@recruitdesk/contracts/pipelines';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { findPendingInterview, updateInterviewRow } from './interviews.repository';
import { cancelPendingInterviews } from './pending-interviews';
import {
  nameOf,
  requireContext,
  scopeOf,
  stageValues,
  storable,
  when,
  writeChange,
  type ContactActor,
} from './pipeline-change';
import { insertEventRows, type PipelineContextRow } from './pipelines.repository';
import { findLatestSubmittal, updateSubmittalRow } from './submittals-placements.repository';
import type { NewPipelineRow } from './pipelines.table';

// What a client's contact does on the shortlist portal (issue 35), as pipeline changes made "by contact <name>"
// (decision 122). No user acts, so there is no permission check here: the shares module calls these only after
// the portal token proved the contact, the role and that this pipeline was shared with them.

export type { ContactActor } from './pipeline-change';

/** How the audit log names a contact (the activity row has no user). */
export const contactActorLabel = (by: ContactActor) => `${by.name} (client contact #${by.contactId})`;

const closedError = () =>
  new AppError('PIPELINE_CLOSED', 409, 'This candidate is no longer in the running for this role.');

function assertOpen(ctx: PipelineContextRow): void {
  if (ctx.pipeline.state === 'closed' || ctx.pipeline.stage === 'placed') throw closedError();
}

const audit =
  (deps: Deps, tx: Parameters<typeof recordActivity>[0], by: ContactActor, ctx: PipelineContextRow) =>
  async (verb: string, summary: string) =>
    recordActivity(tx, {
      scope: scopeOf(ctx),
      actor: null,
      actorLabel: contactActorLabel(by),
      verb,
      modelType: 'pipeline',
      objectId: ctx.pipeline.id,
      summary,
    });

/**
 * "Invite to interview": the pipeline moves to Client interview (from any earlier stage; the interview itself
 * is booked later), its pending submittal answered so. Already at Client interview: one more history line.
 */
export async function requestClientInterviewByContact(deps: Deps, by: ContactActor, pipelineId: number) {
  const ctx = await requireContext(deps.db, pipelineId);
  assertOpen(ctx);
  const from = ctx.pipeline.stage as PipelineStageName;
  if (stagePosition(from) > stagePosition('client_interview'))
    throw new AppError('PIPELINE_PAST_INTERVIEW', 409, 'This candidate is already past the interview stage.');
  const submittal = await findLatestSubmittal(deps.db, pipelineId);
  await writeChange(deps, by, ctx, ctx.pipeline.version, stageValues(ctx, 'client_interview'), async (scope) => {
    if (submittal?.outcome === 'pending')
      await updateSubmittalRow(scope.tx, submittal.id, { outcome: 'client_interview', outcomeAt: scope.now });
    await audit(
      deps,
      scope.tx,
      by,
      ctx,
    )(
      'client_interview_requested',
      `${by.name} (${ctx.clientName}) asked to interview ${nameOf(ctx)} for ${ctx.role.name}`,
    );
    return {
      events: [
        scope.event('submittal_outcome', {
          fromStage: from,
          toStage: 'client_interview',
          detail: 'Client interview requested',
        }),
      ],
      result: undefined,
    };
  });
}

/** Rejected by the client with the contact's reason: the pipeline closes, pending interviews are cancelled. */
export async function rejectByContact(deps: Deps, by: ContactActor, pipelineId: number, reason: string) {
  const ctx = await requireContext(deps.db, pipelineId);
  assertOpen(ctx);
  const from = ctx.pipeline.stage;
  const label = PIPELINE_CLOSE_REASON_LABELS.rejected_by_client;
  const submittal = await findLatestSubmittal(deps.db, pipelineId);
  const values = (now: Date): Partial<NewPipelineRow> => ({
    state: 'closed',
    closeReason: 'rejected_by_client',
    closeNote: reason,
    closedAt: now,
  });
  await writeChange(deps, by, ctx, ctx.pipeline.version, values, async (scope) => {
    if (submittal) await updateSubmittalRow(scope.tx, submittal.id, { outcome: 'rejected', outcomeAt: scope.now });
    const cancelled = await cancelPendingInterviews(scope.tx, scope, ctx, 'the pipeline was closed');
    await audit(
      deps,
      scope.tx,
      by,
      ctx,
    )('submittal_outcome', `${by.name} (${ctx.clientName}) rejected ${nameOf(ctx)} for ${ctx.role.name}`);
    return {
      events: [
        scope.event('submittal_outcome', { fromStage: from, toStage: from, detail: `${label}: ${reason}` }),
        ...cancelled,
        scope.event('closed', { fromStage: from, detail: label }),
      ],
      result: undefined,
    };
  });
}

/** A comment on the candidate: a history line (and an audit row); the pipeline itself does not change. */
export async function commentByContact(deps: Deps, by: ContactActor, pipelineId: number, comment: string) {
  const ctx = await requireContext(deps.db, pipelineId);
  const now = deps.config.now();
  await insertEventRows(deps.db, [
    {
      pipelineId,
      kind: 'client_comment',
      fromStage: ctx.pipeline.stage,
      toStage: ctx.pipeline.stage,
      detail: comment,
      actorId: null,
      contactId: by.contactId,
      actorName: by.name,
      createdAt: now,
    },
  ]);
  await audit(
    deps,
    deps.db,
    by,
    ctx,
  )('client_comment', `${by.name} (${ctx.clientName}) commented on ${nameOf(ctx)} for ${ctx.role.name}`);
}

export type ContactInterviewOutcome = 'passed' | 'rejected' | 'no_show';

/**
 * The outcome of a pending client interview whose time has passed, as the contact tells it: passed (stays,
 * ready for an offer), no show (stays), rejected (closed, rejected by the client). 404 for an interview that is
 * not this pipeline's pending client interview; 409 before its time.
 */
export async function recordInterviewOutcomeByContact(
  deps: Deps,
  by: ContactActor,
  pipelineId: number,
  interviewId: number,
  outcome: ContactInterviewOutcome,
  feedback: string,
) {
  const ctx = await requireContext(deps.db, pipelineId);
  const interview = storable(interviewId)
    ? await findPendingInterview(deps.db, pipelineId, 'client', interviewId)
    : undefined;
  if (!interview) throw new AppError('INTERVIEW_NOT_FOUND', 404, 'Not found.');
  if (interview.scheduledAt > deps.config.now())
    throw new AppError('INTERVIEW_NOT_HELD', 409, 'This interview has not taken place yet.');
  assertOpen(ctx);
  const stage = ctx.pipeline.stage;
  const values = (now: Date): Partial<NewPipelineRow> =>
    outcome === 'rejected'
      ? { state: 'closed', closeReason: 'rejected_by_client', closeNote: feedback, closedAt: now }
      : {};
  await writeChange(deps, by, ctx, ctx.pipeline.version, values, async (scope) => {
    await updateInterviewRow(scope.tx, interview.id, { outcome, feedback, updatedAt: scope.now });
    const detail = [
      `Client interview on ${when(interview.scheduledAt)}: ${INTERVIEW_OUTCOME_LABELS[outcome]}`,
      feedback,
    ]
      .filter(Boolean)
      .join(' · ');
    const events = [scope.event('interview_outcome', { fromStage: stage, toStage: stage, detail })];
    if (outcome === 'rejected') {
      const submittal = await findLatestSubmittal(scope.tx, pipelineId);
      if (submittal) await updateSubmittalRow(scope.tx, submittal.id, { outcome: 'rejected', outcomeAt: scope.now });
      events.push(...(await cancelPendingInterviews(scope.tx, scope, ctx, 'the pipeline was closed')));
      events.push(scope.event('closed', { fromStage: stage, detail: PIPELINE_CLOSE_REASON_LABELS.rejected_by_client }));
    }
    await audit(
      deps,
      scope.tx,
      by,
      ctx,
    )(
      'interview_outcome',
      `Client interview of ${nameOf(ctx)} for ${ctx.role.name}: ${INTERVIEW_OUTCOME_LABELS[outcome]} (told by ${by.name})`,
    );
    return { events, result: undefined };
  });
}
