import type { Db } from '../db/client';
import { insertInterviewRow } from '../modules/pipelines/interviews.repository';
import {
  insertPipelineChildRows,
  insertPipelineRow,
  insertPipelineRows,
} from '../modules/pipelines/pipelines.repository';
import { insertSubmittalRow } from '../modules/pipelines/submittals-placements.repository';
import type {
  InterviewRow,
  NewInterviewRow,
  NewPipelineRow,
  PipelineRow,
  SubmittalRow,
} from '../modules/pipelines/pipelines.table';
import { insertCandidate } from './candidates.factory';
import { insertRole } from './roles.factory';

/** Plain data for a pipeline of the role and candidate: open, in Sourced, version 1 unless overridden. */
export function buildPipeline(
  overrides: Partial<NewPipelineRow> & Pick<NewPipelineRow, 'roleId' | 'candidateId'>,
): NewPipelineRow {
  return { stage: 'sourced', state: 'open', version: 1, ...overrides };
}

/** A pipeline; makes a role (with its client) and a candidate when not given. */
export async function insertPipeline(db: Db, overrides: Partial<NewPipelineRow> = {}): Promise<PipelineRow> {
  const roleId = overrides.roleId ?? (await insertRole(db)).id;
  const candidateId = overrides.candidateId ?? (await insertCandidate(db)).id;
  return insertPipelineRow(db, buildPipeline({ ...overrides, roleId, candidateId }));
}

export function insertPipelines(db: Db, rows: NewPipelineRow[]): Promise<{ id: number }[]> {
  return insertPipelineRows(db, rows);
}

/** Pipelines' events, interviews, submittals and placements in multi-row inserts (demo data, benches). */
export function insertPipelineChildren(db: Db, rows: Parameters<typeof insertPipelineChildRows>[1]): Promise<void> {
  return insertPipelineChildRows(db, rows);
}

/** A pending internal interview tomorrow. */
export function insertInterview(
  db: Db,
  overrides: Partial<NewInterviewRow> & Pick<NewInterviewRow, 'pipelineId'>,
): Promise<InterviewRow> {
  return insertInterviewRow(db, {
    kind: 'internal',
    scheduledAt: new Date(Date.now() + 86_400_000),
    durationMinutes: 45,
    outcome: 'pending',
    ...overrides,
  });
}

export function insertSubmittal(
  db: Db,
  pipelineId: number,
  overrides: Partial<SubmittalRow> = {},
): Promise<SubmittalRow> {
  return insertSubmittalRow(db, {
    pipelineId,
    submittedOn: new Date().toISOString().slice(0, 10),
    outcome: 'pending',
    ...overrides,
  });
}
