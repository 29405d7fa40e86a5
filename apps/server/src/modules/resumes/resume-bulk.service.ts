// Over 400 lines: the bulk upload, its job and the confirmation share the draft rules; split when sweeps are added.
/**
 * Bulk resume upload (issue 31, decision 097): the files of one upload are checked by content and stored,
 * then read one by one by the `resumes.bulk-parse` job into drafts; the recruiter confirms some (each
 * becomes a candidate with its resume attached, in its own transaction) and discards the rest.
 */
import {
  CandidateInputSchema,
  type CandidateDuplicate,
  type CandidateInputParsed,
} from '@recruitdesk/contracts/candidates';
import {
  RESUME_BULK_ERRORS,
  RESUME_DRAFT_FIELDS,
  RESUME_DRAFT_STATES,
  type ResumeBatch,
  type ResumeBulkBatchState,
  type ResumeDraft,
  type ResumeDraftState,
  type ResumeDraftValues,
  type ResumeBulkConfirmInputSchema,
} from '@recruitdesk/contracts/resume-bulk';
import type { ParsedResume } from '@recruitdesk/contracts/resumes';
import type { z } from 'zod';
import { randomToken } from '../../lib/crypto';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import type { JobContext } from '../../lib/jobs';
import { assertCan } from '../../lib/permissions';
import { candidateName, createCandidate, findPossibleDuplicates } from '../candidates/candidates.service';
import { attachCheckedResume } from '../candidates/resume.service';
import {
  deleteStoredFile,
  DOCUMENT_CONTENT_TYPES,
  looksLike,
  sanitizeFilename,
} from '../files/document-upload.service';
import { loadSkillVocabulary } from '../skills/skills.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  countDrafts,
  discardOpenDrafts,
  findBatchRow,
  findDraftRow,
  findDraftRows,
  insertBatchRow,
  listDraftRows,
  pendingDraftIds,
  setBatchColumns,
  updateDraftIf,
  type BatchWithCreator,
  type DraftWithCandidate,
} from './resume-bulk.repository';
import { parseResumeFile } from './resumes.service';

export const BULK_PARSE_JOB = 'resumes.bulk-parse';
export interface BulkParsePayload {
  batchId: number;
}

/** A shown name without control characters. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const stripControl = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, '');

/** Where a batch's files wait to be confirmed: `resume-bulk/<userId>/<random>.<pdf|docx>`. */
const batchFileKey = (userId: number, kind: 'pdf' | 'docx') => `resume-bulk/${userId}/${randomToken(18)}.${kind}`;
/** The text kept from a resume (what the candidate's resume upload keeps). */
const MAX_RESUME_TEXT = 100_000;
/** What a candidate created from an upload says it came from. */
export const BULK_SOURCE = 'Resume upload';

const notFound = () => new AppError('NOT_FOUND', 404, RESUME_BULK_ERRORS.BATCH_NOT_FOUND);

/** Who may upload: owners, superusers and recruiters (whoever adds candidates). */
export function assertCanBulkUpload(actor: UserRow): void {
  assertCan(actor, 'records.write');
}

// Upload.

export interface IncomingResume {
  filename: string;
  bytes: Buffer;
  /** The file was cut at the size limit. */
  truncated: boolean;
}

export interface StoredBatchFile {
  filename: string;
  key: string;
  size: number;
  contentType: string;
}

/**
 * Checks one file of an upload by its content (PDF or DOCX, 1 byte to 10 MB) and stores it; a refused
 * file is not stored and comes back with the reason.
 */
export async function storeBatchFile(
  deps: Deps,
  actor: UserRow,
  file: IncomingResume,
): Promise<{ stored: StoredBatchFile } | { refused: { filename: string; reason: string } }> {
  const filename = stripControl(file.filename).trim().slice(0, 255) || 'resume';
  const refuse = (reason: string) => ({ refused: { filename, reason: `${filename}: ${reason}` } });
  if (file.truncated) return refuse(RESUME_BULK_ERRORS.FILE_TOO_LARGE);
  if (file.bytes.length === 0) return refuse(RESUME_BULK_ERRORS.FILE_EMPTY);
  const kind = looksLike('pdf', file.bytes) ? 'pdf' : looksLike('docx', file.bytes) ? 'docx' : null;
  if (!kind) return refuse(RESUME_BULK_ERRORS.FILE_TYPE);
  const key = batchFileKey(actor.id, kind);
  await deps.storage.write(key, file.bytes, DOCUMENT_CONTENT_TYPES[kind]);
  return {
    stored: {
      filename: sanitizeFilename(filename, kind, 'resume'),
      key,
      size: file.bytes.length,
      contentType: DOCUMENT_CONTENT_TYPES[kind],
    },
  };
}

/** The batch of the stored files, its drafts and its job, in one transaction (201). */
export async function createBatch(
  deps: Deps,
  actor: UserRow,
  files: StoredBatchFile[],
  refused: Array<{ filename: string; reason: string }>,
): Promise<ResumeBatch> {
  assertCanBulkUpload(actor);
  if (files.length === 0) {
    const reasons = refused.map((item) => item.reason);
    throw new AppError(
      refused.length ? 'NOTHING_ACCEPTED' : 'NO_FILES',
      refused.length ? 415 : 400,
      refused.length ? RESUME_BULK_ERRORS.NOTHING_ACCEPTED : RESUME_BULK_ERRORS.NO_FILES,
      { fields: { files: reasons.length ? reasons : [RESUME_BULK_ERRORS.NO_FILES] } },
    );
  }
  const batchId = await inTransaction(deps.db, async (tx) => {
    const now = deps.config.now();
    const batch = await insertBatchRow(
      tx,
      { status: 'parsing', refused, createdById: actor.id, createdAt: now },
      files.map((file, position) => ({
        position,
        filename: file.filename,
        storageKey: file.key,
        size: file.size,
        contentType: file.contentType,
        status: 'pending',
      })),
    );
    const job = await deps.jobs.enqueue<BulkParsePayload>(tx, {
      kind: BULK_PARSE_JOB,
      payload: { batchId: batch.id },
      uniqueKey: `resume-batch:${batch.id}`,
    });
    await setBatchColumns(tx, batch.id, { jobId: job.id });
    return batch.id;
  });
  deps.log.info({ batchId, files: files.length, refused: refused.length }, 'resume batch uploaded');
  return getBatch(deps, actor, batchId);
}

// Reading (the job).

const text = (field: { value: string } | null) => (field ? field.value.trim() : '');

/** The draft's fields from the parsed resume, cut to what a candidate can hold. */
export function draftValuesOf(resume: ParsedResume): { values: ResumeDraftValues; confidence: Record<string, number> } {
  const years = resume.years_experience ? Math.round(resume.years_experience.value) : null;
  const values: ResumeDraftValues = {
    first_name: text(resume.first_name).slice(0, 100),
    last_name: text(resume.last_name).slice(0, 100),
    email: text(resume.email).slice(0, 254),
    phone: text(resume.phone).slice(0, 50),
    location: text(resume.location).slice(0, 200),
    linkedin_url: text(resume.linkedin_url).slice(0, 500),
    github_url: text(resume.github_url).slice(0, 500),
    portfolio_url: text(resume.portfolio_url).slice(0, 500),
    current_title: text(resume.current_title).slice(0, 200),
    current_company: text(resume.current_company).slice(0, 200),
    years_experience: years === null ? null : Math.min(70, Math.max(0, years)),
    skills: [...new Set(resume.skills.map((skill) => skill.value.trim()).filter(Boolean))].slice(0, 50),
  };
  const confidence: Record<string, number> = {};
  for (const field of RESUME_DRAFT_FIELDS) {
    if (field === 'skills') {
      if (resume.skills.length) confidence.skills = Math.min(...resume.skills.map((skill) => skill.confidence));
      continue;
    }
    const parsed = resume[field];
    if (parsed) confidence[field] = parsed.confidence;
  }
  return { values, confidence };
}

/** How much to trust a draft: the weakest of its name and its best contact (0 without a name or a contact). */
export function overallConfidence(confidence: Record<string, number>): number {
  const first = confidence.first_name ?? 0;
  const last = confidence.last_name ?? 0;
  const contact = Math.max(confidence.email ?? 0, confidence.phone ?? 0);
  return Math.round(Math.min(first, last, contact) * 100) / 100;
}

/**
 * The job: reads each waiting draft of the batch (one at a time, in upload order), records its fields,
 * warnings and possible duplicates, and reports progress. A draft is written only while still pending, so
 * a rerun after a crash picks up where it stopped and a discarded draft stays discarded.
 */
export async function runBulkParse(deps: Deps, ctx: JobContext<BulkParsePayload>): Promise<{ read: number }> {
  const { batchId } = ctx.payload;
  const vocabulary = await loadSkillVocabulary(deps.db);
  const ids = await pendingDraftIds(deps.db, batchId);
  let { total, done } = await countDrafts(deps.db, batchId);
  await ctx.progress(done, total, { force: true });
  let read = 0;
  for (const id of ids) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
    const draft = await findDraftRow(deps.db, id);
    if (!draft || draft.status !== 'pending' || !draft.storageKey) continue;
    const bytes = await deps.storage.read(draft.storageKey).catch(() => null);
    let changed: boolean;
    if (!bytes) {
      changed = await updateDraftIf(deps.db, id, 'pending', {
        status: 'failed',
        error: 'The stored file could not be read. Upload it again.',
        parsedAt: deps.config.now(),
      });
    } else {
      try {
        const resume = await parseResumeFile(
          { buffer: bytes, filename: draft.filename, contentType: draft.contentType },
          vocabulary,
        );
        const { values, confidence } = draftValuesOf(resume);
        const duplicates: CandidateDuplicate[] =
          values.email || values.phone || (values.first_name && values.last_name)
            ? await findPossibleDuplicates(deps.db, {
                email: values.email,
                phone: values.phone,
                firstName: values.first_name,
                lastName: values.last_name,
              })
            : [];
        changed = await updateDraftIf(deps.db, id, 'pending', {
          status: 'parsed',
          fields: values,
          confidence,
          overallConfidence: overallConfidence(confidence),
          warnings: resume.warnings,
          duplicates,
          resumeText: resume.text.slice(0, MAX_RESUME_TEXT),
          parsedAt: deps.config.now(),
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        changed = await updateDraftIf(deps.db, id, 'pending', {
          status: 'failed',
          error: error.message,
          parsedAt: deps.config.now(),
        });
      }
    }
    if (changed) read += 1;
    done += 1;
    await ctx.progress(Math.min(done, total), total);
  }
  ({ total, done } = await countDrafts(deps.db, batchId));
  await setBatchColumns(deps.db, batchId, { status: 'ready', finishedAt: deps.config.now() }, 'parsing');
  await ctx.progress(done, total, { force: true });
  return { read };
}

// The view.

/** The batch, if the actor may see it: its uploader, or an owner. */
async function requireVisibleBatch(deps: Deps, actor: UserRow, id: number): Promise<BatchWithCreator> {
  assertCanBulkUpload(actor);
  const batch = await findBatchRow(deps.db, id);
  if (!batch) throw notFound();
  if (batch.createdById !== actor.id && !actor.userType.includes('owner')) throw notFound();
  return batch;
}

const phoneKey = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : '';
};
const nameKey = (values: ResumeDraftValues) =>
  values.first_name && values.last_name
    ? `${values.first_name} ${values.last_name}`.toLowerCase().replace(/\s+/g, ' ').trim()
    : '';

/** Drafts of the same upload that look like the same person: same email, phone (last 10 digits) or full name. */
function batchDuplicates(drafts: DraftWithCandidate[]): Map<number, ResumeDraft['batch_duplicates']> {
  const live = drafts.filter((draft) => draft.fields && draft.status !== 'discarded');
  const out = new Map<number, ResumeDraft['batch_duplicates']>();
  for (const draft of live) {
    const values = draft.fields!;
    const email = values.email.toLowerCase();
    const phone = phoneKey(values.phone);
    const name = nameKey(values);
    const matches: ResumeDraft['batch_duplicates'] = [];
    for (const other of live) {
      if (other.id === draft.id) continue;
      const theirs = other.fields!;
      const reason =
        email && theirs.email.toLowerCase() === email
          ? 'email'
          : phone && phoneKey(theirs.phone) === phone
            ? 'phone'
            : name && nameKey(theirs) === name
              ? 'name'
              : null;
      if (reason) matches.push({ draft_id: other.id, filename: other.filename, reason });
    }
    out.set(draft.id, matches);
  }
  return out;
}

const EMPTY_VALUES: ResumeDraftValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  location: '',
  linkedin_url: '',
  github_url: '',
  portfolio_url: '',
  current_title: '',
  current_company: '',
  years_experience: null,
  skills: [],
};

async function batchView(deps: Deps, batch: BatchWithCreator): Promise<ResumeBatch> {
  const drafts = await listDraftRows(deps.db, batch.id);
  const inBatch = batchDuplicates(drafts);
  const counts = Object.fromEntries(RESUME_DRAFT_STATES.map((state) => [state, 0])) as Record<ResumeDraftState, number>;
  for (const draft of drafts) counts[draft.status as ResumeDraftState] += 1;
  let status = batch.status as ResumeBulkBatchState;
  if (status === 'parsing' && batch.jobId !== null) {
    const job = await deps.jobs.get(batch.jobId);
    if (job && (job.state === 'failed' || job.state === 'cancelled')) status = 'failed';
  }
  return {
    id: batch.id,
    status,
    created_at: batch.createdAt.toISOString(),
    created_by:
      batch.createdById === null
        ? null
        : {
            id: batch.createdById,
            name: displayName({
              firstName: batch.creatorFirstName ?? '',
              lastName: batch.creatorLastName ?? '',
              username: batch.creatorUsername ?? '',
              email: batch.creatorEmail ?? '',
            }),
          },
    refused: batch.refused,
    progress: { done: drafts.length - counts.pending, total: drafts.length },
    counts,
    drafts: drafts.map((draft) => ({
      id: draft.id,
      position: draft.position,
      filename: draft.filename,
      size: draft.size,
      status: draft.status as ResumeDraftState,
      values: draft.fields ?? EMPTY_VALUES,
      confidence: draft.confidence,
      overall_confidence: draft.overallConfidence,
      warnings: draft.warnings,
      error: draft.error,
      duplicates: draft.duplicates,
      batch_duplicates: inBatch.get(draft.id) ?? [],
      candidate:
        draft.candidateId !== null && draft.candidateFirstName !== null
          ? {
              id: draft.candidateId,
              name: candidateName({ firstName: draft.candidateFirstName, lastName: draft.candidateLastName ?? '' }),
            }
          : null,
    })),
  };
}

export async function getBatch(deps: Deps, actor: UserRow, id: number): Promise<ResumeBatch> {
  return batchView(deps, await requireVisibleBatch(deps, actor, id));
}

// Confirm and discard.

const draftRefusal = (draftStatus: string) => {
  if (draftStatus === 'confirmed')
    return new AppError('DRAFT_ALREADY_CONFIRMED', 409, RESUME_BULK_ERRORS.DRAFT_ALREADY_CONFIRMED);
  if (draftStatus === 'discarded') return new AppError('DRAFT_DISCARDED', 409, RESUME_BULK_ERRORS.DRAFT_DISCARDED);
  if (draftStatus === 'pending') return new AppError('DRAFT_NOT_READY', 409, RESUME_BULK_ERRORS.DRAFT_NOT_READY);
  return new AppError('DRAFT_FAILED', 409, RESUME_BULK_ERRORS.DRAFT_FAILED);
};

/**
 * Creates a candidate from each chosen draft (with the recruiter's edits), its resume attached and its
 * text searchable, one transaction per candidate. Every draft is checked first: one already created,
 * discarded or unread refuses the whole request (409) and one whose fields do not make a valid candidate
 * gives 400 with `fields` named `<draftId>.<field>`; nothing is created then.
 */
export async function confirmDrafts(
  deps: Deps,
  actor: UserRow,
  batchId: number,
  input: z.output<typeof ResumeBulkConfirmInputSchema>,
): Promise<{ batch: ResumeBatch; created: Array<{ draft_id: number; candidate_id: number }> }> {
  assertCan(actor, 'records.write');
  const batch = await requireVisibleBatch(deps, actor, batchId);
  const ids = [...new Set(input.ids)];
  const drafts = await findDraftRows(deps.db, batchId, ids);
  const found = new Set(drafts.map((draft) => draft.id));
  const stranger = ids.find((id) => !found.has(id));
  if (stranger !== undefined)
    throw fieldsError({ ids: [`${RESUME_BULK_ERRORS.DRAFT_NOT_IN_BATCH} (${stranger})`] }, 'DRAFT_NOT_IN_BATCH');
  const blocked = drafts.find((draft) => draft.status !== 'parsed');
  if (blocked) throw draftRefusal(blocked.status);

  // The edits: only the fields sent replace the draft's.
  const editsOf = new Map<number, Record<string, unknown>>();
  for (const edit of input.edits ?? [])
    editsOf.set(edit.id, {
      ...editsOf.get(edit.id),
      ...Object.fromEntries(Object.entries(edit.values).filter(([, value]) => value !== undefined)),
    });
  const inputs = new Map<number, CandidateInputParsed>();
  const problems: Record<string, string[]> = {};
  for (const draft of drafts) {
    const parsed = CandidateInputSchema.safeParse({
      ...(draft.fields ?? EMPTY_VALUES),
      ...(editsOf.get(draft.id) ?? {}),
      source: BULK_SOURCE,
    });
    if (parsed.success) inputs.set(draft.id, parsed.data);
    else
      for (const issue of parsed.error.issues)
        (problems[`${draft.id}.${issue.path.join('.')}`] ??= []).push(issue.message);
  }
  if (Object.keys(problems).length) throw fieldsError(problems);

  const created: Array<{ draft_id: number; candidate_id: number }> = [];
  for (const draft of drafts) {
    const candidateInput = inputs.get(draft.id)!;
    const bytes = draft.storageKey ? await deps.storage.read(draft.storageKey).catch(() => null) : null;
    const kind = draft.contentType === DOCUMENT_CONTENT_TYPES.docx ? 'docx' : 'pdf';
    let writtenKey: string | null = null;
    try {
      const candidateId = await inTransaction(deps.db, async (tx) => {
        const locked = await findDraftRow(tx, draft.id, { forUpdate: true });
        if (!locked || locked.status !== 'parsed') throw draftRefusal(locked?.status ?? 'discarded');
        const now = deps.config.now();
        const saved = await createCandidate({ ...deps, db: tx }, actor, candidateInput);
        const id = saved.candidate.id;
        if (bytes) {
          writtenKey = `resumes/${id}/${actor.id}-${randomToken(18)}.${kind}`;
          await deps.storage.write(writtenKey, bytes, DOCUMENT_CONTENT_TYPES[kind]);
          await attachCheckedResume(
            tx,
            id,
            {
              key: writtenKey,
              filename: draft.filename,
              size: bytes.length,
              contentType: DOCUMENT_CONTENT_TYPES[kind],
              text: locked.resumeText,
              hasText: locked.resumeText.trim() !== '',
            },
            now,
          );
        }
        await updateDraftIf(tx, draft.id, 'parsed', {
          status: 'confirmed',
          candidateId: id,
          confirmedAt: now,
          storageKey: null,
        });
        return id;
      });
      created.push({ draft_id: draft.id, candidate_id: candidateId });
      // After the commit: the upload's copy is no longer needed.
      await deleteStoredFile(deps, draft.storageKey, 'confirmed bulk resume');
    } catch (error) {
      if (writtenKey) await deleteStoredFile(deps, writtenKey, 'unused bulk resume');
      throw error;
    }
  }
  return { batch: await batchView(deps, batch), created };
}

/** Discards every draft not created yet (their files deleted) and closes the batch. */
export async function discardBatch(deps: Deps, actor: UserRow, batchId: number): Promise<ResumeBatch> {
  const batch = await requireVisibleBatch(deps, actor, batchId);
  const keys = await inTransaction(deps.db, async (tx) => {
    const discarded = await discardOpenDrafts(tx, batchId);
    await setBatchColumns(tx, batchId, { status: 'closed', finishedAt: deps.config.now() });
    return discarded;
  });
  for (const key of keys) await deleteStoredFile(deps, key, 'discarded bulk resume');
  return batchView(deps, { ...batch, status: 'closed' });
}
