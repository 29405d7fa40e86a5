import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { applicationsTable } from '../applications/applications.table';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { jobQualificationsTable } from '../roles/job-qualifications.table';
import { rolesTable } from '../roles/roles.table';
import {
  candidateMatchProfilesTable,
  matchFeedbackTable,
  roleMatchSettingsTable,
  type CandidateMatchProfileRow,
} from './matching.table';
import type { CandidateProfile, CandidateSource, QualificationSource, RoleSource } from './profiles';

/** Statuses left out of a role's matches unless the recruiter asks for them. */
export const EXCLUDED_STATUSES = ['do_not_contact', 'archived'] as const;

const sourceColumns = {
  id: candidatesTable.id,
  currentTitle: candidatesTable.currentTitle,
  skills: candidatesTable.skills,
  resumeText: candidatesTable.resumeText,
  yearsExperience: candidatesTable.yearsExperience,
  desiredSalary: candidatesTable.desiredSalary,
  desiredSalaryCurrency: candidatesTable.desiredSalaryCurrency,
  location: candidatesTable.location,
  status: candidatesTable.status,
  updatedAt: candidatesTable.updatedAt,
};

export async function staleProfileIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: candidateMatchProfilesTable.candidateId })
    .from(candidateMatchProfilesTable)
    .where(eq(candidateMatchProfilesTable.stale, true))
    // Newest candidates first: behind a backlog (an import, the demo data), the one just created or edited is
    // the one a recruiter is looking for.
    .orderBy(desc(candidateMatchProfilesTable.candidateId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Candidates from `afterId` on, in id order (the rebuild's batches). */
export function candidateSourcesAfter(db: Db, afterId: number, limit: number): Promise<CandidateSource[]> {
  return db
    .select(sourceColumns)
    .from(candidatesTable)
    .where(sql`${candidatesTable.id} > ${afterId}`)
    .orderBy(asc(candidatesTable.id))
    .limit(limit);
}

export function candidateSources(db: Db, ids: number[]): Promise<CandidateSource[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select(sourceColumns).from(candidatesTable).where(inArray(candidatesTable.id, ids));
}

/**
 * Writes built profiles and clears their stale mark, unless the candidate changed since it was read (the
 * trigger then wrote a newer last activity or status: the row stays stale for the next refresh).
 */
export async function saveProfiles(db: Db, profiles: CandidateProfile[], builtAt: Date): Promise<void> {
  if (!profiles.length) return;
  const values = profiles.map((p) => ({
    candidateId: p.candidateId,
    stale: false,
    skills: p.skills,
    level: p.level,
    years: p.years,
    salaryMinor: p.salaryMinor,
    salaryCurrency: p.salaryCurrency,
    locationTokens: p.locationTokens,
    titleTokens: p.titleTokens,
    status: p.status,
    lastActivity: p.lastActivity,
    builtAt,
  }));
  await db
    .insert(candidateMatchProfilesTable)
    .values(values)
    .onConflictDoUpdate({
      target: candidateMatchProfilesTable.candidateId,
      set: {
        stale: sql`(candidate_match_profiles.last_activity <> excluded.last_activity or candidate_match_profiles.status <> excluded.status)`,
        skills: sql`excluded.skills`,
        level: sql`excluded.level`,
        years: sql`excluded.years`,
        salaryMinor: sql`excluded.salary_minor`,
        salaryCurrency: sql`excluded.salary_currency`,
        locationTokens: sql`excluded.location_tokens`,
        titleTokens: sql`excluded.title_tokens`,
        builtAt: sql`excluded.built_at`,
      },
    });
}

/** What matching reads of an application: the role applied to, the candidate once converted, the resume's text. */
export async function applicationForMatching(
  db: Db,
  id: number,
): Promise<{ roleId: number; candidateId: number | null; resumeText: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({
      roleId: applicationsTable.roleId,
      candidateId: applicationsTable.candidateId,
      resumeText: applicationsTable.resumeText,
      createdAt: applicationsTable.createdAt,
    })
    .from(applicationsTable)
    .where(eq(applicationsTable.id, id));
  return row;
}

/** A candidate's stored profile and whether it is stale (null when the candidate has no row yet). */
export async function storedProfile(
  db: Db,
  candidateId: number,
): Promise<{ profile: CandidateProfile; stale: boolean } | null> {
  const [row] = await db
    .select()
    .from(candidateMatchProfilesTable)
    .where(eq(candidateMatchProfilesTable.candidateId, candidateId));
  return row ? { profile: toProfile(row), stale: row.stale } : null;
}

export function toProfile(row: CandidateMatchProfileRow): CandidateProfile {
  return {
    candidateId: row.candidateId,
    skills: row.skills,
    level: row.level,
    years: row.years,
    salaryMinor: row.salaryMinor,
    salaryCurrency: row.salaryCurrency,
    locationTokens: row.locationTokens,
    titleTokens: row.titleTokens,
    status: row.status,
    lastActivity: row.lastActivity,
  };
}

export interface CandidateCard {
  id: number;
  firstName: string;
  lastName: string;
  currentTitle: string;
  currentCompany: string;
  location: string;
  status: string;
  skills: string[];
  resumeText: string;
}

export function candidateCards(
  db: Db,
  ids: number[],
  /** Leave out candidates restricted from processing (issue 34): a role's list of matches does. */
  options: { unrestrictedOnly?: boolean } = {},
): Promise<CandidateCard[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      id: candidatesTable.id,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      currentTitle: candidatesTable.currentTitle,
      currentCompany: candidatesTable.currentCompany,
      location: candidatesTable.location,
      status: candidatesTable.status,
      skills: candidatesTable.skills,
      resumeText: candidatesTable.resumeText,
    })
    .from(candidatesTable)
    .where(
      and(
        inArray(candidatesTable.id, ids),
        options.unrestrictedOnly ? eq(candidatesTable.processingRestricted, false) : undefined,
      ),
    );
}

/** Candidates whose full name is (or starts with) the text, best first. */
export async function candidateIdsByName(db: Db, name: string, limit: number): Promise<number[]> {
  const text = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const rows = await db
    .select({ id: candidatesTable.id })
    .from(candidatesTable)
    .where(
      sql`lower(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}) like ${`${text.replace(/[\\%_]/g, '\\$&')}%`}`,
    )
    .orderBy(
      sql`lower(${candidatesTable.firstName} || ' ' || ${candidatesTable.lastName}) = ${text} desc`,
      asc(candidatesTable.id),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function pipelineCandidateIds(db: Db, roleId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: pipelinesTable.candidateId })
    .from(pipelinesTable)
    .where(and(eq(pipelinesTable.roleId, roleId), inArray(pipelinesTable.candidateId, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function candidatePipelineRoleIds(db: Db, candidateId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: pipelinesTable.roleId })
    .from(pipelinesTable)
    .where(eq(pipelinesTable.candidateId, candidateId));
  return new Set(rows.map((row) => row.id));
}

export async function feedbackFor(db: Db, roleId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: matchFeedbackTable.candidateId, reason: matchFeedbackTable.reason })
    .from(matchFeedbackTable)
    .where(and(eq(matchFeedbackTable.roleId, roleId), inArray(matchFeedbackTable.candidateId, ids)));
  return new Map(rows.map((row) => [row.id, row.reason]));
}

export async function upsertFeedback(
  db: Db,
  values: { roleId: number; candidateId: number; reason: string; createdById: number },
): Promise<void> {
  await db
    .insert(matchFeedbackTable)
    .values({ ...values, verdict: 'not_a_fit' })
    .onConflictDoUpdate({
      target: [matchFeedbackTable.roleId, matchFeedbackTable.candidateId],
      set: { reason: values.reason, createdById: values.createdById, createdAt: sql`now()` },
    });
}

export interface OutcomeRow {
  candidateId: number;
  roleId: number;
  roleName: string;
  clientId: number;
  stage: string;
  closeReason: string | null;
  closedAt: Date | null;
}

/** The candidates' pipelines on other roles (past outcomes). */
export function outcomeRows(db: Db, roleId: number, ids: number[]): Promise<OutcomeRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      candidateId: pipelinesTable.candidateId,
      roleId: pipelinesTable.roleId,
      roleName: rolesTable.name,
      clientId: rolesTable.clientId,
      stage: pipelinesTable.stage,
      closeReason: pipelinesTable.closeReason,
      closedAt: pipelinesTable.closedAt,
    })
    .from(pipelinesTable)
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .where(and(inArray(pipelinesTable.candidateId, ids), ne(pipelinesTable.roleId, roleId)));
}

export async function roleSettings(
  db: Db,
  roleId: number,
): Promise<{ weights: unknown; mustSkills: string[] } | undefined> {
  const [row] = await db
    .select({ weights: roleMatchSettingsTable.weights, mustSkills: roleMatchSettingsTable.mustSkills })
    .from(roleMatchSettingsTable)
    .where(eq(roleMatchSettingsTable.roleId, roleId));
  return row;
}

export async function saveRoleSettings(
  db: Db,
  values: { roleId: number; weights: unknown; mustSkills: string[]; updatedById: number },
): Promise<void> {
  await db
    .insert(roleMatchSettingsTable)
    .values(values)
    .onConflictDoUpdate({
      target: roleMatchSettingsTable.roleId,
      set: {
        weights: values.weights,
        mustSkills: values.mustSkills,
        updatedById: values.updatedById,
        updatedAt: sql`now()`,
      },
    });
}

export function qualificationsOf(db: Db, roleIds: number[]) {
  if (!roleIds.length) return Promise.resolve([] as Array<QualificationSource & { roleId: number }>);
  return db
    .select({
      roleId: jobQualificationsTable.roleId,
      name: jobQualificationsTable.name,
      description: jobQualificationsTable.description,
      kind: jobQualificationsTable.kind,
    })
    .from(jobQualificationsTable)
    .where(inArray(jobQualificationsTable.roleId, roleIds))
    .orderBy(asc(jobQualificationsTable.roleId), asc(jobQualificationsTable.position), asc(jobQualificationsTable.id));
}

export interface OpenRoleRow extends RoleSource {
  clientName: string;
}

/** Every open role (the candidate page's matching roles). */
export function openRoles(db: Db): Promise<OpenRoleRow[]> {
  return db
    .select({
      id: rolesTable.id,
      name: rolesTable.name,
      location: rolesTable.location,
      remoteType: rolesTable.remoteType,
      salaryMin: rolesTable.salaryMin,
      salaryMax: rolesTable.salaryMax,
      salaryCurrency: rolesTable.salaryCurrency,
      descriptionText: rolesTable.descriptionText,
      clientId: rolesTable.clientId,
      clientName: clientsTable.name,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(rolesTable.state, 'open'))
    .orderBy(asc(rolesTable.id));
}

/**
 * The version of what open roles' profiles are built from (migration 0047: bumped by every statement that
 * changes roles, qualifications, match settings or client names). Equal versions: nothing changed between.
 */
export async function openRolesVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(sql`select last_value::text || ':' || is_called::text as version from matching_roles_version`),
  );
  return row?.version ?? '';
}

export async function allRoleSettings(db: Db): Promise<Map<number, { weights: unknown; mustSkills: string[] }>> {
  const rows = await db
    .select({
      roleId: roleMatchSettingsTable.roleId,
      weights: roleMatchSettingsTable.weights,
      mustSkills: roleMatchSettingsTable.mustSkills,
    })
    .from(roleMatchSettingsTable);
  return new Map(rows.map((row) => [row.roleId, row]));
}
