import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lowerContains, nameMatchRank } from '../../db/sql-helpers';
import { candidateSearchText } from './candidate-search';
import {
  candidateSkillCountsTable,
  candidatesTable,
  type CandidateRow,
  type CandidateValues,
  type NewCandidateRow,
} from './candidates.table';

export type { CandidateValues };

export { candidateSearchText };

/** A row as the API needs it (without the search columns and resume text). */
export type CandidateListRow = Omit<CandidateRow, 'phoneDigits' | 'skillsNormalized' | 'resumeText'>;

/** The phone's digits, at most the last 10 (so +1 206 555 0100 and (206) 555-0100 agree); '' under 7 digits. */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : '';
}

export function normalizeSkills(skills: readonly string[]): string[] {
  return [...new Set(skills.map((skill) => skill.trim().toLowerCase()).filter(Boolean))];
}

export function withDerivedColumns(values: CandidateValues): NewCandidateRow {
  return {
    ...values,
    phoneDigits: phoneKey(values.phone),
    skillsNormalized: normalizeSkills(values.skills ?? []),
    searchText: candidateSearchText(values),
  };
}

/** Every column the application reads (the search text is only matched, never read back). */
const { searchText: _searchText, ...rowColumns } = getTableColumns(candidatesTable);
/** The list's columns: without the resume text either (candidate-list.repository.ts). */
const {
  resumeText: _resumeText,
  skillsNormalized: _skillsNormalized,
  phoneDigits: _phoneDigits,
  ...listColumns
} = rowColumns;
export { listColumns };

export async function findCandidateRow(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<CandidateRow | undefined> {
  const query = db.select(rowColumns).from(candidatesTable).where(eq(candidatesTable.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertCandidateRow(db: Db, values: CandidateValues): Promise<CandidateRow> {
  const [row] = await db.insert(candidatesTable).values(withDerivedColumns(values)).returning(rowColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Multi-row inserts of `batchSize` rows (no rows returned): for seeds, factories and the bench. */
export async function insertCandidateRows(db: Db, values: CandidateValues[], batchSize = 1000): Promise<void> {
  for (let start = 0; start < values.length; start += batchSize) {
    await db.insert(candidatesTable).values(values.slice(start, start + batchSize).map(withDerivedColumns));
  }
}

/** A full replacement of the editable columns; the resume (and its text) stays. */
export async function updateCandidateRow(
  db: Db,
  id: number,
  values: CandidateValues & { resumeText: string },
): Promise<CandidateRow | undefined> {
  const [row] = await db
    .update(candidatesTable)
    .set(withDerivedColumns(values))
    .where(eq(candidatesTable.id, id))
    .returning(rowColumns);
  return row;
}

/** Columns that no derived column depends on (e.g. the resume's file name, updated_at). */
export async function updateCandidateColumns(
  db: Db,
  id: number,
  values: Partial<Pick<CandidateRow, 'resumeFilename' | 'updatedAt'>>,
): Promise<CandidateRow> {
  const [row] = await db.update(candidatesTable).set(values).where(eq(candidatesTable.id, id)).returning(rowColumns);
  if (!row) throw new Error(`candidate ${id} vanished`);
  return row;
}

export type ResumeValues = Pick<
  CandidateRow,
  | 'resumeKey'
  | 'resumeFilename'
  | 'resumeSize'
  | 'resumeContentType'
  | 'resumeUploadedAt'
  | 'resumeText'
  | 'resumeHasText'
  | 'updatedAt'
>;

/**
 * Sets (or clears) the resume and re-derives the search text from the row as it is now: the row is
 * locked first, so an edit running at the same time is neither lost nor indexed with stale fields.
 * Returns the row before and after (the caller deletes the previous file).
 */
export async function setCandidateResumeRow(
  db: Db,
  id: number,
  resume: ResumeValues,
): Promise<{ before: CandidateRow; after: CandidateRow } | undefined> {
  const before = await findCandidateRow(db, id, { forUpdate: true });
  if (!before) return undefined;
  const [after] = await db
    .update(candidatesTable)
    .set({ ...resume, searchText: candidateSearchText({ ...before, resumeText: resume.resumeText }) })
    .where(eq(candidatesTable.id, id))
    .returning(rowColumns);
  return after ? { before, after } : undefined;
}

export async function deleteCandidateRow(db: Db, id: number): Promise<void> {
  await db.delete(candidatesTable).where(eq(candidatesTable.id, id));
}

/** Every skill spelling candidates have, with how many have it: the kept counts (decision 063). */
export function skillSpellingCountsQuery(db: Db) {
  return db
    .select({ spelling: candidateSkillCountsTable.spelling, count: candidateSkillCountsTable.candidates })
    .from(candidateSkillCountsTable);
}

export async function countCandidates(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(candidatesTable);
  return row?.value ?? 0;
}

/** Sets only the status of these candidates (a placement makes them `placed`); the search trigger follows. */
export async function setCandidatesStatusRows(
  db: Db,
  candidateIds: number[],
  status: string,
  now?: Date,
): Promise<void> {
  if (candidateIds.length === 0) return;
  await db
    .update(candidatesTable)
    .set(now ? { status, updatedAt: now } : { status })
    .where(inArray(candidatesTable.id, candidateIds));
}

/** The expression the full-name trigram index (candidates_full_name_trgm_idx) is built on, before lower(). */
const fullName = sql`${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}`;

/** Candidates whose full name contains `text` (any case), best matches first (the shell search). */
export function searchCandidateRowsByName(db: Db, text: string, limit: number) {
  return (
    db
      .select({
        id: candidatesTable.id,
        firstName: candidatesTable.firstName,
        lastName: candidatesTable.lastName,
        currentTitle: candidatesTable.currentTitle,
        currentCompany: candidatesTable.currentCompany,
        status: candidatesTable.status,
      })
      .from(candidatesTable)
      // A restricted candidate ("do not process", issue 34) is left out of the search.
      .where(and(lowerContains(fullName, text), eq(candidatesTable.processingRestricted, false)))
      .orderBy(nameMatchRank(fullName, text), asc(sql`lower(${fullName})`), asc(candidatesTable.id))
      .limit(limit)
  );
}

/** The candidate as notes name them (decision 008: registered with the notes module at start-up). */
export async function findCandidateNoteTarget(
  db: Db,
  id: number,
): Promise<{ label: string; scope: { candidateId: number } } | null> {
  const [row] = await db
    .select({ firstName: candidatesTable.firstName, lastName: candidatesTable.lastName })
    .from(candidatesTable)
    .where(eq(candidatesTable.id, id))
    .limit(1);
  return row ? { label: `${row.firstName} ${row.lastName}`.trim(), scope: { candidateId: id } } : null;
}

// ---- Bulk writes of the imports module (issue 31): the same derived columns as every other write ----

/** Multi-row inserts (one statement per call): the new ids in the order of `values`. */
export async function insertCandidateRowsReturningIds(db: Db, values: CandidateValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(candidatesTable)
    .values(values.map(withDerivedColumns))
    .returning({ id: candidatesTable.id });
  return rows.map((row) => row.id);
}

/**
 * Sets some editable columns of one candidate and re-derives its search columns from the whole row (locked
 * first, like a resume change). Returns the row after, or undefined when it is gone.
 */
export async function setCandidateFieldsRow(
  db: Db,
  id: number,
  values: Partial<CandidateValues>,
  updatedAt: Date,
): Promise<CandidateRow | undefined> {
  const before = await findCandidateRow(db, id, { forUpdate: true });
  if (!before) return undefined;
  const merged = { ...before, ...values, updatedAt };
  const { phoneDigits: _p, skillsNormalized: _s, ...editable } = merged;
  const [after] = await db
    .update(candidatesTable)
    .set(withDerivedColumns(editable))
    .where(eq(candidatesTable.id, id))
    .returning(rowColumns);
  return after;
}

export async function deleteCandidateRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(candidatesTable).where(inArray(candidatesTable.id, ids));
}

/** Candidates by id without their resume text (the undo's checks), any order. */
export async function findCandidateRowsByIds(db: Db, ids: number[]): Promise<CandidateListRow[]> {
  if (ids.length === 0) return [];
  return db.select(listColumns).from(candidatesTable).where(inArray(candidatesTable.id, ids));
}
