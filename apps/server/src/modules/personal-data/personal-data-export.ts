import { ZipArchive } from 'archiver';
import { and, asc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { activityTable } from '../activity/activity.table';
import { recordActivity } from '../activity/activity.service';
import { applicationsTable } from '../applications/applications.table';
import { requireCandidateRow } from '../candidates/candidates.service';
import { candidatesTable } from '../candidates/candidates.table';
import { clientsTable } from '../clients/clients.table';
import { messageAttachmentsTable, messageLinksTable, messagesTable } from '../messages/messages.table';
import { notesTable } from '../notes/notes.table';
import {
  interviewsTable,
  pipelineEventsTable,
  pipelinesTable,
  placementsTable,
  submittalsTable,
} from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import { sequenceEnrolmentsTable } from '../sequences/sequences.table';
import type { UserRow } from '../users/users.service';
import { renderPersonalDataPdf } from './personal-data-pdf';

export interface PersonalDataExport {
  zip: Buffer;
  filename: string;
}

type Section = (db: Db, candidateId: number) => Promise<unknown>;
const extraSections = new Map<string, Section>();

/**
 * Start-up: a module adds a section of its own to the access export (the consent and legal basis, the
 * person's requests), read inside the export's snapshot.
 */
export function registerExportSection(name: string, section: Section): void {
  extraSections.set(name, section);
}

const { searchText: _searchText, ...candidateColumns } = getTableColumns(candidatesTable);

async function collect(db: Db, candidateId: number) {
  const [candidate] = await db
    .select(candidateColumns)
    .from(candidatesTable)
    .where(eq(candidatesTable.id, candidateId));
  const pipelines = await db
    .select({
      id: pipelinesTable.id,
      role: rolesTable.name,
      client: clientsTable.name,
      stage: pipelinesTable.stage,
      state: pipelinesTable.state,
      closeReason: pipelinesTable.closeReason,
      closeNote: pipelinesTable.closeNote,
      offeredSalary: pipelinesTable.offeredSalary,
      offerCurrency: pipelinesTable.offerCurrency,
      offeredAt: pipelinesTable.offeredAt,
      offerAnswer: pipelinesTable.offerAnswer,
      createdAt: pipelinesTable.createdAt,
      stageChangedAt: pipelinesTable.stageChangedAt,
      closedAt: pipelinesTable.closedAt,
    })
    .from(pipelinesTable)
    .innerJoin(rolesTable, eq(rolesTable.id, pipelinesTable.roleId))
    .innerJoin(clientsTable, eq(clientsTable.id, rolesTable.clientId))
    .where(eq(pipelinesTable.candidateId, candidateId))
    .orderBy(asc(pipelinesTable.id));
  const pipelineIds = pipelines.map((p) => p.id);
  const ofPipelines = <T>(read: (ids: number[]) => Promise<T[]>) => (pipelineIds.length ? read(pipelineIds) : []);
  const history = await ofPipelines((ids) =>
    db
      .select({
        pipelineId: pipelineEventsTable.pipelineId,
        kind: pipelineEventsTable.kind,
        fromStage: pipelineEventsTable.fromStage,
        toStage: pipelineEventsTable.toStage,
        detail: pipelineEventsTable.detail,
        by: pipelineEventsTable.actorName,
        at: pipelineEventsTable.createdAt,
      })
      .from(pipelineEventsTable)
      .where(inArray(pipelineEventsTable.pipelineId, ids))
      .orderBy(asc(pipelineEventsTable.createdAt)),
  );
  const interviews = await ofPipelines((ids) =>
    db
      .select({
        pipelineId: interviewsTable.pipelineId,
        kind: interviewsTable.kind,
        scheduledAt: interviewsTable.scheduledAt,
        durationMinutes: interviewsTable.durationMinutes,
        location: interviewsTable.location,
        interviewer: interviewsTable.interviewerName,
        outcome: interviewsTable.outcome,
        feedback: interviewsTable.feedback,
      })
      .from(interviewsTable)
      .where(inArray(interviewsTable.pipelineId, ids)),
  );
  const submittals = await ofPipelines((ids) =>
    db
      .select({
        pipelineId: submittalsTable.pipelineId,
        submittedOn: submittalsTable.submittedOn,
        proposedSalary: submittalsTable.proposedSalary,
        note: submittalsTable.note,
        outcome: submittalsTable.outcome,
      })
      .from(submittalsTable)
      .where(inArray(submittalsTable.pipelineId, ids)),
  );
  const placements = await ofPipelines((ids) =>
    db
      .select({
        pipelineId: placementsTable.pipelineId,
        salary: placementsTable.salary,
        currency: placementsTable.currency,
        startDate: placementsTable.startDate,
      })
      .from(placementsTable)
      .where(inArray(placementsTable.pipelineId, ids)),
  );
  const applications = await db
    .select()
    .from(applicationsTable)
    .where(
      or(
        eq(applicationsTable.candidateId, candidateId),
        candidate?.email ? sql`lower(${applicationsTable.email}) = ${candidate.email.toLowerCase()}` : undefined,
      ),
    );
  const applicationIds = applications.map((a) => a.id);
  const on = (type: string, ids: number[]) =>
    ids.length ? and(eq(notesTable.modelType, type), inArray(notesTable.objectId, ids)) : undefined;
  const notes = await db
    .select({
      on: notesTable.modelType,
      recordId: notesTable.objectId,
      body: notesTable.body,
      author: notesTable.authorName,
      createdAt: notesTable.createdAt,
    })
    .from(notesTable)
    .where(or(on('candidate', [candidateId]), on('pipeline', pipelineIds), on('application', applicationIds)))
    .orderBy(asc(notesTable.createdAt));
  const linked = or(
    and(eq(messageLinksTable.recordType, 'candidate'), eq(messageLinksTable.recordId, candidateId)),
    pipelineIds.length
      ? and(eq(messageLinksTable.recordType, 'pipeline'), inArray(messageLinksTable.recordId, pipelineIds))
      : undefined,
  ) as SQL;
  const messageIds = (
    await db.selectDistinct({ id: messageLinksTable.messageId }).from(messageLinksTable).where(linked)
  ).map((row) => row.id);
  const messages = messageIds.length
    ? await db
        .select({
          id: messagesTable.id,
          direction: messagesTable.direction,
          status: messagesTable.status,
          from: messagesTable.fromAddress,
          fromName: messagesTable.fromName,
          to: messagesTable.toAddresses,
          cc: messagesTable.ccAddresses,
          subject: messagesTable.subject,
          bodyText: messagesTable.bodyText,
          occurredAt: messagesTable.occurredAt,
        })
        .from(messagesTable)
        .where(inArray(messagesTable.id, messageIds))
        .orderBy(asc(messagesTable.occurredAt))
    : [];
  const attachments = messageIds.length
    ? await db
        .select({
          id: messageAttachmentsTable.id,
          messageId: messageAttachmentsTable.messageId,
          filename: messageAttachmentsTable.filename,
          contentType: messageAttachmentsTable.contentType,
          size: messageAttachmentsTable.size,
          storageKey: messageAttachmentsTable.storageKey,
        })
        .from(messageAttachmentsTable)
        .where(inArray(messageAttachmentsTable.messageId, messageIds))
    : [];
  const activity = await db
    .select({
      verb: activityTable.verb,
      on: activityTable.modelType,
      recordId: activityTable.objectId,
      summary: activityTable.summary,
      by: activityTable.actorName,
      at: activityTable.createdAt,
    })
    .from(activityTable)
    .where(
      or(
        eq(activityTable.candidateId, candidateId),
        and(eq(activityTable.modelType, 'candidate'), eq(activityTable.objectId, candidateId)),
      ),
    )
    .orderBy(asc(activityTable.createdAt));
  const sequences = await db
    .select({ state: sequenceEnrolmentsTable.state, enrolledAt: sequenceEnrolmentsTable.enrolledAt })
    .from(sequenceEnrolmentsTable)
    .where(eq(sequenceEnrolmentsTable.candidateId, candidateId));
  const extra: Record<string, unknown> = {};
  for (const [name, section] of extraSections) extra[name] = await section(db, candidateId);
  return {
    candidate,
    pipelines: pipelines.map((p) => ({
      ...p,
      history: history.filter((h) => h.pipelineId === p.id),
      interviews: interviews.filter((i) => i.pipelineId === p.id),
      submittals: submittals.filter((s) => s.pipelineId === p.id),
      placement: placements.find((pl) => pl.pipelineId === p.id) ?? null,
    })),
    applications: applications.map(({ phoneDigits: _digits, ...a }) => a),
    notes,
    messages: messages.map((m) => ({ ...m, attachments: attachments.filter((a) => a.messageId === m.id) })),
    history: activity,
    sequences,
    ...extra,
  };
}

export type PersonalData = Awaited<ReturnType<typeof collect>>;

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

/**
 * The person's data as a ZIP (issue 34, docs/data-protection.md "Access requests"): `personal-data.json`
 * (every field, note, pipeline with its history, interviews and submittals, application, message, history
 * entry), `personal-data.pdf` (the same, readable), and the files: the resume, the applications' resumes,
 * the messages' attachments. No permission check: the caller decides (the route's service, the self-service
 * request). In memory: one person's files.
 */
export async function buildPersonalDataExport(
  deps: Pick<Deps, 'db' | 'storage' | 'log' | 'config'>,
  candidateId: number,
): Promise<PersonalDataExport> {
  const data = await deps.db.transaction((tx) => collect(tx as unknown as Db, candidateId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  const files: Array<{ name: string; key: string }> = [];
  const candidate = data.candidate;
  if (candidate?.resumeKey)
    files.push({ name: `files/resume-${safeName(candidate.resumeFilename ?? 'resume')}`, key: candidate.resumeKey });
  for (const a of data.applications)
    if (a.resumeKey)
      files.push({ name: `files/application-${a.id}-${safeName(a.resumeFilename ?? 'resume')}`, key: a.resumeKey });
  for (const m of data.messages)
    for (const a of m.attachments)
      files.push({ name: `files/message-${m.id}-${a.id}-${safeName(a.filename)}`, key: a.storageKey });

  const generatedAt = deps.config.now();
  const json = {
    generated_at: generatedAt.toISOString(),
    about: `Candidate #${candidateId}`,
    ...data,
    files: files.map((file) => file.name),
  };
  const pdf = await renderPersonalDataPdf(json, generatedAt);

  const zip = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.on('data', (chunk) => chunks.push(chunk as Buffer));
    zip.on('end', () => resolve(Buffer.concat(chunks)));
    zip.on('error', reject);
  });
  zip.append(Buffer.from(JSON.stringify(json, null, 2)), { name: 'personal-data.json' });
  zip.append(pdf, { name: 'personal-data.pdf' });
  for (const file of files) {
    try {
      zip.append(await deps.storage.read(file.key), { name: file.name });
    } catch (error) {
      // A file missing from the storage is named in the log by key only; the rest of the export goes out.
      deps.log.warn({ err: error, key: file.key }, 'personal data export: file missing');
    }
  }
  await zip.finalize();
  return { zip: await done, filename: `candidate-${candidateId}-personal-data.zip` };
}

/** POST /api/candidates/{id}/export-personal-data/: an owner downloads the person's data; logged. */
export async function exportPersonalData(deps: Deps, actor: UserRow, candidateId: number): Promise<PersonalDataExport> {
  assertCan(actor, 'personal-data.manage');
  await requireCandidateRow(deps.db, candidateId);
  const result = await buildPersonalDataExport(deps, candidateId);
  await recordActivity(deps.db, {
    actor,
    verb: 'exported',
    modelType: 'candidate',
    objectId: candidateId,
    summary: `Exported the personal data of candidate #${candidateId}`,
    scope: { candidateId },
  });
  return result;
}
