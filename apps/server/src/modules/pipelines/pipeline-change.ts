import { MAX_ID } from '@recruitdesk/contracts/common';
import {
  PIPELINE_ERRORS,
  PIPELINE_STAGE_LABELS,
  type PipelineActionResponse,
  type PipelineStageName,
} from '@recruitdesk/contracts/pipelines';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { candidateName } from '../candidates/candidates.service';
import { displayName, type UserRow } from '../users/users.service';
import { notFound, refused } from './pipeline-errors';
import { presentDetail, toApiSummary, type EventKind } from './pipeline-presenters';
import {
  findPipelineContextRow,
  findPipelineSummaryRow,
  findUserNameRow,
  insertEventRows,
  updatePipelineIfVersion,
  type PersonNameRow,
  type PipelineContextRow,
} from './pipelines.repository';
import type { NewPipelineEventRow, NewPipelineRow, PipelineRow } from './pipelines.table';

// What every changing call shares: the load-for-change preamble, the optimistic update and its history.

type UserActor = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>;

/** A client's contact acting through the shortlist portal (issue 35): the history names them, not a user. */
export interface ContactActor {
  contactId: number;
  name: string;
}
type Actor = UserActor | ContactActor;

const isContact = (actor: Actor): actor is ContactActor => 'contactId' in actor;

export const nameOf = (ctx: PipelineContextRow) => candidateName(ctx.candidate);
/** A pipeline's events belong to its role's, candidate's and client's histories too (decision 029). */
export const scopeOf = (ctx: PipelineContextRow) => ({
  clientId: ctx.role.clientId,
  roleId: ctx.role.id,
  candidateId: ctx.candidate.id,
});
export const label = (stage: string) => PIPELINE_STAGE_LABELS[stage as PipelineStageName] ?? stage;
export const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export async function requireContext(db: Db, id: number): Promise<PipelineContextRow> {
  const ctx = await findPipelineContextRow(db, id);
  if (!ctx) throw notFound();
  return ctx;
}

/** 409 with the pipeline as it is now (404 when it is gone). */
async function conflict(deps: Deps, id: number): Promise<AppError> {
  const row = await findPipelineSummaryRow(deps.db, id, deps.config.now());
  if (!row) return notFound();
  return new AppError('PIPELINE_CONFLICT', 409, PIPELINE_ERRORS.CONFLICT, { extra: { pipeline: toApiSummary(row) } });
}

/** Moves are refused on closed and placed pipelines. */
function assertMovable(ctx: PipelineContextRow): void {
  if (ctx.pipeline.state === 'closed') throw refused('CLOSED');
  if (ctx.pipeline.stage === 'placed') throw refused('PLACED');
}

export interface ChangeRule {
  /** Checks on the request alone: after the permission check, before the pipeline is loaded. */
  checkInput?: () => void;
  /** Closed and placed pipelines are refused (409 CLOSED / PLACED) unless this is false. */
  movable?: boolean;
  /** The stages the change starts from; any other is refused (409 with `refusal`). */
  from?: { stages: readonly PipelineStageName[]; refusal: keyof typeof PIPELINE_ERRORS };
}

/**
 * The preamble of every versioned change, in this order: the acting user may write (403), the request's
 * own checks, the pipeline exists (404), the version is current (409 with the pipeline as it is now), the
 * pipeline is open and not placed, and it is in a stage the change starts from.
 */
export async function loadForChange(
  deps: Deps,
  actor: UserRow,
  id: number,
  version: number,
  rule: ChangeRule = {},
): Promise<PipelineContextRow> {
  assertCan(actor, 'records.write');
  rule.checkInput?.();
  const ctx = await requireContext(deps.db, id);
  if (ctx.pipeline.version !== version) throw await conflict(deps, ctx.pipeline.id);
  if (rule.movable !== false) assertMovable(ctx);
  if (rule.from && !rule.from.stages.includes(ctx.pipeline.stage as PipelineStageName))
    throw refused(rule.from.refusal);
  return ctx;
}

const STALE = Symbol('stale');

export interface ChangeScope {
  tx: Db;
  now: Date;
  /** The pipeline after the update. */
  row: PipelineRow;
  event(
    kind: EventKind,
    values?: Partial<Pick<NewPipelineEventRow, 'fromStage' | 'toStage' | 'detail'>>,
  ): NewPipelineEventRow;
}

/**
 * One changing call in one transaction: the versioned UPDATE first (no row matched: 409 with the fresh
 * pipeline, nothing written), then `after` writes the rest; events are inserted and any error rolls back all.
 */
export async function writeChange<T>(
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
        ...(isContact(actor)
          ? { actorId: null, contactId: actor.contactId, actorName: actor.name }
          : { actorId: actor.id, actorName: displayName(actor) }),
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

export const stageValues =
  (ctx: PipelineContextRow, stage: PipelineStageName) =>
  (now: Date): Partial<NewPipelineRow> =>
    ctx.pipeline.stage === stage ? {} : { stage, stageChangedAt: now };

export async function actionResponse(
  deps: Deps,
  actor: UserRow,
  id: number,
  offerCloseRole = false,
): Promise<Omit<PipelineActionResponse, 'success'>> {
  return { data: await presentDetail(deps, actor, id), offer_close_role: offerCloseRole };
}

/** Ids in bodies are checked for existence; one beyond PostgreSQL's integer range cannot exist. */
export const storable = (id: number) => id <= MAX_ID;

export async function assertUserExists(
  db: Db,
  id: number | null | undefined,
  field: string,
  message: string,
  code = 'VALIDATION_FAILED',
): Promise<PersonNameRow | null> {
  if (id == null) return null;
  const user = storable(id) ? await findUserNameRow(db, id) : undefined;
  if (!user) throw new AppError(code, 400, message, { fields: { [field]: [message] } });
  return user;
}
