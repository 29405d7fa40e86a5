import { CANDIDATE_ERRORS, CANDIDATE_STATUS_LABELS, type CandidateDuplicate, type CandidateInputParsed, type CandidateStatus } from '@recruitdesk/contracts/candidates';
import {
  INTERVIEW_OUTCOME_LABELS,
  INTERVIEW_OUTCOMES,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_CLOSE_REASONS,
  PIPELINE_ERRORS,
  type PIPELINE_EVENT_KINDS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  stagePosition,
  type BookInterviewInputSchema,
  type CandidateDetail,
  type ClosePipelineInputSchema,
  type InternalInterviewOutcomeInputSchema,
  type Interview,
  type PipelineCloseReason,
  type PipelineDetail,
  type PipelineEvent,
  type PipelineFormDataResponse,
  type PipelineHeadersResponse,
  type PipelineStageName,
  type PipelineSummary,
  type Placement,
  type SubmittalInputSchema,
  type Submittal,
  type SubmittalOutcomeInputSchema,
  type UpdatePipelineInputSchema,
  type ReopenPipelineInputSchema,
  type CreatePipelineInputSchema,
  type RoleCandidatesQuerySchema,
  type SubmitPendingInputSchema,
  type PipelineActionResponse,
} from '@recruitdesk/contracts/pipelines';
import { MAX_ID } from '@recruitdesk/contracts/common';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { candidateName, createCandidate, markCandidatesPlaced, requireCandidateRow, toApiCandidate } from '../candidates/candidates.service';
import { requireClientRow } from '../clients/clients.service';
import { countNotes, deleteNotesOf } from '../notes/notes.service';
import { formatMoney, placementFeeOf, requireRoleRow, roleFeeTerms } from '../roles/roles.service';
import { actorOf, displayName, type UserRow } from '../users/users.service';
import {
  countRolePipelinesByStage,
  countRolePlacements,
  deletePipelineRow,
  findLatestSubmittal,
  findPendingInternalInterview,
  findPipelineContextRow,
  findPipelineIdInRole,
  findPipelineSummaryRow,
  findPlacementRow,
  findUserNameRow,
  insertEventRows,
  insertInterviewRow,
  insertPipelineRow,
  insertPlacementRow,
  insertSubmittalRow,
  listCandidateInterviewRows,
  listCandidatePipelineRows,
  listEventRows,
  listInterviewerRows,
  listPipelineInterviewRows,
  listRoleCandidateRows,
  listRolePipelineRows,
  listSubmittalRows,
  updateInterviewRow,
  updatePipelineIfVersion,
  updateSubmittalRow,
  type InterviewWithNamesRow,
  type PersonNameRow,
  type PipelineContextRow,
  type PipelineSummaryRow,
  type PipelineWithRoleRow,
} from './pipelines.repository';
import type { NewPipelineEventRow, NewPipelineRow, PipelineEventRow, PipelineRow } from './pipelines.table';

export type { PipelineRow } from './pipelines.table';
export { insertPipelineChildRows, insertPipelineRows, countRolePipelinesByStage, listRolePipelineRows } from './pipelines.repository';

type EventKind = (typeof PIPELINE_EVENT_KINDS)[number];
type Actor = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

// ---------------------------------------------------------------------------------------------------------
// Presenting
// ---------------------------------------------------------------------------------------------------------

const stageOf = (name: string) => {
  const stage = name as PipelineStageName;
  return { name: stage, label: PIPELINE_STAGE_LABELS[stage] ?? name, position: stagePosition(stage) };
};

const personRef = (user: PersonNameRow | null) => (user ? { id: user.id, name: displayName(user) } : null);

export function toApiSummary(row: PipelineSummaryRow): PipelineSummary {
  return {
    id: row.id,
    role_id: row.roleId,
    candidate: {
      id: row.candidateId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      current_title: row.currentTitle,
      current_company: row.currentCompany,
      email: row.email,
    },
    stage: stageOf(row.stage),
    state: row.state as PipelineSummary['state'],
    close_reason: (row.closeReason as PipelineCloseReason | null) ?? null,
    close_note: row.closeNote,
    recruiter:
      row.recruiterId === null
        ? null
        : {
            id: row.recruiterId,
            name: displayName({ firstName: row.recruiterFirstName ?? '', lastName: row.recruiterLastName ?? '', username: row.recruiterUsername ?? '', email: row.recruiterEmail ?? '' }),
          },
    stage_changed_at: row.stageChangedAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    next_interview_at: row.nextInterviewAt ? new Date(row.nextInterviewAt).toISOString() : null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toRoleRef = (row: PipelineWithRoleRow): PipelineDetail['role'] => ({
  id: row.roleId,
  name: row.roleName,
  state: row.roleState,
  openings: row.roleOpenings,
  client: { id: row.clientId, name: row.clientName, client_type: row.clientType as PipelineDetail['role']['client']['client_type'] },
});

function toApiEvent(row: PipelineEventRow): PipelineEvent {
  return {
    id: row.id,
    kind: row.kind as EventKind,
    from_stage: (row.fromStage as PipelineStageName | null) ?? null,
    to_stage: (row.toStage as PipelineStageName | null) ?? null,
    detail: row.detail,
    actor: row.actorId === null && !row.actorName ? null : { id: row.actorId, name: row.actorName },
    created_at: row.createdAt.toISOString(),
  };
}

function toApiInterview({ interview, role, candidate }: InterviewWithNamesRow): Interview {
  return {
    id: interview.id,
    pipeline_id: interview.pipelineId,
    role: { id: role.id, name: role.name },
    candidate: { id: candidate.id, name: `${candidate.firstName} ${candidate.lastName}`.trim() },
    kind: interview.kind as Interview['kind'],
    scheduled_at: interview.scheduledAt.toISOString(),
    duration_minutes: interview.durationMinutes,
    location: interview.location,
    meeting_url: interview.meetingUrl,
    interviewer: interview.interviewerId === null ? null : { id: interview.interviewerId, name: interview.interviewerName },
    interviewer_name: interview.interviewerName,
    outcome: interview.outcome as Interview['outcome'],
    feedback: interview.feedback,
    created_at: interview.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('PIPELINE_NOT_FOUND', 404, PIPELINE_ERRORS.NOT_FOUND);
const refused = (code: keyof typeof PIPELINE_ERRORS) => new AppError(code, 409, PIPELINE_ERRORS[code]);
const badInput = (code: keyof typeof PIPELINE_ERRORS, field: string) => new AppError(code, 400, PIPELINE_ERRORS[code], { [field]: [PIPELINE_ERRORS[code]] });

async function presentSummary(deps: Deps, id: number): Promise<PipelineSummary> {
  const row = await findPipelineSummaryRow(deps.db, id, deps.config.now());
  if (!row) throw notFound();
  return toApiSummary(row);
}

/** The full detail: one query per collection. */
async function presentDetail(deps: Deps, id: number): Promise<PipelineDetail> {
  const { db } = deps;
  const row = await findPipelineSummaryRow(db, id, deps.config.now());
  if (!row) throw notFound();
  const [candidate, events, interviews, submittals, placement, notesCount] = [
    await requireCandidateRow(db, row.candidateId),
    await listEventRows(db, id),
    await listPipelineInterviewRows(db, id),
    await listSubmittalRows(db, id),
    await findPlacementRow(db, id),
    await countNotes(db, 'pipeline', id),
  ];
  return {
    pipeline: toApiSummary(row),
    role: toRoleRef(row),
    candidate: toApiCandidate(candidate),
    events: events.map(toApiEvent),
    interviews: interviews.map(toApiInterview),
    submittals: submittals.map(({ submittal, submittedBy }): Submittal => ({
      id: submittal.id,
      pipeline_id: submittal.pipelineId,
      submitted_on: submittal.submittedOn,
      submitted_by: personRef(submittedBy),
      proposed_salary: fromNumeric(submittal.proposedSalary),
      note: submittal.note,
      outcome: submittal.outcome as Submittal['outcome'],
      outcome_at: submittal.outcomeAt ? submittal.outcomeAt.toISOString() : null,
      created_at: submittal.createdAt.toISOString(),
    })),
    placement: placement
      ? ({
          id: placement.placement.id,
          pipeline_id: placement.placement.pipelineId,
          salary: fromNumeric(placement.placement.salary) ?? 0,
          currency: placement.placement.currency,
          start_date: placement.placement.startDate,
          fee: fromNumeric(placement.placement.fee) ?? 0,
          fee_percent: fromNumeric(placement.placement.feePercent),
          fee_explanation: placement.placement.feeExplanation,
          guarantee_end: placement.placement.guaranteeEnd,
          created_by: personRef(placement.createdBy),
          created_at: placement.placement.createdAt.toISOString(),
        } satisfies Placement)
      : null,
    notes_count: notesCount,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------------

export async function getPipeline(deps: Deps, actor: UserRow, id: number): Promise<PipelineDetail> {
  assertCan(actorOf(actor), 'records.read');
  return presentDetail(deps, id);
}

/** The board: every pipeline of the role in the state asked for. */
export async function listRolePipelines(deps: Deps, actor: UserRow, roleId: number, state: 'open' | 'closed' | 'all'): Promise<{ pipelines: PipelineSummary[]; count: number }> {
  assertCan(actorOf(actor), 'records.read');
  const rows = await listRolePipelineRows(deps.db, roleId, state, deps.config.now());
  if (rows.length === 0) await requireRoleRow(deps.db, roleId); // 404 for an unknown role (checked only when empty)
  return { pipelines: rows.map(toApiSummary), count: rows.length };
}

export async function listRoleCandidates(deps: Deps, actor: UserRow, roleId: number, query: z.output<typeof RoleCandidatesQuerySchema>): Promise<{ results: PipelineSummary[]; count: number }> {
  assertCan(actorOf(actor), 'records.read');
  const { rows, count } = await listRoleCandidateRows(
    deps.db,
    roleId,
    { search: query.search || undefined, stage: query.stage, state: query.state, limit: query.page_size, offset: (query.page - 1) * query.page_size },
    deps.config.now(),
  );
  if (count === 0) await requireRoleRow(deps.db, roleId);
  return { results: rows.map(toApiSummary), count };
}

/** One column per stage, in order, with its open and closed counts. */
export async function rolePipelineHeaders(deps: Deps, actor: UserRow, roleId: number): Promise<Omit<PipelineHeadersResponse, 'success'>> {
  assertCan(actorOf(actor), 'records.read');
  const byStage = await countRolePipelinesByStage(deps.db, roleId);
  if (byStage.length === 0) await requireRoleRow(deps.db, roleId);
  const counts = new Map(byStage.map((row) => [row.stage, row]));
  const headers = PIPELINE_STAGES.map((stage, position) => ({
    name: stage,
    label: PIPELINE_STAGE_LABELS[stage],
    position,
    open_count: counts.get(stage)?.open ?? 0,
    closed_count: counts.get(stage)?.closed ?? 0,
  }));
  return {
    headers,
    open_count: headers.reduce((sum, header) => sum + header.open_count, 0),
    closed_count: headers.reduce((sum, header) => sum + header.closed_count, 0),
  };
}

export async function pipelineFormData(deps: Deps, actor: UserRow): Promise<Omit<PipelineFormDataResponse, 'success'>> {
  assertCan(actorOf(actor), 'records.read');
  const interviewers = await listInterviewerRows(deps.db);
  return {
    stages: PIPELINE_STAGES.map((value) => ({ value, label: PIPELINE_STAGE_LABELS[value] })),
    close_reasons: PIPELINE_CLOSE_REASONS.map((value) => ({ value, label: PIPELINE_CLOSE_REASON_LABELS[value] })),
    interview_outcomes: INTERVIEW_OUTCOMES.map((value) => ({ value, label: INTERVIEW_OUTCOME_LABELS[value] })),
    interviewers: interviewers.map((user) => ({ id: user.id, name: displayName(user) })),
  };
}

/** How many characters of the resume text the candidate detail shows. */
export const RESUME_PREVIEW_CHARS = 2000;

/** The candidate with every pipeline (and its role), every interview, and the pipeline in `roleId` in full. */
export async function getCandidateDetail(deps: Deps, actor: UserRow, candidateId: number, roleId?: number): Promise<CandidateDetail> {
  assertCan(actorOf(actor), 'records.read');
  const { db } = deps;
  const candidate = await requireCandidateRow(db, candidateId);
  const [pipelines, interviews, notesCount] = [
    await listCandidatePipelineRows(db, candidateId, deps.config.now()),
    await listCandidateInterviewRows(db, candidateId),
    await countNotes(db, 'candidate', candidateId),
  ];
  const inRole = roleId === undefined ? undefined : pipelines.find((row) => row.roleId === roleId);
  return {
    ...toApiCandidate(candidate),
    resume_text_preview: candidate.resumeText.slice(0, RESUME_PREVIEW_CHARS),
    pipelines: pipelines.map((row) => ({ ...toApiSummary(row), role: toRoleRef(row) })),
    interviews: interviews.map(toApiInterview),
    pipeline: inRole ? await presentDetail(deps, inRole.id) : null,
    notes_count: notesCount,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writes: the optimistic update and its history
// ---------------------------------------------------------------------------------------------------------

const nameOf = (ctx: PipelineContextRow) => candidateName(ctx.candidate);
const label = (stage: string) => PIPELINE_STAGE_LABELS[stage as PipelineStageName] ?? stage;
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function requireContext(db: Db, id: number): Promise<PipelineContextRow> {
  const ctx = await findPipelineContextRow(db, id);
  if (!ctx) throw notFound();
  return ctx;
}

/** 409 with the pipeline as it is now (404 when it is gone). */
async function conflict(deps: Deps, id: number): Promise<AppError> {
  const row = await findPipelineSummaryRow(deps.db, id, deps.config.now());
  if (!row) return notFound();
  return new AppError('PIPELINE_CONFLICT', 409, PIPELINE_ERRORS.CONFLICT, undefined, undefined, { pipeline: toApiSummary(row) });
}

async function assertVersion(deps: Deps, ctx: PipelineContextRow, version: number): Promise<void> {
  if (ctx.pipeline.version !== version) throw await conflict(deps, ctx.pipeline.id);
}

/** Moves are refused on closed and placed pipelines. */
function assertMovable(ctx: PipelineContextRow): void {
  if (ctx.pipeline.state === 'closed') throw refused('CLOSED');
  if (ctx.pipeline.stage === 'placed') throw refused('PLACED');
}

const STALE = Symbol('stale');

interface ChangeScope {
  tx: Db;
  now: Date;
  /** The pipeline after the update. */
  row: PipelineRow;
  event(kind: EventKind, values?: Partial<Pick<NewPipelineEventRow, 'fromStage' | 'toStage' | 'detail'>>): NewPipelineEventRow;
}

/**
 * One changing call in one transaction: the versioned UPDATE first (no row matched: 409 with the fresh
 * pipeline, nothing written), then `after` writes the rest; events are inserted and any error rolls back all.
 */
async function writeChange<T>(
  deps: Deps,
  actor: Actor,
  ctx: PipelineContextRow,
  version: number,
  values: (now: Date) => Partial<NewPipelineRow>,
  after: (scope: ChangeScope) => Promise<{ events: NewPipelineEventRow[]; result: T }>,
): Promise<T> {
  const id = ctx.pipeline.id;
  try {
    return await inTransaction(deps.db, async (tx) => {
      const now = deps.config.now();
      const row = await updatePipelineIfVersion(tx, id, version, { ...values(now), updatedAt: now });
      if (!row) throw STALE;
      const event: ChangeScope['event'] = (kind, extra = {}) => ({
        pipelineId: id,
        kind,
        fromStage: extra.fromStage ?? null,
        toStage: extra.toStage ?? null,
        detail: extra.detail ?? '',
        actorId: actor.id,
        actorName: displayName(actor),
        createdAt: now,
      });
      const { events, result } = await after({ tx, now, row, event });
      await insertEventRows(tx, events);
      return result;
    });
  } catch (error) {
    if (error === STALE) throw await conflict(deps, id);
    throw error;
  }
}

const stageValues = (ctx: PipelineContextRow, stage: PipelineStageName) => (now: Date): Partial<NewPipelineRow> =>
  ctx.pipeline.stage === stage ? {} : { stage, stageChangedAt: now };

async function actionResponse(deps: Deps, id: number, offerCloseRole = false): Promise<Omit<PipelineActionResponse, 'success'>> {
  return { data: await presentDetail(deps, id), offer_close_role: offerCloseRole };
}

/** Ids in bodies are checked for existence; one beyond PostgreSQL's integer range cannot exist. */
const storable = (id: number) => id <= MAX_ID;

async function assertUserExists(db: Db, id: number | null | undefined, field: string, message: string, code = 'VALIDATION_FAILED'): Promise<PersonNameRow | null> {
  if (id == null) return null;
  const user = storable(id) ? await findUserNameRow(db, id) : undefined;
  if (!user) throw new AppError(code, 400, message, { [field]: [message] });
  return user;
}

// ---------------------------------------------------------------------------------------------------------
// Create and delete
// ---------------------------------------------------------------------------------------------------------

export interface SavedPipeline {
  pipeline: PipelineSummary;
  duplicates: CandidateDuplicate[];
}

type CreateInput = z.output<typeof CreatePipelineInputSchema>;

/**
 * Adds an existing candidate, or a new one created through the candidates service (same checks and
 * duplicate warning as POST /api/candidates/), to the role: candidate and pipeline in one transaction.
 */
export async function createPipeline(deps: Deps, actor: UserRow, roleId: number, input: CreateInput): Promise<SavedPipeline> {
  assertCan(actorOf(actor), 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  if (role.state === 'closed') throw refused('ROLE_CLOSED');
  const client = await requireClientRow(deps.db, role.clientId);
  if (input.recruiter_id != null) await assertUserExists(deps.db, input.recruiter_id, 'recruiter_id', 'Choose an existing user.');
  if (input.candidate_id !== undefined) {
    const unknownCandidate = () => fieldsError({ candidate_id: [CANDIDATE_ERRORS.CANDIDATE_NOT_FOUND] }, 'CANDIDATE_NOT_FOUND');
    if (!storable(input.candidate_id)) throw unknownCandidate();
    await requireCandidateRow(deps.db, input.candidate_id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw unknownCandidate();
      throw error;
    });
    if (await findPipelineIdInRole(deps.db, roleId, input.candidate_id)) throw refused('ALREADY_IN_ROLE');
  }
  const recruiterId = input.recruiter_id === undefined ? (role.recruiterId ?? actor.id) : input.recruiter_id;
  try {
    const { id, duplicates } = await inTransaction(deps.db, async (tx) => {
      let candidate: { id: number; name: string };
      let duplicates: CandidateDuplicate[] = [];
      if (input.candidate) {
        const saved = await createCandidate({ ...deps, db: tx }, actor, input.candidate as CandidateInputParsed);
        candidate = saved.candidate;
        duplicates = saved.duplicates;
      } else {
        const row = await requireCandidateRow(tx, input.candidate_id as number);
        candidate = { id: row.id, name: candidateName(row) };
      }
      const now = deps.config.now();
      const row = await insertPipelineRow(tx, {
        roleId,
        candidateId: candidate.id,
        stage: input.stage,
        state: 'open',
        recruiterId,
        stageChangedAt: now,
        version: 1,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertEventRows(tx, [{ pipelineId: row.id, kind: 'created', toStage: input.stage, detail: label(input.stage), actorId: actor.id, actorName: displayName(actor), createdAt: now }]);
      await recordActivity(tx, {
        actor,
        verb: 'created',
        modelType: 'pipeline',
        objectId: row.id,
        summary: `Added ${candidate.name} to ${role.name} at ${client.name} (${label(input.stage)})`,
      });
      return { id: row.id, duplicates };
    });
    return { pipeline: await presentSummary(deps, id), duplicates };
  } catch (error) {
    if (isUniqueViolation(error)) throw refused('ALREADY_IN_ROLE');
    throw error;
  }
}

export const PIPELINE_HAS_PLACEMENT = 'This pipeline has a placement, so it cannot be deleted; close it instead.';

/** The pipeline, its events, interviews, submittals and notes; refused (409) once it has a placement. */
export async function deletePipeline(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  const hasPlacement = () => new AppError('PIPELINE_HAS_PLACEMENT', 409, PIPELINE_HAS_PLACEMENT);
  if (await findPlacementRow(deps.db, id)) throw hasPlacement();
  try {
    await inTransaction(deps.db, async (tx) => {
      await deleteNotesOf(tx, 'pipeline', [id]);
      await deletePipelineRow(tx, id);
      await recordActivity(tx, { actor, verb: 'deleted', modelType: 'pipeline', objectId: id, summary: `Removed ${nameOf(ctx)} from ${ctx.role.name} at ${ctx.clientName}` });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw hasPlacement();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Stage moves, recruiter, close, reopen
// ---------------------------------------------------------------------------------------------------------

/** PATCH: a move to any stage but `placed` (open, not placed pipelines) and/or a new recruiter. */
export async function updatePipeline(deps: Deps, actor: UserRow, id: number, input: z.output<typeof UpdatePipelineInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const stage = input.stage as PipelineStageName | undefined;
  if (stage === 'placed') throw badInput('PLACE_NEEDS_DETAILS', 'stage');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  const moving = stage !== undefined;
  if (moving) {
    assertMovable(ctx);
    if (ctx.pipeline.stage === stage) throw badInput('SAME_STAGE', 'stage');
  }
  const recruiterChanging = input.recruiter_id !== undefined && input.recruiter_id !== ctx.pipeline.recruiterId;
  const recruiter = recruiterChanging ? await assertUserExists(deps.db, input.recruiter_id, 'recruiter_id', 'Choose an existing user.') : null;
  if (!moving && !recruiterChanging) return actionResponse(deps, id);
  await writeChange(
    deps,
    actor,
    ctx,
    input.version,
    (now) => ({ ...(moving ? { stage, stageChangedAt: now } : {}), ...(recruiterChanging ? { recruiterId: input.recruiter_id ?? null } : {}) }),
    async ({ tx, event }) => {
      const events: NewPipelineEventRow[] = [];
      if (moving) {
        events.push(event('stage_changed', { fromStage: ctx.pipeline.stage, toStage: stage, detail: `${label(ctx.pipeline.stage)} → ${label(stage)}` }));
        await recordActivity(tx, {
          actor,
          verb: 'stage_changed',
          modelType: 'pipeline',
          objectId: id,
          summary: `Moved ${nameOf(ctx)} from ${label(ctx.pipeline.stage)} to ${label(stage)} in ${ctx.role.name}`,
        });
      }
      if (recruiterChanging) {
        await recordActivity(tx, {
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
  return actionResponse(deps, id);
}

/** Closes with a reason (a placed pipeline stays placed). */
export async function closePipeline(deps: Deps, actor: UserRow, id: number, input: z.output<typeof ClosePipelineInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  const reason = input.reason as PipelineCloseReason;
  const reasonLabel = PIPELINE_CLOSE_REASON_LABELS[reason];
  await writeChange(
    deps,
    actor,
    ctx,
    input.version,
    (now) => ({ state: 'closed', closeReason: reason, closeNote: input.note, closedAt: now }),
    async ({ tx, event }) => {
      await recordActivity(tx, { actor, verb: 'closed', modelType: 'pipeline', objectId: id, summary: `Closed ${nameOf(ctx)} in ${ctx.role.name} (${reasonLabel})` });
      return { events: [event('closed', { fromStage: ctx.pipeline.stage, detail: input.note ? `${reasonLabel}: ${input.note}` : reasonLabel })], result: undefined };
    },
  );
  return actionResponse(deps, id);
}

/** Reopens a closed pipeline in the stage it was closed in; not while its role is closed. */
export async function reopenPipeline(deps: Deps, actor: UserRow, id: number, { version }: z.output<typeof ReopenPipelineInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, version);
  if (ctx.pipeline.state !== 'closed') throw refused('NOT_CLOSED');
  if (ctx.role.state === 'closed') throw refused('ROLE_CLOSED');
  await writeChange(
    deps,
    actor,
    ctx,
    version,
    () => ({ state: 'open', closeReason: null, closeNote: '', closedAt: null }),
    async ({ tx, event }) => {
      await recordActivity(tx, { actor, verb: 'reopened', modelType: 'pipeline', objectId: id, summary: `Reopened ${nameOf(ctx)} in ${ctx.role.name}` });
      return { events: [event('reopened', { toStage: ctx.pipeline.stage, detail: label(ctx.pipeline.stage) })], result: undefined };
    },
  );
  return actionResponse(deps, id);
}

// ---------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------

/** An internal interview, from Sourced (moves to Internal interview) or Internal interview (another round). */
export async function bookInterview(deps: Deps, actor: UserRow, id: number, input: z.output<typeof BookInterviewInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  if (ctx.pipeline.stage !== 'sourced' && ctx.pipeline.stage !== 'internal_interview') throw refused('BOOK_INTERVIEW_STAGE');
  const interviewer = await assertUserExists(deps.db, input.interviewer_id, 'interviewer_id', PIPELINE_ERRORS.INTERVIEWER_NOT_FOUND, 'INTERVIEWER_NOT_FOUND');
  const scheduledAt = new Date(input.scheduled_at);
  await writeChange(deps, actor, ctx, input.version, stageValues(ctx, 'internal_interview'), async ({ tx, now, event }) => {
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
      actor,
      verb: 'interview_booked',
      modelType: 'pipeline',
      objectId: id,
      summary: `Booked an internal interview with ${nameOf(ctx)} for ${ctx.role.name} on ${when(scheduledAt)}`,
    });
    const detail = `Internal interview on ${when(scheduledAt)}${interviewer ? ` with ${displayName(interviewer)}` : ''}`;
    return { events: [event('interview_booked', { fromStage: ctx.pipeline.stage, toStage: 'internal_interview', detail })], result: undefined };
  });
  return actionResponse(deps, id);
}

/** Passed → Submit pending; failed → closed (rejected by us); no show → stays in Internal interview. */
export async function recordInternalInterviewOutcome(deps: Deps, actor: UserRow, id: number, input: z.output<typeof InternalInterviewOutcomeInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  if (ctx.pipeline.stage !== 'internal_interview') throw refused('OUTCOME_STAGE');
  const interview = input.interview_id === undefined || storable(input.interview_id) ? await findPendingInternalInterview(deps.db, id, input.interview_id) : undefined;
  if (!interview) throw refused('NO_PENDING_INTERVIEW');
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
    if (outcome === 'failed') events.push(event('closed', { fromStage: 'internal_interview', detail: PIPELINE_CLOSE_REASON_LABELS.rejected_by_us }));
    const consequence = outcome === 'passed' ? '; now Submit pending' : outcome === 'failed' ? '; closed (Rejected by us)' : '';
    await recordActivity(tx, {
      actor,
      verb: 'interview_outcome',
      modelType: 'pipeline',
      objectId: id,
      summary: `Internal interview of ${nameOf(ctx)} for ${ctx.role.name}: ${outcomeLabel}${consequence}`,
    });
    return { events, result: undefined };
  });
  return actionResponse(deps, id);
}

/** Ready to send to the client, from Sourced or Internal interview. */
export async function markSubmitPending(deps: Deps, actor: UserRow, id: number, input: z.output<typeof SubmitPendingInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  if (ctx.pipeline.stage !== 'sourced' && ctx.pipeline.stage !== 'internal_interview') throw refused('SUBMIT_PENDING_STAGE');
  await writeChange(deps, actor, ctx, input.version, stageValues(ctx, 'submit_pending'), async ({ tx, event }) => {
    await recordActivity(tx, { actor, verb: 'stage_changed', modelType: 'pipeline', objectId: id, summary: `Marked ${nameOf(ctx)} ready to submit for ${ctx.role.name}` });
    return { events: [event('stage_changed', { fromStage: ctx.pipeline.stage, toStage: 'submit_pending', detail: input.note || `${label(ctx.pipeline.stage)} → ${label('submit_pending')}` })], result: undefined };
  });
  return actionResponse(deps, id);
}

/** Sent to the client, from any stage before Submitted. */
export async function recordSubmittal(deps: Deps, actor: UserRow, id: number, input: z.output<typeof SubmittalInputSchema>) {
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  if (stagePosition(ctx.pipeline.stage as PipelineStageName) >= stagePosition('submitted')) throw refused('SUBMITTAL_STAGE');
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
    await recordActivity(tx, { actor, verb: 'submitted', modelType: 'pipeline', objectId: id, summary: `Submitted ${nameOf(ctx)} to ${ctx.clientName} for ${ctx.role.name}` });
    return { events: [event('submitted', { fromStage: ctx.pipeline.stage, toStage: 'submitted', detail: `Submitted on ${input.submitted_on}` })], result: undefined };
  });
  return actionResponse(deps, id);
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
  assertCan(actorOf(actor), 'records.write');
  const ctx = await requireContext(deps.db, id);
  await assertVersion(deps, ctx, input.version);
  assertMovable(ctx);
  if (!['submitted', 'client_interview', 'offer'].includes(ctx.pipeline.stage)) throw refused('SUBMITTAL_OUTCOME_STAGE');
  const version = input.version;
  const submittal = await findLatestSubmittal(deps.db, id);
  const from = ctx.pipeline.stage;

  if (input.outcome === 'client_interview') {
    const scheduledAt = new Date(input.scheduled_at);
    await writeChange(deps, actor, ctx, version, stageValues(ctx, 'client_interview'), async ({ tx, now, event }) => {
      await insertInterviewRow(tx, {
        pipelineId: id,
        kind: 'client',
        scheduledAt,
        durationMinutes: input.duration_minutes,
        location: input.location,
        meetingUrl: input.meeting_url,
        interviewerId: null,
        interviewerName: input.interviewer_name,
        outcome: 'pending',
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'client_interview', outcomeAt: now });
      await recordActivity(tx, { actor, verb: 'interview_booked', modelType: 'pipeline', objectId: id, summary: `Booked a client interview with ${nameOf(ctx)} for ${ctx.role.name} on ${when(scheduledAt)}` });
      const withWhom = input.interviewer_name ? ` with ${input.interviewer_name}` : '';
      return { events: [event('submittal_outcome', { fromStage: from, toStage: 'client_interview', detail: `Client interview on ${when(scheduledAt)}${withWhom}` })], result: undefined };
    });
    return actionResponse(deps, id);
  }

  if (input.outcome === 'rejected') {
    const { feedback } = input;
    await writeChange(
      deps,
      actor,
      ctx,
      version,
      (now) => ({ state: 'closed', closeReason: 'rejected_by_client', closeNote: feedback, closedAt: now }),
      async ({ tx, now, event }) => {
        if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'rejected', outcomeAt: now });
        await recordActivity(tx, { actor, verb: 'submittal_outcome', modelType: 'pipeline', objectId: id, summary: `${ctx.clientName} rejected ${nameOf(ctx)} for ${ctx.role.name}` });
        const reason = PIPELINE_CLOSE_REASON_LABELS.rejected_by_client;
        return {
          events: [event('submittal_outcome', { fromStage: from, toStage: from, detail: feedback ? `${reason}: ${feedback}` : reason }), event('closed', { fromStage: from, detail: reason })],
          result: undefined,
        };
      },
    );
    return actionResponse(deps, id);
  }

  if (input.outcome === 'offer') {
    const offered = input.offered_salary;
    await writeChange(deps, actor, ctx, version, stageValues(ctx, 'offer'), async ({ tx, now, event }) => {
      if (submittal) await updateSubmittalRow(tx, submittal.id, { outcome: 'offer', outcomeAt: now });
      await recordActivity(tx, { actor, verb: 'submittal_outcome', modelType: 'pipeline', objectId: id, summary: `${ctx.clientName} made ${nameOf(ctx)} an offer for ${ctx.role.name}` });
      const parts = ['Offer', offered !== null ? `of ${offered.toLocaleString('en-US')}` : null].filter(Boolean).join(' ');
      return { events: [event('submittal_outcome', { fromStage: from, toStage: 'offer', detail: input.note ? `${parts}: ${input.note}` : parts })], result: undefined };
    });
    return actionResponse(deps, id);
  }

  // Placed: stage, submittal, placement (fee from the client's terms) and the candidate's status, at once.
  const role = await requireRoleRow(deps.db, ctx.role.id);
  const client = await requireClientRow(deps.db, role.clientId);
  const offerCloseRole = await writeChange(deps, actor, ctx, version, stageValues(ctx, 'placed'), async ({ tx, now, event }) => {
    const fee = placementFeeOf(role, await roleFeeTerms(tx, role, client), input.salary);
    await insertPlacementRow(tx, {
      pipelineId: id,
      salary: String(input.salary),
      currency: fee.currency,
      startDate: input.start_date,
      fee: String(fee.fee),
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
      await recordActivity(tx, { actor, verb: 'status_changed', modelType: 'candidate', objectId: ctx.candidate.id, summary: `Changed candidate ${nameOf(ctx)} from ${previous} to Placed` });
    }
    await recordActivity(tx, {
      actor,
      verb: 'placed',
      modelType: 'pipeline',
      objectId: id,
      summary: `Placed ${nameOf(ctx)} in ${ctx.role.name} at ${ctx.clientName} (fee ${formatMoney(fee.fee, fee.currency)})`,
    });
    const placements = await countRolePlacements(tx, role.id);
    return {
      events: [event('placed', { fromStage: from, toStage: 'placed', detail: `Starts ${input.start_date}. ${fee.explanation}` })],
      result: role.state !== 'closed' && placements >= role.openings,
    };
  });
  return actionResponse(deps, id, offerCloseRole);
}
