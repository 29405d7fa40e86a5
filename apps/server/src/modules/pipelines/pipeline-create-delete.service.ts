import {
  CANDIDATE_ERRORS,
  CANDIDATE_STATUS_LABELS,
  type CandidateDuplicate,
  type CandidateInputParsed,
  type CandidateStatus,
} from '@recruitdesk/contracts/candidates';
import {
  needsStatusConfirmation,
  type CreatePipelineInputSchema,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { candidateName, createCandidate, requireCandidateRow } from '../candidates/candidates.service';
import { requireClientRow } from '../clients/clients.service';
import { deleteNotesOf } from '../notes/notes.service';
import { requireRoleRow } from '../roles/roles.service';
import { displayName, type UserRow } from '../users/users.service';
import { assertUserExists, label, nameOf, requireContext, scopeOf, storable } from './pipeline-change';
import { refused } from './pipeline-errors';
import { presentSummary } from './pipeline-presenters';
import { deletePipelineRow, findPipelineIdInRole, insertEventRows, insertPipelineRow } from './pipelines.repository';
import { findPlacementRow } from './submittals-placements.repository';

// Adding a candidate to a role (a new pipeline) and removing the pipeline.

export interface SavedPipeline {
  pipeline: PipelineSummary;
  duplicates: CandidateDuplicate[];
}

type CreateInput = z.output<typeof CreatePipelineInputSchema>;

type StatusCheck = { id: number | null; name: string; status: CandidateStatus };

/** 409 CANDIDATE_STATUS_CONFIRM naming the candidates whose status needs a confirmation with a reason. */
function statusConfirmNeeded(candidates: StatusCheck[]): AppError {
  const [first] = candidates;
  const message =
    candidates.length === 1 && first
      ? `${first.name} is marked ${CANDIDATE_STATUS_LABELS[first.status]}. Say why they are added to this role anyway.`
      : `${candidates.length} of these candidates are marked do not contact or archived. Say why they are added to this role anyway.`;
  return new AppError('CANDIDATE_STATUS_CONFIRM', 409, message, { extra: { candidates } });
}

/** The history line of a confirmed add: which status was overridden and why. */
const statusOverride = (status: CandidateStatus, reason: string) =>
  `Added although marked ${CANDIDATE_STATUS_LABELS[status]}: ${reason}`;

/**
 * Adds an existing candidate, or a new one created through the candidates service (same checks and
 * duplicate warning as POST /api/candidates/), to the role: candidate and pipeline in one transaction.
 * A do-not-contact or archived candidate needs `status_confirmation` with a reason (else 409
 * CANDIDATE_STATUS_CONFIRM); the reason goes into the pipeline's and the candidate's history.
 */
export async function createPipeline(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: CreateInput,
): Promise<SavedPipeline> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  if (role.state === 'closed') throw refused('ROLE_CLOSED');
  const client = await requireClientRow(deps.db, role.clientId);
  if (input.recruiter_id != null)
    await assertUserExists(deps.db, input.recruiter_id, 'recruiter_id', 'Choose an existing user.');
  let status: CandidateStatus = (input.candidate?.status as CandidateStatus | undefined) ?? 'active';
  if (input.candidate_id !== undefined) {
    const unknownCandidate = () =>
      fieldsError({ candidate_id: [CANDIDATE_ERRORS.CANDIDATE_NOT_FOUND] }, 'CANDIDATE_NOT_FOUND');
    if (!storable(input.candidate_id)) throw unknownCandidate();
    const existing = await requireCandidateRow(deps.db, input.candidate_id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) throw unknownCandidate();
      throw error;
    });
    if (await findPipelineIdInRole(deps.db, roleId, input.candidate_id)) throw refused('ALREADY_IN_ROLE');
    status = existing.status as CandidateStatus;
    if (needsStatusConfirmation(status) && !input.status_confirmation)
      throw statusConfirmNeeded([{ id: existing.id, name: candidateName(existing), status }]);
  } else if (input.candidate && needsStatusConfirmation(status) && !input.status_confirmation) {
    throw statusConfirmNeeded([
      {
        id: null,
        name: candidateName({ firstName: input.candidate.first_name, lastName: input.candidate.last_name }),
        status,
      },
    ]);
  }
  const override =
    needsStatusConfirmation(status) && input.status_confirmation
      ? statusOverride(status, input.status_confirmation.reason)
      : null;
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
      await insertEventRows(tx, [
        {
          pipelineId: row.id,
          kind: 'created',
          toStage: input.stage,
          detail: override ?? label(input.stage),
          actorId: actor.id,
          actorName: displayName(actor),
          createdAt: now,
        },
      ]);
      const added = `Added ${candidate.name} to ${role.name} at ${client.name} (${label(input.stage)})`;
      await recordActivity(tx, {
        actor,
        verb: 'created',
        modelType: 'pipeline',
        objectId: row.id,
        scope: { clientId: client.id, roleId: role.id, candidateId: candidate.id },
        summary: override ? `${added}. ${override}` : added,
      });
      if (override) {
        await recordActivity(tx, {
          scope: { clientId: client.id, roleId: role.id, candidateId: candidate.id },
          actor,
          verb: 'status_override',
          modelType: 'candidate',
          objectId: candidate.id,
          summary: `Added ${candidate.name} to ${role.name} at ${client.name} although marked ${CANDIDATE_STATUS_LABELS[status]}: ${input.status_confirmation?.reason ?? ''}`,
        });
      }
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
  assertCan(actor, 'records.write');
  const ctx = await requireContext(deps.db, id);
  const hasPlacement = () => new AppError('PIPELINE_HAS_PLACEMENT', 409, PIPELINE_HAS_PLACEMENT);
  if (await findPlacementRow(deps.db, id)) throw hasPlacement();
  try {
    await inTransaction(deps.db, async (tx) => {
      await deleteNotesOf(tx, 'pipeline', [id]);
      await deletePipelineRow(tx, id);
      await recordActivity(tx, {
        scope: scopeOf(ctx),
        actor,
        verb: 'deleted',
        modelType: 'pipeline',
        objectId: id,
        summary: `Removed ${nameOf(ctx)} from ${ctx.role.name} at ${ctx.clientName}`,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw hasPlacement();
    throw error;
  }
}
