import {
  INTERVIEW_OUTCOME_LABELS,
  INTERVIEW_OUTCOMES,
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_CLOSE_REASONS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type CandidateDetail,
  type PipelineDetail,
  type PipelineFormDataResponse,
  type PipelineHeadersResponse,
  type PipelineSummary,
  type RoleCandidatesQuerySchema,
} from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireCandidateRow, toApiCandidate } from '../candidates/candidates.service';
import { countNotes } from '../notes/notes.service';
import { requireRoleRow } from '../roles/roles.service';
import { displayName, type UserRow } from '../users/users.service';
import { presentDetail, toApiInterview, toApiSummary, toRoleRef } from './pipeline-presenters';
import { listCandidateInterviewRows, listInterviewerRows } from './interviews.repository';
import {
  countRolePipelinesByStage,
  listCandidatePipelineRows,
  listRoleCandidateRows,
  listRolePipelineRows,
} from './pipelines.repository';

// The pipelines module's reads: a pipeline, a role's board, candidates and stage headers, the form data and
// the candidate detail. The changing calls live beside it, one file per job: pipeline-create-delete,
// pipeline-stage-actions, submittal-outcome and pipeline-interviews (.service.ts, the placement in
// placement-outcome.ts), on the shared preamble of pipeline-change.ts and the skeleton of pipeline-stage-action.ts.

export type { PipelineRow } from './pipelines.table';
export {
  onPlacementRecorded,
  onSubmittalRecorded,
  type PipelineMilestone,
  type PlacementMilestone,
} from './pipeline-listeners';

export async function getPipeline(deps: Deps, actor: UserRow, id: number): Promise<PipelineDetail> {
  assertCan(actor, 'records.read');
  return presentDetail(deps, actor, id);
}

/** The board: every pipeline of the role in the state asked for. */
export async function listRolePipelines(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  state: 'open' | 'closed' | 'all',
): Promise<{ pipelines: PipelineSummary[]; count: number }> {
  assertCan(actor, 'records.read');
  const rows = await listRolePipelineRows(deps.db, roleId, state, deps.config.now());
  if (rows.length === 0) await requireRoleRow(deps.db, roleId); // 404 for an unknown role (checked only when empty)
  return { pipelines: rows.map(toApiSummary), count: rows.length };
}

export async function listRoleCandidates(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  query: z.output<typeof RoleCandidatesQuerySchema>,
): Promise<{ results: PipelineSummary[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listRoleCandidateRows(
    deps.db,
    roleId,
    {
      search: query.search || undefined,
      stage: query.stage,
      state: query.state,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    },
    deps.config.now(),
  );
  if (count === 0) await requireRoleRow(deps.db, roleId);
  return { results: rows.map(toApiSummary), count };
}

/** One column per stage, in order, with its open and closed counts. */
export async function rolePipelineHeaders(
  deps: Deps,
  actor: UserRow,
  roleId: number,
): Promise<Omit<PipelineHeadersResponse, 'success'>> {
  assertCan(actor, 'records.read');
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
  const openCount = headers.reduce((sum, header) => sum + header.open_count, 0);
  const placedCount = counts.get('placed')?.open ?? 0;
  return {
    headers,
    open_count: openCount,
    in_progress_count: openCount - placedCount,
    placed_count: placedCount,
    closed_count: headers.reduce((sum, header) => sum + header.closed_count, 0),
  };
}

export async function pipelineFormData(deps: Deps, actor: UserRow): Promise<Omit<PipelineFormDataResponse, 'success'>> {
  assertCan(actor, 'records.read');
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
export async function getCandidateDetail(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  roleId?: number,
): Promise<CandidateDetail> {
  assertCan(actor, 'records.read');
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
    pipeline: inRole ? await presentDetail(deps, actor, inRole.id) : null,
    notes_count: notesCount,
  };
}
