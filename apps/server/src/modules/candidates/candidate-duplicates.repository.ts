import type { DuplicateReason } from '@recruitdesk/contracts/candidates';
import { and, asc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneKey } from './candidates.repository';
import { candidatesTable } from './candidates.table';

// Finding records that look like the same person (the candidate form's possible-duplicate warning).

export interface DuplicateProbe {
  email?: string | undefined;
  phone?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  currentCompany?: string | undefined;
  excludeId?: number | undefined;
  /** A very similar full name alone counts too (an applicant names no company); reason `similar_name`. */
  nameAlone?: boolean | undefined;
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
  const fullNameGiven = Boolean(name && probe.firstName?.trim() && probe.lastName?.trim());
  const byName =
    fullNameGiven && company
      ? sql`(lower(${candidatesTable.currentCompany}) = ${company} and similarity(${fullName}, ${name}) > ${NAME_SIMILARITY})`
      : fullNameGiven && probe.nameAlone
        ? // `%` finds the candidates through the trigram index; the similarity then keeps the close ones.
          sql`(${fullName} % ${name} and similarity(${fullName}, ${name}) > ${NAME_SIMILARITY})`
        : null;
  const matches = [byEmail, byPhone, byName].filter((item): item is SQL => item !== null);
  if (matches.length === 0) return [];
  const whens = [
    byEmail ? sql`when ${byEmail} then 'email'` : null,
    byPhone ? sql`when ${byPhone} then 'phone'` : null,
  ].filter((item): item is SQL => item !== null);
  const nameReason = company ? 'name_company' : 'similar_name';
  const reason = whens.length
    ? sql<DuplicateReason>`case ${sql.join(whens, sql` `)} else ${nameReason} end`
    : sql<DuplicateReason>`${nameReason}`;
  const conditions: SQL[] = [or(...matches) as SQL];
  if (probe.excludeId !== undefined) conditions.push(ne(candidatesTable.id, probe.excludeId));
  return db
    .select({
      id: candidatesTable.id,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      email: candidatesTable.email,
      reason,
    })
    .from(candidatesTable)
    .where(and(...conditions))
    .orderBy(asc(candidatesTable.id))
    .limit(limit);
}

/** What a batch of imported rows could match: lower-cased emails, phone keys, and lower-cased names at companies. */
export interface DuplicateBatchProbe {
  emails: string[];
  phoneKeys: string[];
  /** Lower-cased first and last names with the lower-cased company (all non-empty); the caller checks the pairs. */
  namesAtCompanies: Array<{ first: string; last: string; company: string }>;
}

export type DuplicateCandidateRow = Omit<
  typeof candidatesTable.$inferSelect,
  'searchText' | 'resumeText' | 'skillsNormalized'
>;

/**
 * Every candidate matching any probe of a batch, in one query through the email, phone and company
 * indexes (the imports module's duplicate check; it tells which probe each row matched).
 */
export async function findDuplicateCandidatesOfBatch(
  db: Db,
  probe: DuplicateBatchProbe,
): Promise<DuplicateCandidateRow[]> {
  const conditions: SQL[] = [];
  if (probe.emails.length) conditions.push(inArray(sql`lower(${candidatesTable.email})`, probe.emails));
  if (probe.phoneKeys.length) conditions.push(inArray(candidatesTable.phoneDigits, probe.phoneKeys));
  if (probe.namesAtCompanies.length) {
    // Through the name index (last, first): a company has many people, a full name few.
    const lasts = [...new Set(probe.namesAtCompanies.map((item) => item.last))];
    const firsts = [...new Set(probe.namesAtCompanies.map((item) => item.first))];
    const companies = [...new Set(probe.namesAtCompanies.map((item) => item.company))];
    conditions.push(
      and(
        inArray(sql`lower(${candidatesTable.lastName})`, lasts),
        inArray(sql`lower(${candidatesTable.firstName})`, firsts),
        inArray(sql`lower(${candidatesTable.currentCompany})`, companies),
      ) as SQL,
    );
  }
  if (conditions.length === 0) return [];
  const {
    searchText: _searchText,
    resumeText: _resumeText,
    skillsNormalized: _skillsNormalized,
    ...columns
  } = getTableColumns(candidatesTable);
  return db
    .select(columns)
    .from(candidatesTable)
    .where(or(...conditions))
    .orderBy(asc(candidatesTable.id));
}
