import {
  INTERVIEW_OUTCOME_LABELS,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_ERRORS,
  type BookInterviewInputSchema,
  type ClientInterviewOutcomeInputSchema,
  type InternalInterviewOutcomeInputSchema,
  type PipelineStageName,
} from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  actionResponse,
  assertUserExists,
  loadForChange,
  nameOf,
  scopeOf,
  stageValues,
  storable,
  when,
  writeChange,
} from './pipeline-change';
import { badInput, refused } from './pipeline-errors';
import { cancelPendingInterviews } from './pending-interviews';
import {
  findPendingInterview,
  insertInterviewRow,
  pendingClientInterviewRow,
  resolveInterviewRows,
  updateInterviewRow,
} from './interviews.repository';
import { findLatestSubmittal, updateSubmittalRow } from './submittals-placements.repository';
import type { NewPipelineRow } from './pipelines.table';

// Interviews: booking an internal one and recording the outcome of an internal or a client interview.

/** An internal interview, from Sourced (moves to Internal interview) or Internal interview (another round). */
export async function bookInterview(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof BookInterviewInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version, {
    from: { stages: ['sourced', 'internal_interview'], refusal: 'BOOK_INTERVIEW_STAGE' },
  });
  const interviewer = await assertUserExists(
    deps.db,
    input.interviewer_id,
    'interviewer_id',
    PIPELINE_ERRORS.INTERVIEWER_NOT_FOUND,
    'INTERVIEWER_NOT_FOUND',
  );
  const scheduledAt = new Date(input.scheduled_at);
  await writeChange(
    deps,
    actor,
    ctx,
    input.version,
    stageValues(ctx, 'internal_interview'),
    async ({ tx, now, event }) => {
      await insertInterviewRow(tx, {
        pipelineId: id,
        kind: 'internal',
        scheduledAt,
        durationMinutes: input.duration_minutes,
        location: input.location,
        meetingUrl: input.meeting_url,
        interviewerId: interviewer?.id ?? null,
        interviewerName: interviewer ? displayName(interviewer) : '',
        outcome: 'pending',
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'interview_booked',
        modelType: 'pipeline',
        objectId: id,
        summary: `Booked an internal interview with ${nameOf(ctx)} for ${ctx.role.name} on ${when(scheduledAt)}`,
      });
      const detail = `Internal interview on ${when(scheduledAt)}${interviewer ? ` with ${displayName(interviewer)}` : ''}`;
      return {
        events: [event('interview_booked', { fromStage: ctx.pipeline.stage, toStage: 'internal_interview', detail })],
        result: undefined,
      };
    },
  );
  return actionResponse(deps, actor, id);
}

/** Passed → Submit pending; failed → closed (rejected by us); no show → stays in Internal interview. */
export async function recordInternalInterviewOutcome(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof InternalInterviewOutcomeInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version, {
    from: { stages: ['internal_interview'], refusal: 'OUTCOME_STAGE' },
  });
  const interview =
    input.interview_id === undefined || storable(input.interview_id)
      ? await findPendingInterview(deps.db, id, 'internal', input.interview_id)
      : undefined;
  if (!interview) throw refused('NO_PENDING_INTERVIEW');
  // How it went is known only once it has taken place (issue 29 item l).
  if (interview.scheduledAt > deps.config.now()) throw badInput('INTERVIEW_NOT_HELD', 'outcome');
  const outcome = input.outcome;
  const outcomeLabel = INTERVIEW_OUTCOME_LABELS[outcome];
  const values = (now: Date): Partial<NewPipelineRow> =>
    outcome === 'passed'
      ? { stage: 'submit_pending', stageChangedAt: now }
      : outcome === 'failed'
        ? { state: 'closed', closeReason: 'rejected_by_us', closeNote: input.feedback, closedAt: now }
        : {};
  await writeChange(deps, actor, ctx, input.version, values, async ({ tx, now, event }) => {
    await updateInterviewRow(tx, interview.id, { outcome, feedback: input.feedback, updatedAt: now });
    const events = [
      event('interview_outcome', {
        fromStage: 'internal_interview',
        toStage: outcome === 'passed' ? 'submit_pending' : 'internal_interview',
        detail: input.feedback ? `${outcomeLabel}: ${input.feedback}` : outcomeLabel,
      }),
    ];
    if (outcome === 'failed') {
      events.push(...(await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed')));
      events.push(
        event('closed', { fromStage: 'internal_interview', detail: PIPELINE_CLOSE_REASON_LABELS.rejected_by_us }),
      );
    }
    const consequence =
      outcome === 'passed' ? '; now Submit pending' : outcome === 'failed' ? '; closed (Rejected by us)' : '';
    await recordActivity(tx, {
      scope: scopeOf(ctx),
      actor,
      verb: 'interview_outcome',
      modelType: 'pipeline',
      objectId: id,
      summary: `Internal interview of ${nameOf(ctx)} for ${ctx.role.name}: ${outcomeLabel}${consequence}`,
    });
    return { events, result: undefined };
  });
  return actionResponse(deps, actor, id);
}

/**
 * A pending client interview's outcome (open, not placed): passed (stays, ready for an offer), rejected
 * (closed, rejected by the client), no show (stays), rescheduled (marked so, and a new one booked).
 */
export async function recordClientInterviewOutcome(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof ClientInterviewOutcomeInputSchema>,
) {
  const ctx = await loadForChange(deps, actor, id, input.version);
  const interview =
    input.interview_id === undefined || storable(input.interview_id)
      ? await findPendingInterview(deps.db, id, 'client', input.interview_id)
      : undefined;
  if (!interview) throw refused('NO_PENDING_CLIENT_INTERVIEW');
  // Passed or no show only once it has taken place (issue 29 item l); the client may reject, or the time
  // move, before it.
  if ((input.outcome === 'passed' || input.outcome === 'no_show') && interview.scheduledAt > deps.config.now())
    throw badInput('INTERVIEW_NOT_HELD', 'outcome');
  const stage = ctx.pipeline.stage as PipelineStageName;
  const outcome = input.outcome;
  const outcomeLabel = INTERVIEW_OUTCOME_LABELS[outcome];
  const on = `Client interview on ${when(interview.scheduledAt)}`;
  const values = (now: Date): Partial<NewPipelineRow> =>
    outcome === 'rejected'
      ? { state: 'closed', closeReason: 'rejected_by_client', closeNote: input.feedback, closedAt: now }
      : {};
  await writeChange(deps, actor, ctx, input.version, values, async ({ tx, now, event }) => {
    await updateInterviewRow(tx, interview.id, { outcome, feedback: input.feedback, updatedAt: now });
    const detail = [
      `${on}: ${outcomeLabel}`,
      input.outcome === 'rescheduled' ? `new time ${when(new Date(input.scheduled_at))}` : '',
      input.feedback,
    ]
      .filter(Boolean)
      .join(' · ');
    const events = [event('interview_outcome', { fromStage: stage, toStage: stage, detail })];
    let consequence = '';
    if (input.outcome === 'rescheduled') {
      const scheduledAt = new Date(input.scheduled_at);
      await insertInterviewRow(
        tx,
        pendingClientInterviewRow(id, input, input.interviewer_name || interview.interviewerName, actor.id, now),
      );
      consequence = `; rescheduled to ${when(scheduledAt)}`;
    }
    if (outcome === 'rejected') {
      const submittal = await findLatestSubmittal(tx, id);
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'rejected', outcomeAt: now });
      events.push(...(await cancelPendingInterviews(tx, { now, event }, ctx, 'the pipeline was closed')));
      events.push(event('closed', { fromStage: stage, detail: PIPELINE_CLOSE_REASON_LABELS.rejected_by_client }));
      consequence = '; closed (Rejected by the client)';
    }
    await recordActivity(tx, {
      scope: scopeOf(ctx),
      actor,
      verb: 'interview_outcome',
      modelType: 'pipeline',
      objectId: id,
      summary: `Client interview of ${nameOf(ctx)} for ${ctx.role.name}: ${outcomeLabel}${consequence}`,
    });
    return { events, result: undefined };
  });
  return actionResponse(deps, actor, id);
}

/**
 * A pending client interview that will not take place (issue 35: its scheduling was cancelled): marked
 * cancelled, the pipeline stays where it is; the history says why. Refused (409) when it is no longer pending.
 */
export async function cancelClientInterview(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: { version: number; interview_id: number; reason: string },
) {
  const ctx = await loadForChange(deps, actor, id, input.version, { movable: false });
  const interview = storable(input.interview_id)
    ? await findPendingInterview(deps.db, id, 'client', input.interview_id)
    : undefined;
  if (!interview) throw refused('NO_PENDING_CLIENT_INTERVIEW');
  const stage = ctx.pipeline.stage as PipelineStageName;
  await writeChange(
    deps,
    actor,
    ctx,
    input.version,
    () => ({}),
    async ({ tx, now, event }) => {
      await resolveInterviewRows(tx, [interview.id], 'cancelled', now);
      const detail = [
        `Client interview on ${when(interview.scheduledAt)}: ${INTERVIEW_OUTCOME_LABELS.cancelled}`,
        input.reason,
      ]
        .filter(Boolean)
        .join(' · ');
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'interview_outcome',
        modelType: 'pipeline',
        objectId: id,
        summary: `Client interview of ${nameOf(ctx)} for ${ctx.role.name}: ${INTERVIEW_OUTCOME_LABELS.cancelled}`,
      });
      return { events: [event('interview_outcome', { fromStage: stage, toStage: stage, detail })], result: undefined };
    },
  );
  return actionResponse(deps, actor, id);
}
