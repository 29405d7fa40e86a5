import { EXPERIENCE_RANGE_BOUNDS, type DuplicateReason, type ExperienceRange } from '@recruitdesk/contracts/candidates';
import { and, arrayContains, asc, count, desc, eq, getTableColumns, gte, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/sql-helpers';
import { candidatesTable, type CandidateRow, type NewCandidateRow } from './candidates.table';

/** The columns the repository derives from the others; callers never set them. */
type DerivedColumns = 'phoneDigits' | 'skillsNormalized' | 'searchText';
export type CandidateValues = Omit<NewCandidateRow, DerivedColumns>;
/** A row as the API needs it (without the search column and resume text). */
export type CandidateListRow = Omit<CandidateRow, DerivedColumns | 'resumeText'>;

/** The phone's digits, at most the last 10 (so +1 206 555 0100 and (206) 555-0100 agree); '' under 7 digits. */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : '';
}

export function normalizeSkills(skills: readonly string[]): string[] {
  return [...new Set(skills.map((skill) => skill.trim().toLowerCase()).filter(Boolean))];
}

/** What the list search matches: one lower-cased line of the searchable fields. */
export function candidateSearchText(values: Pick<CandidateValues, 'firstName' | 'lastName' | 'email' | 'phone' | 'currentTitle' | 'currentCompany' | 'skills' | 'resumeText'>): string {
  const phone = values.phone ?? '';
  return [values.firstName, values.lastName, values.email, phone, phone.replace(/\D/g, ''), values.currentTitle, values.currentCompany, (values.skills ?? []).join(' '), values.resumeText]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function withDerivedColumns(values: CandidateValues): NewCandidateRow {
  return {
    ...values,
    phoneDigits: phoneKey(values.phone),
    skillsNormalized: normalizeSkills(values.skills ?? []),
    searchText: candidateSearchText(values),
  };
}

const { searchText: _searchText, resumeText: _resumeText, skillsNormalized: _skillsNormalized, phoneDigits: _phoneDigits, ...listColumns } = getTableColumns(candidatesTable);

export interface CandidateListFilter {
  search?: string | undefined;
  status?: string | undefined;
  skills?: string[] | undefined;
  experience?: ExperienceRange | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

/** Search words: each must appear somewhere in the search text (AND), matched through the trigram index. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
}

export function candidateListConditions(filter: Omit<CandidateListFilter, 'ordering' | 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [];
  for (const word of searchWords(filter.search)) conditions.push(ilike(candidatesTable.searchText, `%${escapeLike(word)}%`));
  if (filter.status) conditions.push(eq(candidatesTable.status, filter.status));
  const skills = normalizeSkills(filter.skills ?? []);
  if (skills.length) conditions.push(arrayContains(candidatesTable.skillsNormalized, skills));
  if (filter.experience) {
    const [min, max] = EXPERIENCE_RANGE_BOUNDS[filter.experience];
    conditions.push(gte(candidatesTable.yearsExperience, min));
    if (max !== null) conditions.push(lte(candidatesTable.yearsExperience, max));
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderColumns(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const field = ordering.replace(/^-/, '');
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const id = descending ? desc(candidatesTable.id) : asc(candidatesTable.id);
  if (field === 'name') return [dir(sql`lower(${candidatesTable.lastName})`), dir(sql`lower(${candidatesTable.firstName})`), id];
  if (field === 'updated_at') return [dir(sql`${candidatesTable.updatedAt}`), id];
  if (field === 'years_experience') return [sql`${candidatesTable.yearsExperience} ${sql.raw(descending ? 'desc' : 'asc')} nulls last`, id];
  return [dir(sql`${candidatesTable.createdAt}`), id];
}

/**
 * One page and the total in one query: the inner query picks the page's ids with `count(*) over()`
 * (narrow rows, so the window stays small), the outer one joins the page's columns.
 */
export async function listCandidateRows(db: Db, filter: CandidateListFilter): Promise<{ rows: CandidateListRow[]; count: number }> {
  const where = candidateListConditions(filter);
  const order = orderColumns(filter.ordering);
  const page = db
    .select({ pageId: sql<number>`${candidatesTable.id}`.as('page_id'), total: sql<number>`count(*) over()`.as('total') })
    .from(candidatesTable)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const rows = await db
    .select({ ...listColumns, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(candidatesTable, eq(candidatesTable.id, page.pageId))
    .orderBy(...order);
  if (rows.length === 0 && filter.offset > 0) {
    const [row] = await db.select({ value: count() }).from(candidatesTable).where(where);
    return { rows: [], count: row?.value ?? 0 };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

export async function findCandidateRow(db: Db, id: number): Promise<CandidateRow | undefined> {
  const [row] = await db.select().from(candidatesTable).where(eq(candidatesTable.id, id)).limit(1);
  return row;
}

export async function insertCandidateRow(db: Db, values: CandidateValues): Promise<CandidateRow> {
  const [row] = await db.insert(candidatesTable).values(withDerivedColumns(values)).returning();
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
export async function updateCandidateRow(db: Db, id: number, values: CandidateValues & { resumeText: string }): Promise<CandidateRow | undefined> {
  const [row] = await db.update(candidatesTable).set(withDerivedColumns(values)).where(eq(candidatesTable.id, id)).returning();
  return row;
}

export async function deleteCandidateRow(db: Db, id: number): Promise<void> {
  await db.delete(candidatesTable).where(eq(candidatesTable.id, id));
}

export interface DuplicateProbe {
  email?: string | undefined;
  phone?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  currentCompany?: string | undefined;
  excludeId?: number | undefined;
}

export interface DuplicateRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  reason: DuplicateReason;
}

/** The trigram similarity above which two full names count as the same person. */
export const NAME_SIMILARITY = 0.6;

/**
 * Records that look like the same person: same email (ignoring case), same phone (digits, at least 7), or
 * a very similar name at the same company. Each record once, with the strongest reason.
 */
export async function findDuplicateRows(db: Db, probe: DuplicateProbe, limit = 10): Promise<DuplicateRow[]> {
  const email = (probe.email ?? '').trim().toLowerCase();
  const phone = phoneKey(probe.phone);
  const name = `${probe.firstName ?? ''} ${probe.lastName ?? ''}`.trim().replace(/\s+/g, ' ').toLowerCase();
  const company = (probe.currentCompany ?? '').trim().toLowerCase();
  const fullName = sql`lower(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName})`;
  const byEmail = email ? sql`lower(${candidatesTable.email}) = ${email}` : null;
  const byPhone = phone ? eq(candidatesTable.phoneDigits, phone) : null;
  const byName =
    name && company && probe.firstName?.trim() && probe.lastName?.trim()
      ? sql`(lower(${candidatesTable.currentCompany}) = ${company} and similarity(${fullName}, ${name}) > ${NAME_SIMILARITY})`
      : null;
  const matches = [byEmail, byPhone, byName].filter((item): item is SQL => item !== null);
  if (matches.length === 0) return [];
  const whens = [byEmail ? sql`when ${byEmail} then 'email'` : null, byPhone ? sql`when ${byPhone} then 'phone'` : null].filter((item): item is SQL => item !== null);
  const reason = whens.length ? sql<DuplicateReason>`case ${sql.join(whens, sql` `)} else 'name_company' end` : sql<DuplicateReason>`'name_company'`;
  const conditions: SQL[] = [or(...matches) as SQL];
  if (probe.excludeId !== undefined) conditions.push(ne(candidatesTable.id, probe.excludeId));
  return db
    .select({ id: candidatesTable.id, firstName: candidatesTable.firstName, lastName: candidatesTable.lastName, email: candidatesTable.email, reason })
    .from(candidatesTable)
    .where(and(...conditions))
    .orderBy(asc(candidatesTable.id))
    .limit(limit);
}

export async function countCandidates(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(candidatesTable);
  return row?.value ?? 0;
}
