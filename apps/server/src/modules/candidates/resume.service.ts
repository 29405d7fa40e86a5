import {
  CANDIDATE_ERRORS,
  RESUME_ERRORS,
  RESUME_MAX_BYTES,
  type Candidate,
  type ResumeMetadataInput,
  type ResumeUploadUrlInput,
} from '@recruitdesk/contracts/candidates';
import type { UploadTarget } from '@recruitdesk/contracts/profile';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { extractDocumentText } from '../../lib/document-text';
import {
  checkUploadedDocument,
  createDocumentUploadTarget,
  attachDocument,
  deleteStoredFile,
  documentDownloadUrl,
  sanitizeFilename,
  type DocumentKind,
  type DocumentSlot,
} from '../files/document-upload.service';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { type UserRow } from '../users/users.service';
import { setCandidateResumeRow, updateCandidateColumns } from './candidates.repository';
import { candidateName, requireCandidateRow, toApiCandidate } from './candidates.service';
import type { CandidateRow } from './candidates.table';

/** Resumes: `resumes/<candidateId>/<userId>-<random>.<pdf|docx>`, 10 MB at most, checked by content. */
const slotOf = (candidateId: number): DocumentSlot => ({
  prefix: 'resumes',
  objectId: candidateId,
  kinds: ['pdf', 'docx'],
  maxBytes: RESUME_MAX_BYTES,
  messages: RESUME_ERRORS,
});

/** Extraction limits: a resume is a few pages; anything slower or bigger is stored without text. */
const EXTRACT = { timeoutMs: 20_000, maxChars: 100_000, maxPages: 50, maxMemoryMb: 256 };

const noResume = () => new AppError('NOT_FOUND', 404, RESUME_ERRORS.noResume);
const notFound = () => new AppError('CANDIDATE_NOT_FOUND', 404, CANDIDATE_ERRORS.CANDIDATE_NOT_FOUND);

const extensionOf = (row: Pick<CandidateRow, 'resumeKey'>): DocumentKind =>
  row.resumeKey?.endsWith('.docx') ? 'docx' : 'pdf';
const defaultFilename = (row: Pick<CandidateRow, 'firstName' | 'lastName'>) => `${candidateName(row)} resume`;

/** Step 1: a signed upload target for the browser to PUT the file to. */
export async function createResumeUploadTarget(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  input: ResumeUploadUrlInput,
): Promise<UploadTarget> {
  assertCan(actor, 'records.write');
  await requireCandidateRow(deps.db, candidateId);
  return createDocumentUploadTarget(deps, slotOf(candidateId), actor.id, input);
}

/**
 * Step 2 (PATCH with `key`): checks the uploaded file (the caller's own key for this candidate, 10 MB,
 * really a PDF or DOCX; refused files are deleted), reads its text in a worker (a file without readable
 * text is still accepted, `has_text: false`) and makes it the candidate's resume: the text becomes
 * searchable and the previous file is deleted. PATCH with only `filename` renames the current resume.
 */
export async function updateResume(
  deps: Deps,
  actor: UserRow,
  candidateId: number,
  input: ResumeMetadataInput,
): Promise<Candidate> {
  assertCan(actor, 'records.write');
  const existing = await requireCandidateRow(deps.db, candidateId);
  if (input.key === undefined) return renameResume(deps, actor, existing, input.filename ?? '');

  const file = await checkUploadedDocument(deps, slotOf(candidateId), actor.id, input.key);
  const extracted = await extractDocumentText(file.kind, file.bytes, EXTRACT);
  if (!extracted.ok)
    deps.log.info({ candidateId, reason: extracted.reason, detail: extracted.detail }, 'resume text not extracted');
  const filename = sanitizeFilename(input.filename ?? defaultFilename(existing), file.kind, 'resume');
  const after = await attachDocument(deps, file, { orphaned: 'orphaned resume', old: 'old resume' }, () =>
    inTransaction(deps.db, async (tx) => {
      const now = deps.config.now();
      const saved = await setCandidateResumeRow(tx, candidateId, {
        resumeKey: file.key,
        resumeFilename: filename,
        resumeSize: file.bytes.length,
        resumeContentType: file.contentType,
        resumeUploadedAt: now,
        resumeText: extracted.ok ? extracted.text : '',
        resumeHasText: extracted.ok,
        updatedAt: now,
      });
      // The candidate was deleted meanwhile: the checked upload belongs to nobody.
      if (!saved) throw notFound();
      const verb = saved.before.resumeKey ? 'Replaced' : 'Uploaded';
      await recordActivity(tx, {
        actor,
        verb: 'updated',
        modelType: 'candidate',
        objectId: candidateId,
        summary: `${verb} the resume of candidate ${candidateName(saved.after)} (${filename})`,
      });
      return { replacedKey: saved.before.resumeKey, result: saved.after };
    }),
  );
  return toApiCandidate(after);
}

async function renameResume(deps: Deps, actor: UserRow, existing: CandidateRow, name: string): Promise<Candidate> {
  if (!existing.resumeKey) throw noResume();
  const filename = sanitizeFilename(name, extensionOf(existing), 'resume');
  if (filename === existing.resumeFilename) return toApiCandidate(existing);
  const row = await inTransaction(deps.db, async (tx) => {
    const updated = await updateCandidateColumns(tx, existing.id, {
      resumeFilename: filename,
      updatedAt: deps.config.now(),
    });
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'candidate',
      objectId: existing.id,
      summary: `Renamed the resume of candidate ${candidateName(existing)} to ${filename}`,
    });
    return updated;
  });
  return toApiCandidate(row);
}

/** A short-lived link for the caller that downloads the resume under its file name. */
export async function resumeDownloadUrl(deps: Deps, actor: UserRow, candidateId: number): Promise<string> {
  assertCan(actor, 'records.read');
  const row = await requireCandidateRow(deps.db, candidateId);
  if (!row.resumeKey) throw noResume();
  return documentDownloadUrl(deps, {
    key: row.resumeKey,
    userId: actor.id,
    filename: row.resumeFilename ?? `resume.${extensionOf(row)}`,
    contentType: row.resumeContentType,
  });
}

/** Removes the resume: the file, its details and its text (no longer searchable). */
export async function removeResume(deps: Deps, actor: UserRow, candidateId: number): Promise<Candidate> {
  assertCan(actor, 'records.write');
  const existing = await requireCandidateRow(deps.db, candidateId);
  if (!existing.resumeKey) throw noResume();
  const { before, after } = await inTransaction(deps.db, async (tx) => {
    const saved = await setCandidateResumeRow(tx, candidateId, {
      resumeKey: null,
      resumeFilename: null,
      resumeSize: null,
      resumeContentType: null,
      resumeUploadedAt: null,
      resumeText: '',
      resumeHasText: false,
      updatedAt: deps.config.now(),
    });
    if (!saved) throw notFound();
    if (!saved.before.resumeKey) throw noResume();
    await recordActivity(tx, {
      actor,
      verb: 'updated',
      modelType: 'candidate',
      objectId: candidateId,
      summary: `Removed the resume of candidate ${candidateName(saved.before)} (${saved.before.resumeFilename ?? 'resume'})`,
    });
    return saved;
  });
  await deleteStoredFile(deps, before.resumeKey, 'resume');
  return toApiCandidate(after);
}

/** A resume file already checked and stored elsewhere (an application's), to be made a candidate's resume. */
export interface StoredResume {
  key: string;
  filename: string;
  size: number;
  contentType: string;
  text: string;
  hasText: boolean;
}

/**
 * Makes an already checked file the candidate's resume inside the caller's transaction (converting an
 * application). Returns the previous file's key, for the caller to delete after commit.
 */
export async function attachCheckedResume(
  db: Db,
  candidateId: number,
  resume: StoredResume,
  now: Date,
): Promise<string | null> {
  const saved = await setCandidateResumeRow(db, candidateId, {
    resumeKey: resume.key,
    resumeFilename: resume.filename,
    resumeSize: resume.size,
    resumeContentType: resume.contentType,
    resumeUploadedAt: now,
    resumeText: resume.text,
    resumeHasText: resume.hasText,
    updatedAt: now,
  });
  if (!saved) throw notFound();
  return saved.before.resumeKey;
}
