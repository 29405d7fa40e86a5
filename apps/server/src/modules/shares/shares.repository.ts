import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { interviewsTable, pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { clientsTable } from '../clients/clients.table';
import { personNameColumns, usersTable } from '../users/users.table';
import {
  portalEventsTable,
  portalShareCandidatesTable,
  portalSharesTable,
  type NewPortalShareRow,
  type PortalEventRow,
  type PortalShareCandidateRow,
  type PortalShareRow,
} from './shares.table';

export async function insertShareRow(db: Db, values: NewPortalShareRow): Promise<PortalShareRow> {
  const [row] = await db.insert(portalSharesTable).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertShareCandidateRows(
  db: Db,
  shareId: number,
  candidates: { pipelineId: number; pitch: string }[],
): Promise<void> {
  if (candidates.length === 0) return;
  await db
    .insert(portalShareCandidatesTable)
    .values(
      candidates.map((item, position) => ({ shareId, pipelineId: item.pipelineId, pitch: item.pitch, position })),
    );
}

export async function updateShareRow(db: Db, id: number, values: Partial<NewPortalShareRow>): Promise<void> {
  await db.update(portalSharesTable).set(values).where(eq(portalSharesTable.id, id));
}

export async function findShareRow(db: Db, id: number): Promise<PortalShareRow | undefined> {
  const [row] = await db.select().from(portalSharesTable).where(eq(portalSharesTable.id, id)).limit(1);
  return row;
}

export async function findShareByTokenHash(db: Db, tokenHash: string): Promise<PortalShareRow | undefined> {
  const [row] = await db.select().from(portalSharesTable).where(eq(portalSharesTable.tokenHash, tokenHash)).limit(1);
  return row;
}

export interface ShareListRow {
  share: PortalShareRow;
  contact: { id: number; firstName: string; lastName: string; email: string };
  createdBy: { id: number; firstName: string; lastName: string; username: string; email: string } | null;
}

const contactColumns = {
  id: clientContactsTable.id,
  firstName: clientContactsTable.firstName,
  lastName: clientContactsTable.lastName,
  email: clientContactsTable.email,
};

export async function listShareRows(db: Db, where: { roleId?: number; ids?: number[] }): Promise<ShareListRow[]> {
  const conditions = [];
  if (where.roleId !== undefined) conditions.push(eq(portalSharesTable.roleId, where.roleId));
  if (where.ids) conditions.push(inArray(portalSharesTable.id, where.ids.length ? where.ids : [0]));
  const rows = await db
    .select({
      share: portalSharesTable,
      contact: contactColumns,
      createdBy: personNameColumns,
    })
    .from(portalSharesTable)
    .innerJoin(clientContactsTable, eq(clientContactsTable.id, portalSharesTable.contactId))
    .leftJoin(usersTable, eq(usersTable.id, portalSharesTable.createdById))
    .where(and(...conditions))
    .orderBy(desc(portalSharesTable.createdAt), desc(portalSharesTable.id));
  return rows;
}

export interface ShareCandidateListRow {
  item: PortalShareCandidateRow;
  candidate: { id: number; firstName: string; lastName: string };
}

export async function listShareCandidateRows(db: Db, shareIds: number[]): Promise<ShareCandidateListRow[]> {
  if (shareIds.length === 0) return [];
  return db
    .select({
      item: portalShareCandidatesTable,
      candidate: { id: candidatesTable.id, firstName: candidatesTable.firstName, lastName: candidatesTable.lastName },
    })
    .from(portalShareCandidatesTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, portalShareCandidatesTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(inArray(portalShareCandidatesTable.shareId, shareIds))
    .orderBy(asc(portalShareCandidatesTable.position), asc(portalShareCandidatesTable.id));
}

/** The latest events of each share (at most `perShare`), newest first. */
export async function listShareEventRows(db: Db, shareIds: number[], perShare = 50): Promise<PortalEventRow[]> {
  if (shareIds.length === 0) return [];
  const rows = await db
    .select()
    .from(portalEventsTable)
    .where(inArray(portalEventsTable.shareId, shareIds))
    .orderBy(desc(portalEventsTable.createdAt), desc(portalEventsTable.id));
  const counts = new Map<number, number>();
  return rows.filter((row) => {
    const seen = counts.get(row.shareId) ?? 0;
    counts.set(row.shareId, seen + 1);
    return seen < perShare;
  });
}

export async function insertPortalEvent(
  db: Db,
  values: { shareId: number; pipelineId?: number | null; action: string; detail?: string; createdAt: Date },
): Promise<void> {
  await db.insert(portalEventsTable).values({ ...values, pipelineId: values.pipelineId ?? null });
}

/** What the portal shows of one shared candidate: nothing of the agency's own (notes, fees, other roles). */
export interface PortalCandidateRow {
  item: PortalShareCandidateRow;
  pipeline: { id: number; stage: string; state: string; closeReason: string | null };
  candidate: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    linkedinUrl: string;
    githubUrl: string;
    portfolioUrl: string;
    currentTitle: string;
    yearsExperience: number | null;
    skills: string[];
    desiredSalary: string | null;
    desiredSalaryCurrency: string;
    resumeHasText: boolean;
  };
}

export async function listPortalCandidateRows(
  db: Db,
  shareId: number,
  candidateId?: number,
): Promise<PortalCandidateRow[]> {
  const conditions = [eq(portalShareCandidatesTable.shareId, shareId)];
  if (candidateId !== undefined) conditions.push(eq(candidatesTable.id, candidateId));
  return db
    .select({
      item: portalShareCandidatesTable,
      pipeline: {
        id: pipelinesTable.id,
        stage: pipelinesTable.stage,
        state: pipelinesTable.state,
        closeReason: pipelinesTable.closeReason,
      },
      candidate: {
        id: candidatesTable.id,
        firstName: candidatesTable.firstName,
        lastName: candidatesTable.lastName,
        email: candidatesTable.email,
        phone: candidatesTable.phone,
        linkedinUrl: candidatesTable.linkedinUrl,
        githubUrl: candidatesTable.githubUrl,
        portfolioUrl: candidatesTable.portfolioUrl,
        currentTitle: candidatesTable.currentTitle,
        yearsExperience: candidatesTable.yearsExperience,
        skills: candidatesTable.skills,
        desiredSalary: candidatesTable.desiredSalary,
        desiredSalaryCurrency: candidatesTable.desiredSalaryCurrency,
        resumeHasText: candidatesTable.resumeHasText,
      },
    })
    .from(portalShareCandidatesTable)
    .innerJoin(pipelinesTable, eq(pipelinesTable.id, portalShareCandidatesTable.pipelineId))
    .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
    .where(and(...conditions))
    .orderBy(asc(portalShareCandidatesTable.position), asc(portalShareCandidatesTable.id));
}

export async function findCandidateResumeText(db: Db, candidateId: number): Promise<string> {
  const [row] = await db
    .select({ text: candidatesTable.resumeText })
    .from(candidatesTable)
    .where(eq(candidatesTable.id, candidateId))
    .limit(1);
  return row?.text ?? '';
}

export async function updateShareCandidateRow(
  db: Db,
  id: number,
  values: Partial<typeof portalShareCandidatesTable.$inferInsert>,
): Promise<void> {
  await db.update(portalShareCandidatesTable).set(values).where(eq(portalShareCandidatesTable.id, id));
}

/** The share's role, its client and the contact: the portal's header and who acts. */
export async function findShareContext(db: Db, share: PortalShareRow) {
  const [row] = await db
    .select({
      role: {
        id: rolesTable.id,
        name: rolesTable.name,
        recruiterId: rolesTable.recruiterId,
        clientId: rolesTable.clientId,
      },
      clientName: clientsTable.name,
      contact: contactColumns,
    })
    .from(rolesTable)
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .innerJoin(clientContactsTable, eq(clientContactsTable.id, share.contactId))
    .where(eq(rolesTable.id, share.roleId))
    .limit(1);
  return row;
}

/** Client interviews of these pipelines still pending whose time has passed: the portal asks how they went. */
export async function listInterviewsAwaitingOutcome(db: Db, pipelineIds: number[], now: Date) {
  if (pipelineIds.length === 0) return [];
  return db
    .select({
      id: interviewsTable.id,
      pipelineId: interviewsTable.pipelineId,
      scheduledAt: interviewsTable.scheduledAt,
    })
    .from(interviewsTable)
    .where(
      and(
        inArray(interviewsTable.pipelineId, pipelineIds),
        eq(interviewsTable.kind, 'client'),
        eq(interviewsTable.outcome, 'pending'),
        lte(interviewsTable.scheduledAt, now),
      ),
    )
    .orderBy(asc(interviewsTable.scheduledAt));
}

/** The users to tell about a contact's action: who shared, and the role's recruiter. */
export async function findUsersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ...personNameColumns, isActive: usersTable.isActive })
    .from(usersTable)
    .where(inArray(usersTable.id, ids));
}
