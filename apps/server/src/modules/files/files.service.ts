/**
 * Upload bookkeeping shared by every kind of upload (pictures, resumes, job descriptions), security §16:
 * - a user holds at most MAX_OPEN_UPLOADS unconfirmed uploads; one more link is refused (429);
 * - an upload link works once: confirming claims its row, stores the checked bytes under a new key and
 *   deletes the upload key, so the same link (local or presigned S3) can never overwrite a confirmed file;
 * - unconfirmed uploads (and anything written to a used link's key) are swept UPLOAD_RETENTION_MS after
 *   the link was made.
 */
import { FILE_MESSAGES } from '@recruitdesk/contracts/common';
import { and, asc, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { CreateUploadTargetInput, UploadTarget } from '../../lib/storage';
import { usersTable } from '../users/users.table';
import { uploadsTable } from './files.table';

export const MAX_OPEN_UPLOADS = 20;
export const UPLOAD_RETENTION_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 200;

const openUploadsOf = (userId: number) => and(eq(uploadsTable.userId, userId), isNull(uploadsTable.confirmedAt));

async function countOpen(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(uploadsTable).where(openUploadsOf(userId));
  return row?.n ?? 0;
}

/**
 * Open uploads whose link has expired without a file behind it hold nothing: they stop counting at once
 * instead of blocking the user until the sweep.
 */
async function forgetEmptyExpired(deps: Deps, userId: number): Promise<void> {
  const rows = await deps.db
    .select({ id: uploadsTable.id, key: uploadsTable.key })
    .from(uploadsTable)
    .where(and(openUploadsOf(userId), lt(uploadsTable.expiresAt, deps.config.now())))
    .limit(MAX_OPEN_UPLOADS * 2);
  const empty: number[] = [];
  for (const row of rows) if (!(await deps.storage.head(row.key))) empty.push(row.id);
  if (empty.length > 0)
    await deps.db.delete(uploadsTable).where(and(inArray(uploadsTable.id, empty), isNull(uploadsTable.confirmedAt)));
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError('TOO_MANY_UPLOADS', 429, FILE_MESSAGES.tooManyUploads, {
    headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
  });

/** A signed upload target, recorded; refused (429) while the user holds MAX_OPEN_UPLOADS unconfirmed uploads. */
export async function createUploadTarget(deps: Deps, input: CreateUploadTargetInput): Promise<UploadTarget> {
  if ((await countOpen(deps.db, input.userId)) >= MAX_OPEN_UPLOADS) await forgetEmptyExpired(deps, input.userId);
  await inTransaction(deps.db, async (tx) => {
    // One user's link requests queue here, so parallel requests cannot pass the count together.
    await tx.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.id, input.userId)).for('update');
    const now = deps.config.now();
    if ((await countOpen(tx, input.userId)) >= MAX_OPEN_UPLOADS) {
      const [oldest] = await tx
        .select({ createdAt: uploadsTable.createdAt })
        .from(uploadsTable)
        .where(openUploadsOf(input.userId))
        .orderBy(asc(uploadsTable.createdAt))
        .limit(1);
      const freedAt = (oldest?.createdAt.getTime() ?? now.getTime()) + UPLOAD_RETENTION_MS;
      throw tooMany(Math.ceil((freedAt - now.getTime()) / 1000));
    }
    await tx.insert(uploadsTable).values({
      key: input.key,
      userId: input.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInSeconds * 1000),
    });
  });
  return deps.storage.createUploadTarget(input);
}

/** Whether the link for `key` may still write: made for this user, not confirmed, not swept. */
export async function isUploadOpen(deps: Deps, key: string, userId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: uploadsTable.id })
    .from(uploadsTable)
    .where(and(eq(uploadsTable.key, key), openUploadsOf(userId)))
    .limit(1);
  return Boolean(row);
}

export const uploadUsed = () => new AppError('UPLOAD_USED', 410, FILE_MESSAGES.uploadUsed);

/** The check plugins/storage-links.ts runs before writing through an upload link (wired in app.ts). */
export async function assertUploadOpen(deps: Deps, key: string, userId: number): Promise<void> {
  if (!(await isUploadOpen(deps, key, userId))) throw uploadUsed();
}

export interface TakeUploadInput {
  userId: number;
  /** The upload key; the caller has checked it is the user's own for this record. */
  key: string;
  maxBytes: number;
  messages: { missing: string; tooLarge: string };
  /** Checks the bytes (magic bytes, type); an AppError refuses the upload, whose object is deleted. */
  check: (bytes: Buffer) => AppError | null;
  /** Where the accepted bytes are stored: a new generated key, never the upload key. */
  finalKey: string;
  contentType: string;
}

/**
 * Confirms an upload: present (404), still open for this user (else 410: used, swept or never issued),
 * at most `maxBytes` (413), accepted by `check`. The link is used up as soon as it is claimed. The checked
 * bytes are written to `finalKey` and the upload key is deleted; returns the bytes.
 */
export async function takeUpload(deps: Deps, input: TakeUploadInput): Promise<Buffer> {
  const info = await deps.storage.head(input.key);
  if (!info) throw new AppError('NOT_FOUND', 404, input.messages.missing);
  const now = deps.config.now();
  const claimed = await deps.db
    .update(uploadsTable)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(uploadsTable.key, input.key),
        openUploadsOf(input.userId),
        gt(uploadsTable.createdAt, new Date(now.getTime() - UPLOAD_RETENTION_MS)),
      ),
    )
    .returning({ id: uploadsTable.id });
  if (claimed.length === 0) throw uploadUsed();
  const refuse = async (error: AppError) => {
    await deps.storage
      .delete(input.key)
      .catch((failure: unknown) =>
        deps.log.warn({ err: failure, key: input.key }, 'refused upload: file delete failed'),
      );
    return error;
  };
  if (info.size > input.maxBytes) throw await refuse(new AppError('TOO_LARGE', 413, input.messages.tooLarge));
  const bytes = await deps.storage.read(input.key);
  if (bytes.length > input.maxBytes) throw await refuse(new AppError('TOO_LARGE', 413, input.messages.tooLarge));
  const problem = input.check(bytes);
  if (problem) throw await refuse(problem);
  await deps.storage.write(input.finalKey, bytes, input.contentType);
  await deps.storage
    .delete(input.key)
    .catch((failure: unknown) => deps.log.warn({ err: failure, key: input.key }, 'used upload: file delete failed'));
  return bytes;
}

/**
 * Deletes uploads made more than UPLOAD_RETENTION_MS ago: the rows and whatever their keys hold
 * (unconfirmed files; for confirmed ones, anything written through the link after it was used).
 * Confirmed files live under other keys and are never touched. Returns how many rows went.
 */
export async function sweepUploads(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.config.now().getTime() - UPLOAD_RETENTION_MS);
  let removed = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: uploadsTable.id, key: uploadsTable.key })
      .from(uploadsTable)
      .where(lt(uploadsTable.createdAt, cutoff))
      .orderBy(asc(uploadsTable.id))
      .limit(SWEEP_BATCH);
    if (rows.length === 0) return removed;
    for (const row of rows)
      await deps.storage
        .delete(row.key)
        .catch((error: unknown) => deps.log.warn({ err: error, key: row.key }, 'upload sweep: file delete failed'));
    await deps.db.delete(uploadsTable).where(
      inArray(
        uploadsTable.id,
        rows.map((row) => row.id),
      ),
    );
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

/** Runs the sweep every UPLOAD_SWEEP_INTERVAL_MS (first one a minute after start); returns the stop. */
export function startUploadSweeper(deps: Deps): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    sweepUploads(deps)
      .then((removed) => {
        if (removed > 0) deps.log.info({ removed }, 'upload sweep: removed stale uploads');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'upload sweep failed'))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, UPLOAD_SWEEP_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
