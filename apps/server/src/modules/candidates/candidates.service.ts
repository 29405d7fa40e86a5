// Over 400 lines: the candidate's rules and the batch helpers imports and resumes reach it through.
import { deleteStoredFile } from '../files/document-upload.service';
import {
  CANDIDATE_ERRORS,
  CANDIDATE_STATUS_LABELS,
  type Candidate,
  type CandidateDuplicate,
  type CandidateListResponse,
  type CandidateDuplicateQuerySchema,
  type CandidateInputParsed,
  type CandidateListQuerySchema,
  type CandidateStatus,
  type SkillSuggestion,
  type SkillSuggestionQuerySchema,
} from '@recruitdesk/contracts/candidates';
import type { SearchCandidate } from '@recruitdesk/contracts/search';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fromNumeric, toNumeric } from '../../db/sql-helpers';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { keptPerDatabase } from '../../lib/kept-per-database';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { deleteNotesOf } from '../notes/notes.service';
import { addMonths, getAgencySettings, getRetentionSettings } from '../settings/settings.service';
import { type UserRow } from '../users/users.service';
import { searchMatcher, searchTerms } from './candidate-search';
import { suggestSkills, type KnownSkill } from './skill-suggestions';
import { candidateResumeTexts, listCandidateRows } from './candidate-list.repository';
import {
  setCandidatesStatusRows,
  deleteCandidateRow,
  findCandidateRow,
  insertCandidateRow,
  normalizeSkills,
  searchCandidateRowsByName,
  skillSpellingCountsQuery,
  updateCandidateRow,
  type CandidateListRow,
  type CandidateValues,
} from './candidates.repository';
import { findDuplicateRows, type DuplicateProbe } from './candidate-duplicates.repository';
import { candidatesTable, type CandidateRow } from './candidates.table';

export type { CandidateRow } from './candidates.table';
/** The query builder itself (tests read its plan). */
export { searchCandidateRowsByName };

export const candidateName = (row: Pick<CandidateRow, 'firstName' | 'lastName'>): string =>
  `${row.firstName} ${row.lastName}`.trim();

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
    github_url: row.githubUrl,
    portfolio_url: row.portfolioUrl,
    skills: row.skills,
    years_experience: row.yearsExperience,
    desired_salary: fromNumeric(row.desiredSalary),
    desired_salary_currency: row.desiredSalaryCurrency,
    status: row.status as CandidateStatus,
    source: row.source,
    consent_date: row.consentDate,
    legal_basis: row.legalBasis as NonNullable<Candidate['legal_basis']>,
    legal_basis_expires_at: row.legalBasisExpiresAt?.toISOString() ?? null,
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
    processing_restricted: row.processingRestricted,
    erased_at: row.erasedAt?.toISOString() ?? null,
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

function candidateValues(input: CandidateInputParsed): Omit<CandidateValues, 'createdById' | 'desiredSalaryCurrency'> {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
    location: input.location,
    currentTitle: input.current_title,
    currentCompany: input.current_company,
    linkedinUrl: input.linkedin_url,
    githubUrl: input.github_url,
    portfolioUrl: input.portfolio_url,
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
): Promise<CandidateListResponse> {
  assertCan(actor, 'records.read');
  const search = query.search || undefined;
  if (search && searchTerms(search).length === 0) {
    throw new AppError('SEARCH_NOTHING_SEARCHABLE', 400, CANDIDATE_ERRORS.SEARCH_NOTHING_SEARCHABLE, {
      fields: { search: [CANDIDATE_ERRORS.SEARCH_NOTHING_SEARCHABLE] },
    });
  }
  const { rows, count, countEstimated, resumeTexts } = await listCandidateRows(deps.db, {
    search,
    status: query.status,
    skills: query.skills,
    experience: query.experience,
    legalBasis: query.legal_basis,
    consent: query.consent,
    now: deps.config.now(),
    ordering: query.ordering,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  if (!search)
    return { results: rows.map(toApiCandidate), count, ...(countEstimated ? { count_estimated: true as const } : {}) };
  // Where each result matched: the page's resume texts come with its rows (else one query), the rest from the rows.
  const resumes =
    resumeTexts ??
    (await candidateResumeTexts(
      deps.db,
      rows.map((row) => row.id),
    ));
  const matchesOf = searchMatcher(search);
  return {
    results: rows.map((row) => ({
      ...toApiCandidate(row),
      matches: matchesOf({ ...row, resumeText: resumes.get(row.id) ?? '' }),
    })),
    count,
    ...(countEstimated ? { count_estimated: true as const } : {}),
  };
}

export async function getCandidate(deps: Deps, actor: UserRow, id: number): Promise<Candidate> {
  assertCan(actor, 'records.read');
  return toApiCandidate(await requireCandidateRow(deps.db, id));
}

export async function findCandidateDuplicates(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof CandidateDuplicateQuerySchema>,
): Promise<CandidateDuplicate[]> {
  assertCan(actor, 'records.read');
  return duplicatesOf(deps.db, {
    email: query.email,
    phone: query.phone,
    firstName: query.first_name,
    lastName: query.last_name,
    currentCompany: query.current_company,
    excludeId: query.exclude_id,
  });
}

/**
 * Candidates that look like the given person (an inbound application): same email, same phone, or a very
 * similar full name. For screens that show a possible-duplicate warning before a record exists.
 */
export async function findPossibleDuplicates(
  db: Db,
  person: { email: string; phone: string; firstName: string; lastName: string },
): Promise<CandidateDuplicate[]> {
  return duplicatesOf(db, { ...person, nameAlone: true });
}

export interface SavedCandidate {
  candidate: Candidate;
  /** Records that look like the same person: a warning, the save has happened. */
  duplicates: CandidateDuplicate[];
}

export async function createCandidate(
  deps: Deps,
  actor: UserRow,
  input: CandidateInputParsed,
): Promise<SavedCandidate> {
  assertCan(actor, 'records.write');
  const row = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const desiredSalaryCurrency = input.desired_salary_currency ?? (await getAgencySettings(tx)).currency;
    // Entered by hand: legitimate interest for the agency's retention period (issue 34); the careers page's
    // conversion records the applicant's consent over it.
    const { retention_months: months } = await getRetentionSettings(tx);
    const created = await insertCandidateRow(tx, {
      ...candidateValues(input),
      legalBasis: 'legitimate_interest',
      legalBasisSource: 'manual',
      legalBasisAt: now,
      legalBasisExpiresAt: addMonths(now, months),
      desiredSalaryCurrency,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      actor,
      verb: 'created',
      modelType: 'candidate',
      objectId: created.id,
      summary: `Added candidate ${candidateName(created)}`,
    });
    return created;
  });
  forgetKnownSkills(deps.db);
  return { candidate: toApiCandidate(row), duplicates: await duplicatesOf(deps.db, probeOf(row)) };
}

/** A full replacement (PUT) of the editable fields; the resume stays. */
export async function updateCandidate(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: CandidateInputParsed,
): Promise<SavedCandidate> {
  assertCan(actor, 'records.write');
  const row = await inTransaction(deps.db, async (tx) => {
    // Locked: a resume saved at the same time keeps its text in the search.
    const existing = await findCandidateRow(tx, id, { forUpdate: true });
    if (!existing) throw notFound();
    const updated = await updateCandidateRow(tx, id, {
      ...candidateValues(input),
      desiredSalaryCurrency: input.desired_salary_currency ?? existing.desiredSalaryCurrency,
      createdById: existing.createdById,
      resumeText: existing.resumeText,
      updatedAt: deps.config.now(),
    });
    if (!updated) throw notFound();
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'candidate',
      objectId: id,
      summary: `Updated candidate ${candidateName(updated)}`,
    });
    if (existing.status !== updated.status) {
      const from = CANDIDATE_STATUS_LABELS[existing.status as CandidateStatus] ?? existing.status;
      const to = CANDIDATE_STATUS_LABELS[updated.status as CandidateStatus] ?? updated.status;
      await recordActivity(tx, {
        actor,
        verb: 'status_changed',
        modelType: 'candidate',
        objectId: id,
        summary: `Changed candidate ${candidateName(updated)} from ${from} to ${to}`,
      });
    }
    return updated;
  });
  forgetKnownSkills(deps.db);
  return { candidate: toApiCandidate(row), duplicates: await duplicatesOf(deps.db, probeOf(row)) };
}

export const CANDIDATE_HAS_PLACEMENT = 'This candidate has a placement; archive them instead.';

/**
 * The candidate and their notes, in one transaction (their pipelines go with them). A placement is money
 * owed: its foreign key is RESTRICT, so a placed candidate is refused (409) and nothing is deleted.
 */
export async function deleteCandidate(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  const existing = await requireCandidateRow(deps.db, id);
  try {
    await inTransaction(deps.db, async (tx) => {
      await deleteNotesOf(tx, 'candidate', [id]);
      await deleteCandidateRow(tx, id);
      await recordActivity(tx, {
        actor,
        verb: 'deleted',
        modelType: 'candidate',
        objectId: id,
        summary: `Deleted candidate ${candidateName(existing)}`,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CANDIDATE_HAS_PLACEMENT', 409, CANDIDATE_HAS_PLACEMENT);
    throw error;
  }
  forgetKnownSkills(deps.db);
  // After the commit: a failed delete leaves the record and its file together.
  await deleteStoredFile(deps, existing.resumeKey, 'resume');
}

/** A placement makes its candidates `placed`, inside the placement's own transaction. */
export async function markCandidatesPlaced(db: Db, candidateIds: number[], now?: Date): Promise<void> {
  await setCandidatesStatusRows(db, candidateIds, 'placed', now);
}

/** How long the known skills are kept before they are counted again (writes through this service clear them at once). */
export const KNOWN_SKILLS_TTL_MS = 60_000;
const knownSkillsCache = keptPerDatabase<Promise<KnownSkill[]>>(KNOWN_SKILLS_TTL_MS);

/** Forget the counted skills of this database (after a candidate is saved or deleted). */
function forgetKnownSkills(db: Db): void {
  knownSkillsCache.forget(db);
}

/**
 * Every normalised skill with its most used spelling and how many candidates have it, from the kept
 * counts per spelling (decision 063), grouped and kept for KNOWN_SKILLS_TTL_MS so typing does not redo it.
 */
async function knownSkills(db: Db): Promise<KnownSkill[]> {
  const cached = knownSkillsCache.get(db);
  if (cached) return cached;
  const skills = skillSpellingCountsQuery(db).then((rows) => {
    const byKey = new Map<string, KnownSkill & { spellingCount: number }>();
    for (const row of rows) {
      const [normalized] = normalizeSkills([row.spelling]);
      if (!normalized) continue;
      const known = byKey.get(normalized);
      if (!known)
        byKey.set(normalized, { normalized, name: row.spelling.trim(), count: row.count, spellingCount: row.count });
      else {
        known.count += row.count;
        if (row.count > known.spellingCount)
          Object.assign(known, { name: row.spelling.trim(), spellingCount: row.count });
      }
    }
    return [...byKey.values()].map(({ normalized, name, count }) => ({ normalized, name, count }));
  });
  knownSkillsCache.set(db, skills);
  skills.catch(() => forgetKnownSkills(db));
  return skills;
}

/** Known skills matching what the user typed (any case, a small typo), most used first. */
export async function suggestCandidateSkills(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof SkillSuggestionQuerySchema>,
): Promise<SkillSuggestion[]> {
  assertCan(actor, 'records.read');
  return suggestSkills(await knownSkills(deps.db), query.q, { limit: query.limit, exclude: query.exclude ?? [] });
}

/** Candidates by name for the shell search. */
export async function searchCandidatesByName(
  deps: Deps,
  actor: UserRow,
  text: string,
  limit: number,
): Promise<SearchCandidate[]> {
  assertCan(actor, 'records.read');
  const rows = await searchCandidateRowsByName(deps.db, text, limit);
  return rows.map((row) => ({
    id: row.id,
    name: candidateName(row),
    current_title: row.currentTitle,
    current_company: row.currentCompany,
    status: row.status as CandidateStatus,
  }));
}

// ---- Legal basis (issue 34): the applications and data-protection modules record it ----

export interface LegalBasisValues {
  legalBasis: 'consent' | 'legitimate_interest' | 'contract';
  legalBasisSource: 'careers_page' | 'import' | 'manual' | 'email';
  legalBasisAt: Date | null;
  consentText: string;
  legalBasisExpiresAt: Date | null;
  consentWithdrawnAt?: Date | null;
}

/** Sets the candidate's legal basis (no permission check, no `updated_at`: recording it is not activity). */
export async function recordLegalBasis(db: Db, candidateId: number, values: LegalBasisValues): Promise<void> {
  await db
    .update(candidatesTable)
    .set({ consentWithdrawnAt: null, ...values })
    .where(eq(candidatesTable.id, candidateId));
}

// ---- For the imports module (issue 31): bulk writes with the repository's derived columns ----

export {
  deleteCandidateRows,
  findCandidateRowsByIds,
  insertCandidateRowsReturningIds,
  phoneKey,
  setCandidateFieldsRow,
} from './candidates.repository';
export {
  findDuplicateCandidatesOfBatch,
  type DuplicateBatchProbe,
  type DuplicateCandidateRow,
} from './candidate-duplicates.repository';
export type { CandidateValues } from './candidates.repository';
/** For erasure (modules/personal-data): the search text of the anonymised record. */
export { candidateSearchText } from './candidate-search';

/** After candidates were written in bulk (an import, its undo): the skill suggestions are counted again. */
export function candidatesChangedInBulk(db: Db): void {
  forgetKnownSkills(db);
}
