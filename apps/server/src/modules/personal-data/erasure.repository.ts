import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { activityTable } from '../activity/activity.table';
import { applicationsTable } from '../applications/applications.table';
import { candidatesTable } from '../candidates/candidates.table';
import { importChangesTable, importRowResultsTable, importsTable } from '../imports/imports.table';
import { candidateMatchProfilesTable, matchFeedbackTable } from '../matching/matching.table';
import { messageUploadsTable } from '../messages/message-uploads.table';
import { messageAttachmentsTable, messageLinksTable, messagesTable } from '../messages/messages.table';
import { notesTable } from '../notes/notes.table';
import {
  interviewsTable,
  pipelineEventsTable,
  pipelinesTable,
  placementsTable,
  submittalsTable,
} from '../pipelines/pipelines.table';
import { resumeDraftsTable } from '../resumes/resume-bulk.table';
import { sequenceEnrolmentsTable } from '../sequences/sequences.table';
import { unsubscribesTable } from '../unsubscribes/unsubscribes.table';
import type { ErasureContext } from './erasure-steps';

/** Any of the terms inside the column's text (a prefilter; the exact, whole-word rewrite happens in JS). */
export function mentionsAny(column: AnyPgColumn | SQL, terms: string[]): SQL {
  if (!terms.length) return sql`false`;
  return or(...terms.map((term) => ilike(column, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))) as SQL;
}

export async function lockCandidate(tx: Db, id: number) {
  const [row] = await tx.select().from(candidatesTable).where(eq(candidatesTable.id, id)).for('update').limit(1);
  return row;
}

export async function pipelineIdsOf(tx: Db, candidateId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: pipelinesTable.id })
    .from(pipelinesTable)
    .where(eq(pipelinesTable.candidateId, candidateId));
  return rows.map((row) => row.id);
}

/**
 * The messages about the person: linked to them or to one of their pipelines, and the unlinked (Unmatched)
 * mail from or to their address. Deleted whole, attachments and links with them (cascade); the storage keys
 * of the attachments are answered for removal after the commit.
 */
export async function deleteMessagesOf(
  tx: Db,
  candidateId: number,
  pipelineIds: number[],
  email: string,
): Promise<string[]> {
  const linked = or(
    and(eq(messageLinksTable.recordType, 'candidate'), eq(messageLinksTable.recordId, candidateId)),
    pipelineIds.length
      ? and(eq(messageLinksTable.recordType, 'pipeline'), inArray(messageLinksTable.recordId, pipelineIds))
      : undefined,
  );
  const ids = new Set(
    (await tx.selectDistinct({ id: messageLinksTable.messageId }).from(messageLinksTable).where(linked)).map(
      (row) => row.id,
    ),
  );
  if (email.trim()) {
    const address = email.trim().toLowerCase();
    const addressJson = JSON.stringify([{ address }]);
    const unlinked = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select m.id from messages m
        where not exists (select 1 from message_links l where l.message_id = m.id)
          and (lower(m.from_address) = ${address}
            or lower(m.to_addresses::text)::jsonb @> ${addressJson}::jsonb
            or lower(m.cc_addresses::text)::jsonb @> ${addressJson}::jsonb)`),
    );
    for (const row of unlinked) ids.add(row.id);
  }
  if (!ids.size) return [];
  const list = [...ids];
  const keys = await tx
    .select({ key: messageAttachmentsTable.storageKey })
    .from(messageAttachmentsTable)
    .where(inArray(messageAttachmentsTable.messageId, list));
  await tx.delete(messagesTable).where(inArray(messagesTable.id, list));
  // The compose upload a sent attachment came from shares its storage key (swept after 24 h otherwise).
  if (keys.length)
    await tx.delete(messageUploadsTable).where(
      inArray(
        messageUploadsTable.storageKey,
        keys.map((row) => row.key),
      ),
    );
  return keys.map((row) => row.key);
}

/** Applications from the person (converted to them, or sent with their address): deleted; their resume keys answered. */
export async function deleteApplicationsOf(
  tx: Db,
  candidateId: number,
  email: string,
): Promise<{ ids: number[]; keys: string[] }> {
  const match = or(
    eq(applicationsTable.candidateId, candidateId),
    email.trim() ? sql`lower(${applicationsTable.email}) = ${email.trim().toLowerCase()}` : undefined,
  );
  const rows = await tx
    .delete(applicationsTable)
    .where(match)
    .returning({ id: applicationsTable.id, key: applicationsTable.resumeKey });
  return { ids: rows.map((row) => row.id), keys: rows.flatMap((row) => (row.key ? [row.key] : [])) };
}

/** Notes on the person, their pipelines and their applications: deleted (the text is about them). */
export async function deleteNotesAbout(
  tx: Db,
  candidateId: number,
  pipelineIds: number[],
  applicationIds: number[],
): Promise<void> {
  const on = (type: string, ids: number[]) =>
    ids.length ? and(eq(notesTable.modelType, type), inArray(notesTable.objectId, ids)) : undefined;
  await tx
    .delete(notesTable)
    .where(or(on('candidate', [candidateId]), on('pipeline', pipelineIds), on('application', applicationIds)));
}

/** Bulk resume drafts that became (or were read for) the person: deleted; their stored files answered. */
export async function deleteResumeDraftsOf(tx: Db, candidateId: number): Promise<string[]> {
  const rows = await tx
    .delete(resumeDraftsTable)
    .where(eq(resumeDraftsTable.candidateId, candidateId))
    .returning({ key: resumeDraftsTable.storageKey });
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Matching's "not a fit" verdicts (their reasons are about the person) and sequence enrolments: deleted. */
export async function deleteMatchingAndSequencesOf(tx: Db, candidateId: number): Promise<void> {
  await tx.delete(matchFeedbackTable).where(eq(matchFeedbackTable.candidateId, candidateId));
  await tx.delete(sequenceEnrolmentsTable).where(eq(sequenceEnrolmentsTable.candidateId, candidateId));
}

/**
 * Matching's profile of the person: emptied (skills, tokens, level, salary) and left stale, after the
 * candidate row's update (whose trigger marks it); a rebuild finds nothing to match on, and restriction
 * keeps the record out of the lists anyway.
 */
export async function emptyMatchProfile(tx: Db, candidateId: number): Promise<void> {
  await tx
    .update(candidateMatchProfilesTable)
    .set({
      skills: [],
      level: 0,
      years: null,
      salaryMinor: null,
      salaryCurrency: '',
      locationTokens: [],
      titleTokens: [],
      stale: true,
    })
    .where(eq(candidateMatchProfilesTable.candidateId, candidateId));
}

/** The address's "no more mail" entry: deleted with everything else that holds the address. */
export async function deleteUnsubscribeOf(tx: Db, email: string): Promise<void> {
  if (!email.trim()) return;
  await tx.delete(unsubscribesTable).where(sql`lower(${unsubscribesTable.address}) = ${email.trim().toLowerCase()}`);
}

/**
 * The pipelines' facts stay (stage, dates, offer, placement fee); their free text about the person goes:
 * close notes, submittal notes and interview feedback are emptied, the history's details and a
 * placement's fee explanation rewritten.
 */
export async function scrubPipelines(tx: Db, context: ErasureContext): Promise<void> {
  const ids = context.pipelineIds;
  if (!ids.length) return;
  await tx.update(pipelinesTable).set({ closeNote: '' }).where(inArray(pipelinesTable.id, ids));
  await tx.update(submittalsTable).set({ note: '' }).where(inArray(submittalsTable.pipelineId, ids));
  await tx.update(interviewsTable).set({ feedback: '' }).where(inArray(interviewsTable.pipelineId, ids));
  const interviews = await tx
    .select({ id: interviewsTable.id, location: interviewsTable.location, meetingUrl: interviewsTable.meetingUrl })
    .from(interviewsTable)
    .where(inArray(interviewsTable.pipelineId, ids));
  for (const row of interviews) {
    const location = context.scrub(row.location, true);
    const meetingUrl = context.scrub(row.meetingUrl, true);
    if (location !== row.location || meetingUrl !== row.meetingUrl)
      await tx.update(interviewsTable).set({ location, meetingUrl }).where(eq(interviewsTable.id, row.id));
  }
  const events = await tx
    .select({ id: pipelineEventsTable.id, detail: pipelineEventsTable.detail })
    .from(pipelineEventsTable)
    .where(inArray(pipelineEventsTable.pipelineId, ids));
  for (const row of events) {
    const detail = context.scrub(row.detail, true);
    if (detail !== row.detail)
      await tx.update(pipelineEventsTable).set({ detail }).where(eq(pipelineEventsTable.id, row.id));
  }
  const placements = await tx
    .select({ id: placementsTable.id, text: placementsTable.feeExplanation })
    .from(placementsTable)
    .where(inArray(placementsTable.pipelineId, ids));
  for (const row of placements) {
    const text = context.scrub(row.text, true);
    if (text !== row.text)
      await tx.update(placementsTable).set({ feeExplanation: text }).where(eq(placementsTable.id, row.id));
  }
}

/**
 * The history (activity) that hangs under the person or names them: the rows stay (who did what, when),
 * their summaries rewritten. Rows linked to the person lose name parts too; any other row only their full
 * name, email or phone.
 */
export async function scrubActivity(tx: Db, context: ErasureContext, applicationIds: number[]): Promise<void> {
  const linked = or(
    eq(activityTable.candidateId, context.candidateId),
    and(eq(activityTable.modelType, 'candidate'), eq(activityTable.objectId, context.candidateId)),
    context.pipelineIds.length
      ? and(eq(activityTable.modelType, 'pipeline'), inArray(activityTable.objectId, context.pipelineIds))
      : undefined,
    applicationIds.length
      ? and(eq(activityTable.modelType, 'application'), inArray(activityTable.objectId, applicationIds))
      : undefined,
  ) as SQL;
  const rows = await tx
    .select({ id: activityTable.id, summary: activityTable.summary, linked: sql<boolean>`${linked}` })
    .from(activityTable)
    .where(or(linked, mentionsAny(activityTable.summary, context.terms)));
  for (const row of rows) {
    const summary = context.scrub(row.summary, Boolean(row.linked));
    if (summary !== row.summary) await tx.update(activityTable).set({ summary }).where(eq(activityTable.id, row.id));
  }
}

/**
 * Imports keep their counts and undo record; what held the person's cells goes: refused rows that name
 * them are deleted, the upload's sample rows that name them emptied, and the undo's previous values of
 * their record forgotten (undoing that import leaves the erased record as it is).
 */
export async function scrubImports(tx: Db, context: ErasureContext): Promise<void> {
  await tx.delete(importRowResultsTable).where(mentionsAny(sql`${importRowResultsTable.cells}::text`, context.terms));
  await tx
    .update(importChangesTable)
    .set({ previous: null })
    .where(and(eq(importChangesTable.entity, 'candidate'), eq(importChangesTable.entityId, context.candidateId)));
  const imports = await tx
    .select({ id: importsTable.id, sampleRows: importsTable.sampleRows })
    .from(importsTable)
    .where(mentionsAny(sql`${importsTable.sampleRows}::text`, context.terms));
  for (const row of imports) {
    const sampleRows = row.sampleRows.map((cells) =>
      cells.some((cell) => context.scrub(cell, false) !== cell) ? cells.map(() => '') : cells,
    );
    await tx.update(importsTable).set({ sampleRows }).where(eq(importsTable.id, row.id));
  }
}

/** The candidates restricted from processing among `ids` (search, matching, bulk email and exports leave them out). */
export async function restrictedAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: candidatesTable.id })
    .from(candidatesTable)
    .where(and(inArray(candidatesTable.id, ids), eq(candidatesTable.processingRestricted, true)));
  return new Set(rows.map((row) => row.id));
}

/** The names of the person's files (resume, applications' resumes, attachments): history lines quote them. */
export async function filenamesOf(
  tx: Db,
  candidateId: number,
  pipelineIds: number[],
  row: { resumeFilename: string | null; email: string },
): Promise<string[]> {
  const names = row.resumeFilename ? [row.resumeFilename] : [];
  const applications = await tx
    .select({ name: applicationsTable.resumeFilename })
    .from(applicationsTable)
    .where(
      or(
        eq(applicationsTable.candidateId, candidateId),
        row.email.trim() ? sql`lower(${applicationsTable.email}) = ${row.email.trim().toLowerCase()}` : undefined,
      ),
    );
  for (const application of applications) if (application.name) names.push(application.name);
  const linked = or(
    and(eq(messageLinksTable.recordType, 'candidate'), eq(messageLinksTable.recordId, candidateId)),
    pipelineIds.length
      ? and(eq(messageLinksTable.recordType, 'pipeline'), inArray(messageLinksTable.recordId, pipelineIds))
      : undefined,
  );
  const attachments = await tx
    .select({ name: messageAttachmentsTable.filename })
    .from(messageAttachmentsTable)
    .innerJoin(messageLinksTable, eq(messageLinksTable.messageId, messageAttachmentsTable.messageId))
    .where(linked);
  for (const attachment of attachments) names.push(attachment.name);
  return names;
}
