import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, fieldsError } from '../../lib/errors';
import { candidatesTable } from '../candidates/candidates.table';
import { messageUploadsTable, type MessageUploadRow } from './message-uploads.table';
import { messageAttachmentsTable } from './messages.table';

/** One attachment, and all of a message's together: what common relays accept (Gmail, Microsoft 365: 25 MB). */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The files a message may carry, by extension; the content type is ours, not the browser's, and the first
 * bytes must match for the kinds that have a signature. No executables or scripts.
 */
const TYPES: Record<string, { type: string; magic?: (bytes: Buffer) => boolean }> = {
  pdf: { type: 'application/pdf', magic: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: isZip },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: isZip },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: isZip },
  odt: { type: 'application/vnd.oasis.opendocument.text', magic: isZip },
  zip: { type: 'application/zip', magic: isZip },
  doc: { type: 'application/msword', magic: isOle },
  xls: { type: 'application/vnd.ms-excel', magic: isOle },
  rtf: { type: 'application/rtf', magic: (b) => b.toString('latin1', 0, 5) === '{\\rtf' },
  png: { type: 'image/png', magic: (b) => b.readUInt32BE(0) === 0x89504e47 },
  jpg: { type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 },
  jpeg: { type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 },
  gif: { type: 'image/gif', magic: (b) => b.toString('latin1', 0, 4) === 'GIF8' },
  txt: { type: 'text/plain', magic: isText },
  csv: { type: 'text/csv', magic: isText },
  ics: { type: 'text/calendar', magic: isText },
};

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
}
function isOle(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0;
}
function isText(bytes: Buffer): boolean {
  return !bytes.includes(0);
}

export const ATTACHMENT_TYPE_MESSAGE = `Attach a file of one of these types: ${Object.keys(TYPES).join(', ')}.`;

/** A file name that is safe in a header and on any disk: no path, no control characters, at most 200 characters. */
export function safeFilename(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex -- the point is to remove control characters
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u2028\u2029"]/g, '').trim();
  return (cleaned || 'attachment').slice(-200);
}

/** The content type of an upload by its extension, after checking its first bytes; null when refused. */
export async function checkedType(filename: string, file: string): Promise<string | null> {
  const extension = path.extname(filename).slice(1).toLowerCase();
  const known = TYPES[extension];
  if (!known) return null;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.length === 0) return null;
    return !known.magic || known.magic(bytes) ? known.type : null;
  } finally {
    await handle.close();
  }
}

const newKey = () => `message-files/${randomToken(18)}`;

/** Stores a checked upload (streamed from its temporary file) for the user's next message. */
export async function storeUpload(
  deps: Deps,
  userId: number,
  file: { path: string; filename: string; size: number },
): Promise<MessageUploadRow> {
  try {
    const filename = safeFilename(file.filename);
    if (file.size === 0) throw fieldsError({ file: ['The file is empty.'] });
    const contentType = await checkedType(filename, file.path);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, ATTACHMENT_TYPE_MESSAGE);
    const storageKey = newKey();
    await deps.storage.writeFile(storageKey, file.path, contentType);
    const [row] = await deps.db
      .insert(messageUploadsTable)
      .values({ userId, filename, contentType, size: file.size, storageKey })
      .returning();
    return row!;
  } finally {
    await rm(file.path, { force: true });
  }
}

export interface AttachmentRequest {
  kind: 'candidate_resume' | 'upload';
  id: number;
}

/** What compose attaches: each request resolved to a stored file (the actor's own uploads only). */
export interface ResolvedAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Copied from a candidate's resume (so the message keeps it when the resume changes), or the upload's key. */
  source: { copyFrom: string } | { uploadId: number; storageKey: string };
}

export async function resolveAttachments(
  db: Db,
  actorId: number,
  requests: readonly AttachmentRequest[],
): Promise<ResolvedAttachment[]> {
  const uploadIds = [...new Set(requests.filter((item) => item.kind === 'upload').map((item) => item.id))];
  const candidateIds = [...new Set(requests.filter((item) => item.kind === 'candidate_resume').map((item) => item.id))];
  const uploads = uploadIds.length
    ? await db
        .select()
        .from(messageUploadsTable)
        .where(and(inArray(messageUploadsTable.id, uploadIds), eq(messageUploadsTable.userId, actorId)))
    : [];
  const candidates = candidateIds.length
    ? await db
        .select({
          id: candidatesTable.id,
          firstName: candidatesTable.firstName,
          lastName: candidatesTable.lastName,
          key: candidatesTable.resumeKey,
          filename: candidatesTable.resumeFilename,
          size: candidatesTable.resumeSize,
          contentType: candidatesTable.resumeContentType,
        })
        .from(candidatesTable)
        .where(inArray(candidatesTable.id, candidateIds))
    : [];
  const result: ResolvedAttachment[] = [];
  for (const id of uploadIds) {
    const upload = uploads.find((row) => row.id === id);
    if (!upload) throw fieldsError({ attachments: ['An attached file was not found: upload it again.'] });
    result.push({
      filename: upload.filename,
      contentType: upload.contentType,
      size: upload.size,
      source: { uploadId: upload.id, storageKey: upload.storageKey },
    });
  }
  for (const id of candidateIds) {
    const candidate = candidates.find((row) => row.id === id);
    if (!candidate) throw fieldsError({ attachments: [`Candidate ${id} was not found.`] });
    if (!candidate.key)
      throw fieldsError({
        attachments: [`${`${candidate.firstName} ${candidate.lastName}`.trim()} has no resume to attach.`],
      });
    result.push({
      filename: safeFilename(candidate.filename ?? 'resume'),
      contentType: candidate.contentType ?? 'application/octet-stream',
      size: candidate.size ?? 0,
      source: { copyFrom: candidate.key },
    });
  }
  const total = result.reduce((sum, item) => sum + item.size, 0);
  if (total > ATTACHMENT_MAX_BYTES)
    throw fieldsError({
      attachments: ['The attachments are larger than 25 MB together; send fewer or smaller files.'],
    });
  return result;
}

/**
 * Writes the message's attachment rows (inside the compose transaction): uploads move to the message (their
 * upload row goes), resumes are copied first (outside: `prepareCopies`).
 */
export async function attachToMessage(
  tx: Db,
  messageId: number,
  attachments: readonly ResolvedAttachment[],
  copies: ReadonlyMap<string, string>,
): Promise<void> {
  if (attachments.length === 0) return;
  const rows = attachments.map((item) => ({
    messageId,
    filename: item.filename,
    contentType: item.contentType,
    size: item.size,
    storageKey: 'copyFrom' in item.source ? copies.get(item.source.copyFrom)! : item.source.storageKey,
  }));
  await tx.insert(messageAttachmentsTable).values(rows);
  const uploadIds = attachments.flatMap((item) => ('uploadId' in item.source ? [item.source.uploadId] : []));
  if (uploadIds.length) {
    const removed = await tx
      .delete(messageUploadsTable)
      .where(inArray(messageUploadsTable.id, uploadIds))
      .returning({ id: messageUploadsTable.id });
    if (removed.length !== uploadIds.length)
      throw new AppError('UPLOAD_USED', 409, 'An attached file was already sent with another message.');
  }
}

/** Copies the candidates' resumes to keys of the message's own; returns source key -> new key. */
export async function prepareCopies(
  deps: Deps,
  attachments: readonly ResolvedAttachment[],
): Promise<Map<string, string>> {
  const copies = new Map<string, string>();
  for (const item of attachments) {
    if (!('copyFrom' in item.source) || copies.has(item.source.copyFrom)) continue;
    const key = newKey();
    await deps.storage.write(key, await deps.storage.read(item.source.copyFrom), item.contentType);
    copies.set(item.source.copyFrom, key);
  }
  return copies;
}

/** Uploads never sent with a message are deleted after a day (with their files). */
export const UPLOAD_KEEP_MS = 24 * 3600_000;
export const SWEEP_UPLOADS_JOB = 'messages.sweep-uploads';

export async function sweepMessageUploads(deps: Deps): Promise<{ removed: number }> {
  const cutoff = new Date(deps.config.now().getTime() - UPLOAD_KEEP_MS);
  const old = await deps.db
    .delete(messageUploadsTable)
    .where(lt(messageUploadsTable.createdAt, cutoff))
    .returning({ storageKey: messageUploadsTable.storageKey });
  for (const row of old) await deps.storage.delete(row.storageKey).catch(() => undefined);
  return { removed: old.length };
}
