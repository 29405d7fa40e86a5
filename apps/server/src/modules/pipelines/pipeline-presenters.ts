import type { CandidateStatus } from '@recruitdesk/contracts/candidates';
import {
  PIPELINE_EVENTS_SHOWN,
  PIPELINE_STAGE_LABELS,
  stagePosition,
  type Interview,
  type PIPELINE_EVENT_KINDS,
  type PipelineCloseReason,
  type PipelineDetail,
  type PipelineOffer,
  type PipelineEvent,
  type PipelineStageName,
  type PipelineSummary,
  type Placement,
  type Submittal,
} from '@recruitdesk/contracts/pipelines';
import { fromNumeric } from '../../db/sql-helpers';
import type { Deps } from '../../lib/deps';
import { requireCandidateRow, toApiCandidate } from '../candidates/candidates.service';
import { countNotes } from '../notes/notes.service';
import { moneyVisibleTo } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import { notFound } from './pipeline-errors';
import { listPipelineInterviewRows, type InterviewWithNamesRow } from './interviews.repository';
import {
  findPipelineSummaryRow,
  listEventRows,
  type PersonNameRow,
  type PipelineSummaryRow,
  type PipelineWithRoleRow,
} from './pipelines.repository';
import { findPlacementRow, listSubmittalRows } from './submittals-placements.repository';
import type { PipelineEventRow } from './pipelines.table';

// How rows become the API's pipelines, events, interviews, submittals and placements.

export type EventKind = (typeof PIPELINE_EVENT_KINDS)[number];

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
      status: row.candidateStatus as CandidateStatus,
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
            name: displayName({
              firstName: row.recruiterFirstName ?? '',
              lastName: row.recruiterLastName ?? '',
              username: row.recruiterUsername ?? '',
              email: row.recruiterEmail ?? '',
            }),
          },
    stage_changed_at: row.stageChangedAt.toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    next_interview_at: row.nextInterviewAt ? new Date(row.nextInterviewAt).toISOString() : null,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toRoleRef = (row: PipelineWithRoleRow): PipelineDetail['role'] => ({
  id: row.roleId,
  name: row.roleName,
  state: row.roleState,
  openings: row.roleOpenings,
  salary_currency: row.roleSalaryCurrency,
  client: {
    id: row.clientId,
    name: row.clientName,
    client_type: row.clientType as PipelineDetail['role']['client']['client_type'],
  },
});

function toApiEvent(row: PipelineEventRow): PipelineEvent {
  return {
    id: row.id,
    kind: row.kind as EventKind,
    from_stage: (row.fromStage as PipelineStageName | null) ?? null,
    to_stage: (row.toStage as PipelineStageName | null) ?? null,
    detail: row.detail,
    actor:
      row.contactId !== null || (row.actorId === null && !row.actorName)
        ? null
        : { id: row.actorId, name: row.actorName },
    contact: row.contactId !== null ? { id: row.contactId, name: row.actorName } : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toApiInterview({ interview, role, candidate }: InterviewWithNamesRow): Interview {
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
    interviewer:
      interview.interviewerId === null ? null : { id: interview.interviewerId, name: interview.interviewerName },
    interviewer_name: interview.interviewerName,
    outcome: interview.outcome as Interview['outcome'],
    feedback: interview.feedback,
    created_at: interview.createdAt.toISOString(),
  };
}

export async function presentSummary(deps: Deps, id: number): Promise<PipelineSummary> {
  const row = await findPipelineSummaryRow(deps.db, id, deps.config.now());
  if (!row) throw notFound();
  return toApiSummary(row);
}

/** The full detail: one query per collection; the placement's fee only for whoever sees fees (decision 071). */
export async function presentDetail(deps: Deps, reader: UserRow, id: number): Promise<PipelineDetail> {
  const { db } = deps;
  const money = await moneyVisibleTo(db, reader);
  const row = await findPipelineSummaryRow(db, id, deps.config.now());
  if (!row) throw notFound();
  const [candidate, events, interviews, submittals, placement, notesCount] = [
    await requireCandidateRow(db, row.candidateId),
    await listEventRows(db, id, PIPELINE_EVENTS_SHOWN),
    await listPipelineInterviewRows(db, id),
    await listSubmittalRows(db, id),
    await findPlacementRow(db, id),
    await countNotes(db, 'pipeline', id),
  ];
  return {
    pipeline: toApiSummary(row),
    role: toRoleRef(row),
    candidate: toApiCandidate(candidate),
    events: events.rows.map(toApiEvent),
    events_total: events.total,
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
    offer: row.offeredAt
      ? {
          salary: fromNumeric(row.offeredSalary),
          currency: row.offerCurrency,
          offered_at: row.offeredAt.toISOString(),
          answer: row.offerAnswer as PipelineOffer['answer'],
        }
      : null,
    placement: placement
      ? ({
          id: placement.placement.id,
          pipeline_id: placement.placement.pipelineId,
          salary: fromNumeric(placement.placement.salary) ?? 0,
          currency: placement.placement.currency,
          start_date: placement.placement.startDate,
          ...(money
            ? {
                fee: fromNumeric(placement.placement.fee) ?? 0,
                fee_percent: fromNumeric(placement.placement.feePercent),
                fee_explanation: placement.placement.feeExplanation,
              }
            : {}),
          guarantee_end: placement.placement.guaranteeEnd,
          created_by: personRef(placement.createdBy),
          created_at: placement.placement.createdAt.toISOString(),
        } satisfies Placement)
      : null,
    notes_count: notesCount,
  };
}
