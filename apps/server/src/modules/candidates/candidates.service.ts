import { deleteStoredFile } from '../../lib/document-upload';
import {
  CANDIDATE_ERRORS,
  CANDIDATE_STATUS_LABELS,
  type Candidate,
  type CandidateDuplicate,
  type CandidateDuplicateQuerySchema,
  type CandidateInputParsed,
  type CandidateListQuerySchema,
  type CandidateStatus,
} from '@recruitdesk/contracts/candidates';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { deleteNotesOf } from '../notes/notes.service';
import { actorOf, type UserRow } from '../users/users.service';
import {
  setCandidatesStatusRows,
  deleteCandidateRow,
  findCandidateRow,
  findDuplicateRows,
  insertCandidateRow,
  insertCandidateRows,
  listCandidateRows,
  updateCandidateRow,
  type CandidateListRow,
  type CandidateValues,
  type DuplicateProbe,
} from './candidates.repository';
import type { CandidateRow } from './candidates.table';

export type { CandidateRow } from './candidates.table';
export { insertCandidateRows };

export const candidateName = (row: Pick<CandidateRow, 'firstName' | 'lastName'>): string => `${row.firstName} ${row.lastName}`.trim();

export function toApiCandidate(row: CandidateListRow): Candidate {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: candidateName(row),
    email: row.email,
    phone: row.phone,
    location: row.location,
    current_title: row.currentTitle,
    current_company: row.currentCompany,
    linkedin_url: row.linkedinUrl,
    skills: row.skills,
    years_experience: row.yearsExperience,
    desired_salary: fromNumeric(row.desiredSalary),
    status: row.status as CandidateStatus,
    source: row.source,
    consent_date: row.consentDate,
    resume:
      row.resumeKey && row.resumeFilename && row.resumeUploadedAt
        ? {
            filename: row.resumeFilename,
            size: row.resumeSize ?? 0,
            content_type: row.resumeContentType ?? 'application/octet-stream',
            uploaded_at: row.resumeUploadedAt.toISOString(),
            has_text: row.resumeHasText,
          }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('CANDIDATE_NOT_FOUND', 404, CANDIDATE_ERRORS.CANDIDATE_NOT_FOUND);

/** The candidate row or 404 (no permission check: for other services). */
export async function requireCandidateRow(db: Db, id: number): Promise<CandidateRow> {
  const row = await findCandidateRow(db, id);
  if (!row) throw notFound();
  return row;
}

function candidateValues(input: CandidateInputParsed): Omit<CandidateValues, 'createdById'> {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    location: input.location,
    currentTitle: input.current_title,
    currentCompany: input.current_company,
    linkedinUrl: input.linkedin_url,
    skills: input.skills,
    yearsExperience: input.years_experience,
    desiredSalary: toNumeric(input.desired_salary),
    status: input.status,
    source: input.source,
    consentDate: input.consent_date,
  };
}

async function duplicatesOf(db: Db, probe: DuplicateProbe): Promise<CandidateDuplicate[]> {
  const rows = await findDuplicateRows(db, probe);
  return rows.map((row) => ({ id: row.id, name: candidateName(row), email: row.email, reason: row.reason }));
}

const probeOf = (row: CandidateRow): DuplicateProbe => ({
  email: row.email,
  phone: row.phone,
  firstName: row.firstName,
  lastName: row.lastName,
  currentCompany: row.currentCompany,
  excludeId: row.id,
});

export async function listCandidates(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof CandidateListQuerySchema>,
): Promise<{ results: Candidate[]; count: number }> {
  assertCan(actorOf(actor), 'records.read');
  const { rows, count } = await listCandidateRows(deps.db, {
    search: query.search || undefined,
    status: query.status,
    skills: query.skills,
    experience: query.experience,
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { results: rows.map(toApiCandidate), count };
}

export async function getCandidate(deps: Deps, actor: UserRow, id: number): Promise<Candidate> {
  assertCan(actorOf(actor), 'records.read');
  return toApiCandidate(await requireCandidateRow(deps.db, id));
}

export async function findCandidateDuplicates(deps: Deps, actor: UserRow, query: z.output<typeof CandidateDuplicateQuerySchema>): Promise<CandidateDuplicate[]> {
  assertCan(actorOf(actor), 'records.read');
  return duplicatesOf(deps.db, {
    email: query.email,
    phone: query.phone,
    firstName: query.first_name,
    lastName: query.last_name,
    currentCompany: query.current_company,
    excludeId: query.exclude_id,
  });
}

export interface SavedCandidate {
  candidate: Candidate;
  /** Records that look like the same person: a warning, the save has happened. */
  duplicates: CandidateDuplicate[];
}

export async function createCandidate(deps: Deps, actor: UserRow, input: CandidateInputParsed): Promise<SavedCandidate> {
  assertCan(actorOf(actor), 'records.write');
  const row = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const created = await insertCandidateRow(tx, { ...candidateValues(input), createdById: actor.id, createdAt: now, updatedAt: now });
    await recordActivity(tx, { actor, verb: 'created', modelType: 'candidate', objectId: created.id, summary: `Added candidate ${candidateName(created)}` });
    return created;
  });
  return { candidate: toApiCandidate(row), duplicates: await duplicatesOf(deps.db, probeOf(row)) };
}

/** A full replacement (PUT) of the editable fields; the resume stays. */
export async function updateCandidate(deps: Deps, actor: UserRow, id: number, input: CandidateInputParsed): Promise<SavedCandidate> {
  assertCan(actorOf(actor), 'records.write');
  const row = await inTransaction(deps.db, async (tx) => {
    // Locked: a resume saved at the same time keeps its text in the search.
    const existing = await findCandidateRow(tx, id, { forUpdate: true });
    if (!existing) throw notFound();
    const updated = await updateCandidateRow(tx, id, {
      ...candidateValues(input),
      createdById: existing.createdById,
      resumeText: existing.resumeText,
      updatedAt: deps.config.now(),
    });
    if (!updated) throw notFound();
    await recordActivity(tx, { actor, verb: 'updated', modelType: 'candidate', objectId: id, summary: `Updated candidate ${candidateName(updated)}` });
    if (existing.status !== updated.status) {
      const from = CANDIDATE_STATUS_LABELS[existing.status as CandidateStatus] ?? existing.status;
      const to = CANDIDATE_STATUS_LABELS[updated.status as CandidateStatus] ?? updated.status;
      await recordActivity(tx, { actor, verb: 'status_changed', modelType: 'candidate', objectId: id, summary: `Changed candidate ${candidateName(updated)} from ${from} to ${to}` });
    }
    return updated;
  });
  return { candidate: toApiCandidate(row), duplicates: await duplicatesOf(deps.db, probeOf(row)) };
}

export const CANDIDATE_HAS_PLACEMENT = 'This candidate has a placement; archive them instead.';

/**
 * The candidate and their notes, in one transaction (their pipelines go with them). A placement is money
 * owed: its foreign key is RESTRICT, so a placed candidate is refused (409) and nothing is deleted.
 */
export async function deleteCandidate(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actorOf(actor), 'records.write');
  const existing = await requireCandidateRow(deps.db, id);
  try {
    await inTransaction(deps.db, async (tx) => {
      await deleteNotesOf(tx, 'candidate', [id]);
      await deleteCandidateRow(tx, id);
      await recordActivity(tx, { actor, verb: 'deleted', modelType: 'candidate', objectId: id, summary: `Deleted candidate ${candidateName(existing)}` });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CANDIDATE_HAS_PLACEMENT', 409, CANDIDATE_HAS_PLACEMENT);
    throw error;
  }
  // After the commit: a failed delete leaves the record and its file together.
  await deleteStoredFile(deps, existing.resumeKey, 'resume');
}

/** A placement makes its candidates `placed`, inside the placement's own transaction. */
export async function markCandidatesPlaced(db: Db, candidateIds: number[], now?: Date): Promise<void> {
  await setCandidatesStatusRows(db, candidateIds, 'placed', now);
}
