/**
 * Document uploads shared by every domain that attaches a file to a record (job descriptions, resumes):
 * a signed upload target under a generated key that names the record and the uploading user, then a
 * confirm step that accepts only the caller's own key for that record, checks the size and the real
 * content (magic bytes), deletes whatever it refuses and stores what it accepts under a new key (the
 * link is used up: modules/files/files.service.ts). Downloads are short-lived signed links that carry
 * the file name as an attachment and are never stored by the browser (no-store).
 */
import { randomToken } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { forbidden } from '../../lib/permissions';
import { createUploadTarget, takeUpload } from './files.service';
import type { DocumentKind } from '../../lib/document-text';
import type { UploadTarget } from '../../lib/storage';

export type { DocumentKind };

export const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
} as const satisfies Record<DocumentKind, string>;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[DocumentKind];

const KIND_OF_TYPE = new Map<string, DocumentKind>(
  Object.entries(DOCUMENT_CONTENT_TYPES).map(([kind, type]) => [type, kind as DocumentKind]),
);

export function documentKindOf(contentType: string): DocumentKind {
  const kind = KIND_OF_TYPE.get(contentType);
  if (!kind) throw new Error(`not a document type: ${contentType}`);
  return kind;
}

/** How long an upload target and a download link stay valid. */
export const UPLOAD_SECONDS = 15 * 60;
export const DOWNLOAD_SECONDS = 10 * 60;

/** Whether the bytes really are the kind of file the extension says. */
export function looksLike(kind: DocumentKind, bytes: Buffer): boolean {
  if (kind === 'pdf') return bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';
  if (kind === 'docx') {
    // A ZIP (local file header) that holds the Word document part.
    return (
      bytes.length >= 4 &&
      bytes[0] === 0x50 &&
      bytes[1] === 0x4b &&
      bytes[2] === 0x03 &&
      bytes[3] === 0x04 &&
      bytes.includes('word/document.xml', 0, 'latin1')
    );
  }
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file name safe to show and to send in Content-Disposition: no paths, no control characters. */
export function sanitizeFilename(name: string, extension: string, fallback = 'document'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  const withName = cleaned || fallback;
  return withName.toLowerCase().endsWith(`.${extension}`) ? withName : `${withName}.${extension}`;
}

/** Where a domain keeps its documents: `<prefix>/<objectId>/<userId>-<random>.<kind>`. */
export interface DocumentSlot {
  /** The key's first segment, e.g. `resumes`. */
  prefix: string;
  objectId: number;
  kinds: readonly DocumentKind[];
  maxBytes: number;
  messages: { missing: string; tooLarge: string; type: string };
}

const documentKey = (slot: DocumentSlot, userId: number, kind: DocumentKind) =>
  `${slot.prefix}/${slot.objectId}/${userId}-${randomToken(18)}.${kind}`;

const ownKeyPattern = (slot: DocumentSlot, userId: number) =>
  new RegExp(`^${slot.prefix}/${slot.objectId}/${userId}-[A-Za-z0-9_-]{16,64}\\.(${slot.kinds.join('|')})$`);

/** A signed upload target for one file of `contentType` (one of the slot's kinds) and declared `size`. */
export function createDocumentUploadTarget(
  deps: Deps,
  slot: DocumentSlot,
  userId: number,
  input: { content_type: string; size: number },
): Promise<UploadTarget> {
  const kind = documentKindOf(input.content_type);
  if (!slot.kinds.includes(kind)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, slot.messages.type);
  return createUploadTarget(deps, {
    key: documentKey(slot, userId, kind),
    contentType: DOCUMENT_CONTENT_TYPES[kind],
    size: input.size,
    maxBytes: slot.maxBytes,
    userId,
    expiresInSeconds: UPLOAD_SECONDS,
  });
}

export interface CheckedDocument {
  key: string;
  kind: DocumentKind;
  contentType: DocumentContentType;
  bytes: Buffer;
}

/**
 * Reads an uploaded file and checks it: the caller's own key for this record (else 403), present (404),
 * an open upload link (410), at most `maxBytes` (413), really the kind its key says (415). A refused
 * object is deleted; an accepted one is stored under the returned new key and the upload key deleted.
 */
export async function checkUploadedDocument(
  deps: Deps,
  slot: DocumentSlot,
  userId: number,
  key: string,
): Promise<CheckedDocument> {
  if (!ownKeyPattern(slot, userId).test(key)) throw forbidden();
  const kind = key.slice(key.lastIndexOf('.') + 1) as DocumentKind;
  const finalKey = documentKey(slot, userId, kind);
  const bytes = await takeUpload(deps, {
    userId,
    key,
    maxBytes: slot.maxBytes,
    messages: slot.messages,
    check: (data) => (looksLike(kind, data) ? null : new AppError('UNSUPPORTED_MEDIA_TYPE', 415, slot.messages.type)),
    finalKey,
    contentType: DOCUMENT_CONTENT_TYPES[kind],
  });
  return { key: finalKey, kind, contentType: DOCUMENT_CONTENT_TYPES[kind], bytes };
}

/** A short-lived link for `userId` that downloads the file as an attachment named `filename`. */
export function documentDownloadUrl(
  deps: Deps,
  input: { key: string; userId: number; filename: string; contentType: string | null },
): Promise<string> {
  return deps.storage.createDownloadUrl({
    key: input.key,
    userId: input.userId,
    filename: input.filename,
    disposition: 'attachment',
    contentType: input.contentType ?? 'application/octet-stream',
    expiresInSeconds: DOWNLOAD_SECONDS,
    cache: 'no-store',
  });
}

/** Deletes a stored file; a failure is logged, never thrown (the database change has happened). */
export async function deleteStoredFile(deps: Deps, key: string | null | undefined, what: string): Promise<void> {
  if (!key) return;
  await deps.storage
    .delete(key)
    .catch((error: unknown) => deps.log.warn({ err: error, key }, `${what}: file delete failed`));
}

/**
 * Makes a checked upload a record's file: `save` writes it to the record and answers the key it replaced.
 * When the write fails, nothing refers to the upload, so it is deleted (as the `orphaned` file); after a
 * success, the replaced file is (as the `old` one).
 */
export async function attachDocument<T>(
  deps: Deps,
  file: CheckedDocument,
  what: { orphaned: string; old: string },
  save: () => Promise<{ replacedKey: string | null; result: T }>,
): Promise<T> {
  const { replacedKey, result } = await save().catch(async (error: unknown) => {
    await deleteStoredFile(deps, file.key, what.orphaned);
    throw error;
  });
  if (replacedKey !== file.key) await deleteStoredFile(deps, replacedKey, what.old);
  return result;
}
