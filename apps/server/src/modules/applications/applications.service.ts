// Over 400 lines: an application's whole life (the inbox, reject, convert to a candidate and pipeline, the public submission) on one presenter and one set of refusals.
import {
  APPLICATION_ERRORS,
  APPLICATION_RECEIVED,
  CANDIDATE_SOURCE_OF_APPLICATION,
  PublicApplicationFieldsSchema,
  type ApplicationDetail,
  type ApplicationSource,
  type ApplicationStatus,
  type ApplicationSummary,
  type ApplicationStatusFilter,
  type ConvertApplicationInputSchema,
  type RejectApplicationInputSchema,
} from '@recruitdesk/contracts/applications';
import { CandidateInputSchema } from '@recruitdesk/contracts/candidates';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { extractDocumentText, type DocumentKind } from '../../lib/document-text';
import { AppError, fieldsError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import type { Limit } from '../../lib/throttle';
import { recordActivity } from '../activity/activity.service';
import { findPossibleDuplicates, recordLegalBasis, requireCandidateRow } from '../candidates/candidates.service';
import { attachCheckedResume } from '../candidates/resume.service';
import {
  DOCUMENT_CONTENT_TYPES,
  deleteStoredFile,
  documentDownloadUrl,
  looksLike,
  sanitizeFilename,
} from '../files/document-upload.service';
import { createPipeline } from '../pipelines/pipeline-create-delete.service';
import { findPublicRole, requireRoleRow } from '../roles/roles.service';
import { addMonths, getAgencySettings, getRetentionSettings } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  decideApplicationRow,
  findApplication,
  insertApplicationRow,
  listApplications,
  setRejectEmailSent,
  type ApplicationWithRole,
} from './applications.repository';
import type { ApplicationRow } from './applications.table';
import { careersConsentText } from './careers-pages';

const notFound = () => new AppError('APPLICATION_NOT_FOUND', 404, APPLICATION_ERRORS.APPLICATION_NOT_FOUND);
const alreadyDecided = () => new AppError('ALREADY_DECIDED', 409, APPLICATION_ERRORS.ALREADY_DECIDED);

export const applicantName = (row: Pick<ApplicationRow, 'firstName' | 'lastName'>) =>
  `${row.firstName} ${row.lastName}`.trim();

function toSummary({ application: row, role, client }: ApplicationWithRole): ApplicationSummary {
  return {
    id: row.id,
    role: { id: role.id, name: role.name, state: role.state },
    client,
    first_name: row.firstName,
    last_name: row.lastName,
    name: applicantName(row),
    email: row.email,
    phone: row.phone,
    source: row.source,
    status: row.status as ApplicationStatus,
    has_resume: row.resumeKey !== null,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

async function toDetail(deps: Deps, found: ApplicationWithRole): Promise<ApplicationDetail> {
  const row = found.application;
  const duplicates =
    row.status === 'new'
      ? await findPossibleDuplicates(deps.db, {
          email: row.email,
          phone: row.phone,
          firstName: row.firstName,
          lastName: row.lastName,
        })
      : [];
  return {
    ...toSummary(found),
    resume: row.resumeKey
      ? {
          filename: row.resumeFilename ?? 'resume',
          size: row.resumeSize ?? 0,
          content_type: row.resumeContentType ?? 'application/octet-stream',
        }
      : null,
    consent_at: row.consentAt.toISOString(),
    reject_reason: row.rejectReason,
    reject_email_sent: row.rejectEmailSent,
    candidate_id: row.candidateId,
    pipeline_id: row.pipelineId,
    decided_by: found.decidedBy ? { id: found.decidedBy.id, name: displayName(found.decidedBy) } : null,
    duplicates,
  };
}

async function requireApplication(deps: Deps, id: number): Promise<ApplicationWithRole> {
  const found = await findApplication(deps.db, id);
  if (!found) throw notFound();
  return found;
}

const statusesOf = (filter: ApplicationStatusFilter): ApplicationStatus[] =>
  filter === 'all' ? ['new', 'rejected', 'converted'] : [filter];

interface PageQuery {
  page: number;
  page_size: number;
  status: ApplicationStatusFilter;
}

export async function listRoleApplications(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  query: PageQuery,
): Promise<{ results: ApplicationSummary[]; count: number }> {
  assertCan(actor, 'records.read');
  await requireRoleRow(deps.db, roleId);
  const { rows, count } = await listApplications(deps.db, {
    roleId,
    statuses: statusesOf(query.status),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { results: rows.map(toSummary), count };
}

/** Across roles; `mine`: only the roles the caller is the recruiter of. */
export async function listAllApplications(
  deps: Deps,
  actor: UserRow,
  query: PageQuery & { mine: 'true' | 'false'; role?: number; client?: number; search?: string },
): Promise<{ results: ApplicationSummary[]; count: number }> {
  assertCan(actor, 'records.read');
  const { rows, count } = await listApplications(deps.db, {
    recruiterId: query.mine === 'true' ? actor.id : undefined,
    roleId: query.role,
    clientId: query.client,
    search: query.search || undefined,
    statuses: statusesOf(query.status),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { results: rows.map(toSummary), count };
}

export async function getApplication(deps: Deps, actor: UserRow, id: number): Promise<ApplicationDetail> {
  assertCan(actor, 'records.read');
  return toDetail(deps, await requireApplication(deps, id));
}

export async function applicationResumeDownloadUrl(deps: Deps, actor: UserRow, id: number): Promise<string> {
  assertCan(actor, 'records.read');
  const { application: row } = await requireApplication(deps, id);
  if (!row.resumeKey) throw new AppError('NOT_FOUND', 404, APPLICATION_ERRORS.noResume);
  return documentDownloadUrl(deps, {
    key: row.resumeKey,
    userId: actor.id,
    filename: row.resumeFilename ?? 'resume',
    contentType: row.resumeContentType,
  });
}

const scopeOf = (found: ApplicationWithRole, candidateId: number | null = null) => ({
  clientId: found.client.id,
  roleId: found.role.id,
  candidateId,
});

export async function rejectApplication(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof RejectApplicationInputSchema>,
): Promise<ApplicationDetail> {
  assertCan(actor, 'records.write');
  const found = await requireApplication(deps, id);
  if (found.application.status !== 'new') throw alreadyDecided();
  await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const row = await decideApplicationRow(tx, id, {
      status: 'rejected',
      rejectReason: input.reason,
      decidedAt: now,
      decidedById: actor.id,
    });
    if (!row) throw alreadyDecided();
    await recordActivity(tx, {
      actor,
      verb: 'rejected',
      modelType: 'application',
      objectId: id,
      scope: scopeOf(found),
      summary: `Rejected the application of ${applicantName(row)} to ${found.role.name}: ${input.reason}`,
    });
  });
  if (input.send_email) {
    const settings = await getAgencySettings(deps.db);
    const row = found.application;
    try {
      await deps.mailer.send({
        to: row.email,
        subject: `Your application for ${found.role.name}`,
        text: `Dear ${row.firstName},\n\nThank you for applying for the ${found.role.name} position. After careful review we have decided not to take your application further for this role.\n\nWe wish you every success in your search.\n\n${settings.agency_name}`,
      });
      await setRejectEmailSent(deps.db, id);
    } catch (error) {
      deps.log.warn({ err: error, applicationId: id }, 'application rejection email failed');
    }
  }
  return toDetail(deps, await requireApplication(deps, id));
}

const kindOfKey = (key: string): DocumentKind => (key.endsWith('.docx') ? 'docx' : 'pdf');

/**
 * Converts a new application: a new candidate (or the existing one the user picked as the same person) and
 * a pipeline in the application's role, in one transaction. The resume is copied to the candidate (unless a
 * merged candidate already has one). 409 when the application was already decided or the candidate is
 * already in the role.
 */
export async function convertApplication(
  deps: Deps,
  actor: UserRow,
  id: number,
  input: z.output<typeof ConvertApplicationInputSchema>,
): Promise<{ application: ApplicationDetail; candidateId: number; pipelineId: number }> {
  assertCan(actor, 'records.write');
  const found = await requireApplication(deps, id);
  const app = found.application;
  if (app.status !== 'new') throw alreadyDecided();
  const mergeId = input.merge_into_candidate_id;
  if (mergeId !== undefined) {
    await requireCandidateRow(deps.db, mergeId).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404)
        throw fieldsError({ merge_into_candidate_id: ['Choose an existing candidate.'] }, 'CANDIDATE_NOT_FOUND');
      throw error;
    });
  }
  const resumeBytes = app.resumeKey ? await deps.storage.read(app.resumeKey).catch(() => null) : null;
  let writtenKey: string | null = null;
  let replacedKey: string | null = null;
  const source = CANDIDATE_SOURCE_OF_APPLICATION[app.source as ApplicationSource] ?? 'Job application';
  try {
    const result = await inTransaction(deps.db, async (tx) => {
      const txDeps = { ...deps, db: tx };
      const now = deps.config.now();
      const saved = await createPipeline(
        txDeps,
        actor,
        found.role.id,
        mergeId !== undefined
          ? { candidate_id: mergeId, stage: 'sourced' }
          : {
              candidate: CandidateInputSchema.parse({
                first_name: app.firstName,
                last_name: app.lastName,
                email: app.email,
                phone: app.phone,
                source,
                consent_date: app.consentAt.toISOString().slice(0, 10),
              }),
              stage: 'sourced',
            },
      );
      const candidateId = saved.pipeline.candidate.id;
      const candidate = await requireCandidateRow(tx, candidateId);
      if (resumeBytes && app.resumeKey && !candidate.resumeKey) {
        const kind = kindOfKey(app.resumeKey);
        writtenKey = `resumes/${candidateId}/${actor.id}-${randomToken(18)}.${kind}`;
        await deps.storage.write(writtenKey, resumeBytes, DOCUMENT_CONTENT_TYPES[kind]);
        replacedKey = await attachCheckedResume(
          tx,
          candidateId,
          {
            key: writtenKey,
            filename: app.resumeFilename ?? `resume.${kind}`,
            size: resumeBytes.length,
            contentType: DOCUMENT_CONTENT_TYPES[kind],
            text: app.resumeText,
            hasText: app.resumeHasText,
          },
          now,
        );
      }
      // The careers page's consent, with the exact text the form showed, for the agency's period (issue 34).
      if (app.source === 'careers_page') {
        const { retention_months: months } = await getRetentionSettings(tx);
        await recordLegalBasis(tx, candidateId, {
          legalBasis: 'consent',
          legalBasisSource: 'careers_page',
          legalBasisAt: app.consentAt,
          consentText: app.consentText,
          legalBasisExpiresAt: addMonths(now, months),
        });
      }
      const row = await decideApplicationRow(tx, id, {
        status: 'converted',
        candidateId,
        pipelineId: saved.pipeline.id,
        decidedAt: now,
        decidedById: actor.id,
      });
      if (!row) throw alreadyDecided();
      await recordActivity(tx, {
        actor,
        verb: 'converted',
        modelType: 'application',
        objectId: id,
        scope: scopeOf(found, candidateId),
        summary:
          mergeId !== undefined
            ? `Converted the application of ${applicantName(app)} to ${found.role.name} into the existing candidate ${saved.pipeline.candidate.name}`
            : `Converted the application of ${applicantName(app)} to ${found.role.name} into a candidate`,
      });
      return { candidateId, pipelineId: saved.pipeline.id };
    });
    if (replacedKey && replacedKey !== writtenKey) await deleteStoredFile(deps, replacedKey, 'old resume');
    return { application: await toDetail(deps, await requireApplication(deps, id)), ...result };
  } catch (error) {
    if (writtenKey) await deleteStoredFile(deps, writtenKey, 'unused converted resume');
    throw error;
  }
}

// The public form.

/** Per IP: 10 an hour; per email: 3 a day (whatever the role). Counted before any work (reserve, then verify). */
export const APPLY_LIMITS = {
  perIp: { max: 10, windowSeconds: 3600 },
  perEmail: { max: 3, windowSeconds: 86_400 },
} as const;

const tooMany = (seconds: number) =>
  new AppError('TOO_MANY_REQUESTS', 429, APPLICATION_ERRORS.tooMany, { headers: { 'Retry-After': String(seconds) } });

export async function reserveApplyByIp(deps: Deps, ip: string): Promise<void> {
  const limit: Limit = { key: `apply:ip:${ip}`, ...APPLY_LIMITS.perIp };
  const wait = await deps.throttle.reserve([limit]);
  if (wait !== null) throw tooMany(wait);
}

export interface UploadedResume {
  filename: string;
  bytes: Buffer;
}

const EXTRACT = { timeoutMs: 20_000, maxChars: 100_000, maxPages: 50, maxMemoryMb: 256 };

/**
 * One application from the public form: fields validated (400), the honeypot refused (400, nothing stored),
 * the per-email limit reserved (429), the resume checked like a candidate's (415 not a PDF/DOCX by its
 * content), the role open and posted (404), then stored, recorded and confirmed by email.
 */
export async function submitPublicApplication(
  deps: Deps,
  rawFields: Record<string, string>,
  resume: UploadedResume | null,
): Promise<string> {
  const parsed = PublicApplicationFieldsSchema.safeParse(rawFields);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.') || 'form';
      (fields[key] ??= []).push(issue.message);
    }
    // The honeypot's own errors never show (it is hidden); a bot learns nothing from them.
    delete fields.website;
    throw fieldsError(Object.keys(fields).length ? fields : { form: [APPLICATION_ERRORS.refused] });
  }
  const input = parsed.data;
  if (input.website.trim() !== '') {
    deps.log.warn({ roleId: input.role_id }, 'public application refused: honeypot filled');
    throw new AppError('APPLICATION_REFUSED', 400, APPLICATION_ERRORS.refused);
  }
  const emailLimit: Limit = { key: `apply:email:${input.email.toLowerCase()}`, ...APPLY_LIMITS.perEmail };
  const wait = await deps.throttle.reserve([emailLimit]);
  if (wait !== null) throw tooMany(wait);

  if (!resume || resume.bytes.length === 0) throw fieldsError({ resume: [APPLICATION_ERRORS.missingResume] });
  const extension = resume.filename.toLowerCase().split('.').pop();
  const kind: DocumentKind | null =
    extension === 'pdf' || extension === 'docx'
      ? extension
      : looksLike('pdf', resume.bytes)
        ? 'pdf'
        : looksLike('docx', resume.bytes)
          ? 'docx'
          : null;
  if (!kind || !looksLike(kind, resume.bytes))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, APPLICATION_ERRORS.type);

  const role = await findPublicRole(deps.db, input.role_id);
  if (!role) throw new AppError('ROLE_NOT_OPEN', 404, APPLICATION_ERRORS.ROLE_NOT_OPEN);

  const extracted = await extractDocumentText(kind, resume.bytes, EXTRACT);
  const key = `applications/${role.id}/${randomToken(18)}.${kind}`;
  await deps.storage.write(key, resume.bytes, DOCUMENT_CONTENT_TYPES[kind]);
  const now = deps.config.now();
  const shown = await getAgencySettings(deps.db);
  try {
    await inTransaction(deps.db, async (tx) => {
      const row = await insertApplicationRow(tx, {
        roleId: role.id,
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        phone: input.phone,
        phoneDigits: input.phone.replace(/\D/g, ''),
        resumeKey: key,
        resumeFilename: sanitizeFilename(resume.filename, kind, 'resume'),
        resumeSize: resume.bytes.length,
        resumeContentType: DOCUMENT_CONTENT_TYPES[kind],
        resumeText: extracted.ok ? extracted.text : '',
        resumeHasText: extracted.ok,
        consentAt: now,
        consentText: careersConsentText({ agencyName: shown.agency_name, privacyText: shown.privacy_text }),
        source: 'careers_page',
        status: 'new',
        createdAt: now,
      });
      const roleRow = await requireRoleRow(tx, role.id);
      await recordActivity(tx, {
        actor: null,
        verb: 'applied',
        modelType: 'application',
        objectId: row.id,
        scope: { clientId: roleRow.clientId, roleId: role.id },
        // The recruiters' history names the role as they know it (`role` is its public, masked face).
        summary: `${applicantName(row)} applied for ${roleRow.name} through the careers page`,
      });
    });
  } catch (error) {
    await deleteStoredFile(deps, key, 'unsaved application resume');
    throw error;
  }
  const settings = await getAgencySettings(deps.db);
  await deps.mailer
    .send({
      to: input.email,
      subject: `We received your application for ${role.name}`,
      text: `Dear ${input.first_name},\n\nThank you for applying for the ${role.name} position. We have received your application and resume, and a recruiter will review it. If your profile matches, we will contact you.\n\n${settings.agency_name}`,
    })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'application confirmation email failed'));
  return APPLICATION_RECEIVED;
}
